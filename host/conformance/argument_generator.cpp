#include "conformance/argument_generator.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

namespace toolhost::conformance {

namespace json = boost::json;

namespace {

std::string type_of(const json::object& s) {
  if (const auto* t = s.if_contains("type")) {
    if (t->is_string()) return std::string(t->as_string());
    if (t->is_array() && !t->as_array().empty() && t->as_array()[0].is_string())
      return std::string(t->as_array()[0].as_string());
  }
  if (s.contains("properties")) return "object";
  if (s.contains("items")) return "array";
  return "";
}

double number_field(const json::object& s, const char* key, double fallback) {
  const auto* v = s.if_contains(key);
  if (!v) return fallback;
  if (v->is_int64()) return static_cast<double>(v->as_int64());
  if (v->is_uint64()) return static_cast<double>(v->as_uint64());
  if (v->is_double()) return v->as_double();
  return fallback;
}

const json::object* properties_of(const json::object& s) {
  const auto* p = s.if_contains("properties");
  return p ? p->if_object() : nullptr;
}

}  // namespace

ArgumentGenerator::ArgumentGenerator(const json::object& input_schema, uint64_t seed)
    : schema_(input_schema), rng_(seed) {}

std::string ArgumentGenerator::random_string(size_t min_len, size_t max_len) {
  static constexpr std::string_view kAlphabet = "abcdefghijklmnopqrstuvwxyz0123456789 _-.";
  size_t len = std::uniform_int_distribution<size_t>(min_len, std::max(min_len, max_len))(rng_);
  std::string out;
  for (size_t i = 0; i < len; ++i)
    out.push_back(kAlphabet[std::uniform_int_distribution<size_t>(0, kAlphabet.size() - 1)(rng_)]);
  return out;
}

json::value ArgumentGenerator::value_for(const json::object& s, int depth) {
  if (const auto* c = s.if_contains("const")) return *c;
  // A schema's own examples are the best valid values there are (an
  // expression language cannot be guessed from "type": "string").
  if (const auto* ex = s.if_contains("examples");
      ex && ex->is_array() && !ex->as_array().empty() && std::bernoulli_distribution(0.8)(rng_)) {
    const auto& options = ex->as_array();
    return options[std::uniform_int_distribution<size_t>(0, options.size() - 1)(rng_)];
  }
  if (const auto* e = s.if_contains("enum"); e && e->is_array() && !e->as_array().empty()) {
    const auto& options = e->as_array();
    return options[std::uniform_int_distribution<size_t>(0, options.size() - 1)(rng_)];
  }
  for (const char* key : {"anyOf", "oneOf"}) {
    if (const auto* a = s.if_contains(key); a && a->is_array() && !a->as_array().empty()) {
      const auto& branches = a->as_array();
      const auto& pick =
          branches[std::uniform_int_distribution<size_t>(0, branches.size() - 1)(rng_)];
      if (pick.is_object()) return value_for(pick.as_object(), depth);
    }
  }
  auto type = type_of(s);
  if (type == "object") {
    json::object out;
    const auto* props = properties_of(s);
    std::vector<std::string> required;
    if (const auto* r = s.if_contains("required"); r && r->is_array())
      for (const auto& x : r->as_array())
        if (x.is_string()) required.emplace_back(x.as_string());
    if (props) {
      for (const auto& [key, sub] : *props) {
        bool must = std::find(required.begin(), required.end(), key) != required.end();
        if (!sub.is_object() || depth > 6) continue;
        if (must || std::bernoulli_distribution(0.5)(rng_))
          out[key] = value_for(sub.as_object(), depth + 1);
      }
    }
    return out;
  }
  if (type == "array") {
    json::array out;
    auto min_items = static_cast<size_t>(number_field(s, "minItems", 0));
    auto max_items =
        static_cast<size_t>(std::min(number_field(s, "maxItems", min_items + 3), min_items + 3.0));
    size_t n =
        std::uniform_int_distribution<size_t>(min_items, std::max(min_items, max_items))(rng_);
    const auto* items = s.if_contains("items");
    for (size_t i = 0; i < n && items && items->is_object() && depth <= 6; ++i)
      out.push_back(value_for(items->as_object(), depth + 1));
    return out;
  }
  if (type == "string") {
    auto min_len = static_cast<size_t>(number_field(s, "minLength", 0));
    auto max_len = static_cast<size_t>(std::min(number_field(s, "maxLength", 24), min_len + 24.0));
    return json::value(random_string(min_len, max_len));
  }
  if (type == "integer" || type == "number") {
    double lo = number_field(s, "minimum", -1000), hi = number_field(s, "maximum", 1000);
    if (s.contains("exclusiveMinimum")) lo = number_field(s, "exclusiveMinimum", lo) + 1;
    if (s.contains("exclusiveMaximum")) hi = number_field(s, "exclusiveMaximum", hi) - 1;
    if (hi < lo) hi = lo;
    // Keep generated integers in a range every tool can take without overflow tricks.
    lo = std::max(lo, -1e9);
    hi = std::min(hi, 1e9);
    if (type == "integer")
      return json::value(std::uniform_int_distribution<int64_t>(
          static_cast<int64_t>(std::ceil(lo)), static_cast<int64_t>(std::floor(hi)))(rng_));
    return json::value(std::uniform_real_distribution<double>(lo, hi)(rng_));
  }
  if (type == "boolean") return json::value(std::bernoulli_distribution(0.5)(rng_));
  if (type == "null") return nullptr;
  return json::value(random_string(0, 8));
}

json::value ArgumentGenerator::valid() {
  return value_for(schema_, 0);
}

std::vector<json::value> ArgumentGenerator::invalid() {
  std::vector<json::value> out;
  out.emplace_back(json::array{1, 2, 3});  // not an object
  out.emplace_back("a string");
  json::object base = valid().as_object();
  json::object unknown = base;
  unknown["__conformance_unknown_property__"] = 1;  // every object is closed
  out.emplace_back(std::move(unknown));
  if (const auto* props = properties_of(schema_)) {
    for (const auto& [key, sub] : *props) {
      if (!sub.is_object()) continue;
      auto type = type_of(sub.as_object());
      json::object wrong = base;
      // A value of a type the property does not accept.
      if (type == "string")
        wrong[key] = json::object{{"not", "a string"}};
      else if (type == "integer" || type == "number")
        wrong[key] = "not a number";
      else if (type == "boolean")
        wrong[key] = "not a boolean";
      else if (type == "array")
        wrong[key] = 42;
      else if (type == "object")
        wrong[key] = json::array{};
      else
        continue;
      out.emplace_back(std::move(wrong));
      const auto& so = sub.as_object();
      if ((type == "integer" || type == "number") && so.contains("maximum")) {
        json::object over = base;
        over[key] = number_field(so, "maximum", 0) + 1;
        out.emplace_back(std::move(over));
      }
      if (type == "string" && so.contains("maxLength")) {
        json::object longer = base;
        longer[key] = json::string(static_cast<size_t>(number_field(so, "maxLength", 0)) + 1, 'x');
        out.emplace_back(std::move(longer));
      }
    }
  }
  if (const auto* r = schema_.if_contains("required"); r && r->is_array()) {
    for (const auto& name : r->as_array()) {
      if (!name.is_string()) continue;
      json::object missing = base;
      missing.erase(name.as_string());
      out.emplace_back(std::move(missing));
    }
  }
  return out;
}

json::value ArgumentGenerator::edge_value() {
  switch (std::uniform_int_distribution<int>(0, 11)(rng_)) {
    case 0:
      return "";
    case 1:
      return json::string(100000, 'a');
    case 2:
      return "\xF0\x9F\x98\x80 \xE2\x80\xAE reversed \xC3\xA9";
    case 3:
      return json::string(std::string_view("nul\0inside", 10));
    case 4:
      return std::numeric_limits<int64_t>::max();
    case 5:
      return std::numeric_limits<int64_t>::min();
    case 6:
      return 0;
    case 7:
      return -1;
    case 8:
      return 1e308;
    case 9:
      return "../../../../etc/passwd";
    case 10:
      return json::array{json::array{json::array{}}};
    default:
      return nullptr;
  }
}

json::value ArgumentGenerator::mutated() {
  json::value v = valid();
  auto* o = v.if_object();
  if (!o) return v;
  if (o->empty() || std::bernoulli_distribution(0.2)(rng_)) {
    if (const auto* props = properties_of(schema_); props && !props->empty()) {
      auto it = props->begin();
      std::advance(it, std::uniform_int_distribution<size_t>(0, props->size() - 1)(rng_));
      (*o)[it->key()] = edge_value();
    }
    return v;
  }
  auto it = o->begin();
  std::advance(it, std::uniform_int_distribution<size_t>(0, o->size() - 1)(rng_));
  it->value() = edge_value();
  return v;
}

}  // namespace toolhost::conformance
