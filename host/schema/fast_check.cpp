#include "schema/fast_check.hpp"

#include "schema/json_pointer.hpp"

#include <boost/json.hpp>

#include <algorithm>

namespace toolhost::schema {

namespace json = boost::json;

namespace {

// Keywords that only annotate: they never change a verdict.
bool is_annotation(std::string_view key) {
  return key == "title" || key == "description" || key == "default" || key == "examples" ||
         key == "$schema" || key == "$comment" || key == "$id";
}

std::optional<uint64_t> length_limit(const json::value& v) {
  if (v.is_int64() && v.get_int64() >= 0) return static_cast<uint64_t>(v.get_int64());
  if (v.is_uint64()) return v.get_uint64();
  return std::nullopt;  // a fractional or negative limit: leave it to valijson
}

void prepend_segment(FastCheck::Failure* failure, std::string_view name) {
  std::string segment = "/";
  append_pointer_token(segment, name);
  failure->pointer = segment + (failure->pointer == "/" ? "" : failure->pointer);
}

FastCheck::Verdict fail(FastCheck::Failure* failure, const char* keyword, std::string message) {
  if (failure) *failure = {"/", keyword, std::move(message)};
  return FastCheck::Verdict::invalid;
}

}  // namespace

uint64_t FastCheck::code_points(std::string_view utf8) {
  // Boost.JSON strings are valid UTF-8, so every byte that is not a
  // continuation byte (10xxxxxx) starts one code point.
  uint64_t n = 0;
  for (unsigned char c : utf8) n += (c & 0xC0) != 0x80;
  return n;
}

bool FastCheck::compile_node(const json::value& schema, Node& out) {
  const auto* o = schema.if_object();
  if (!o) return false;  // boolean schemas and the like: valijson's
  for (const auto& [key, value] : *o) {
    if (is_annotation(key)) continue;
    if (key == "type") {
      auto add = [&out](const json::value& t) {
        const auto* name = t.if_string();
        if (!name) return false;
        if (*name == "string")
          out.types |= kString;
        else if (*name == "integer")
          out.types |= kInteger;
        else if (*name == "number")
          out.types |= kNumber;
        else if (*name == "boolean")
          out.types |= kBoolean;
        else if (*name == "null")
          out.types |= kNull;
        else if (*name == "object")
          out.types |= kObject;
        else if (*name == "array")
          out.types |= kArray;
        else
          return false;
        return true;
      };
      if (const auto* list = value.if_array()) {
        if (list->empty()) return false;
        for (const auto& t : *list)
          if (!add(t)) return false;
      } else if (!add(value)) {
        return false;
      }
    } else if (key == "minLength" || key == "maxLength") {
      auto limit = length_limit(value);
      if (!limit) return false;
      (key == "minLength" ? out.min_length : out.max_length) = limit;
    } else if (key == "properties") {
      const auto* props = value.if_object();
      if (!props) return false;
      for (const auto& [name, sub] : *props) {
        Node child;
        if (!compile_node(sub, child)) return false;
        out.properties.emplace_back(std::string(name), std::move(child));
      }
    } else if (key == "required") {
      const auto* names = value.if_array();
      if (!names) return false;
      for (const auto& n : *names) {
        if (!n.is_string()) return false;
        out.required.emplace_back(n.get_string());
      }
    } else if (key == "additionalProperties") {
      if (!value.is_bool()) return false;  // a schema here: valijson's
      out.additional_properties = value.get_bool();
    } else {
      return false;  // outside the subset
    }
  }
  return true;
}

std::optional<FastCheck> FastCheck::compile(const json::value& schema) {
  FastCheck check;
  if (!compile_node(schema, check.root_)) return std::nullopt;
  return check;
}

FastCheck::Verdict FastCheck::check(const json::value& instance, Failure* failure) const {
  return check_node(root_, instance, failure);
}

FastCheck::Verdict FastCheck::check_node(const Node& node, const json::value& instance,
                                         Failure* failure) {
  if (node.types != 0) {
    // valijson reads types strictly: "integer" is an int64; a 1.0 or an
    // integer above INT64_MAX is left to it.
    bool matched = false;
    bool doubtful = false;
    switch (instance.kind()) {
      case json::kind::string:
        matched = node.types & kString;
        break;
      case json::kind::bool_:
        matched = node.types & kBoolean;
        break;
      case json::kind::null:
        matched = node.types & kNull;
        break;
      case json::kind::object:
        matched = node.types & kObject;
        break;
      case json::kind::array:
        matched = node.types & kArray;
        break;
      case json::kind::int64:
        matched = node.types & (kInteger | kNumber);
        break;
      case json::kind::double_:
        matched = node.types & kNumber;
        doubtful = node.types & kInteger;
        break;
      case json::kind::uint64:  // above INT64_MAX: valijson's adapter has its own view
        doubtful = node.types & (kInteger | kNumber);
        break;
    }
    if (!matched) {
      if (doubtful) return Verdict::unsure;
      return fail(failure, "type", "Value type not permitted by 'type' constraint.");
    }
  }

  if (const auto* s = instance.if_string()) {
    if (node.min_length || node.max_length) {
      const uint64_t length = code_points(*s);
      if (node.max_length && length > *node.max_length)
        return fail(failure, "maxLength",
                    "String should be no more than " + std::to_string(*node.max_length) +
                        " characters in length.");
      if (node.min_length && length < *node.min_length)
        return fail(failure, "minLength",
                    "String should be no fewer than " + std::to_string(*node.min_length) +
                        " characters in length.");
    }
    return Verdict::valid;
  }

  const auto* object = instance.if_object();
  if (!object) return Verdict::valid;
  for (const auto& name : node.required) {
    if (!object->contains(name))
      return fail(failure, "required", "Missing required property '" + name + "'.");
  }
  Verdict verdict = Verdict::valid;
  for (const auto& [name, child] : node.properties) {
    const auto* member = object->if_contains(name);
    if (!member) continue;
    const Verdict v = check_node(child, *member, failure);
    if (v == Verdict::invalid) {
      if (failure) prepend_segment(failure, name);
      return v;
    }
    if (v == Verdict::unsure) verdict = Verdict::unsure;
  }
  if (!node.additional_properties) {
    for (const auto& member : *object) {
      const bool declared = std::any_of(node.properties.begin(), node.properties.end(),
                                        [&](const auto& p) { return p.first == member.key(); });
      if (!declared) {
        const Verdict v = fail(failure, "additionalProperties",
                               "Object contains a property that could not be validated "
                               "using 'properties' or 'additionalProperties' constraints: '" +
                                   std::string(member.key()) + "'.");
        if (failure) prepend_segment(failure, member.key());
        return v;
      }
    }
  }
  return verdict;
}

}  // namespace toolhost::schema
