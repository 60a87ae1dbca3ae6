#include "schema/schema_rules.hpp"

#include "schema/json_pointer.hpp"

#include <boost/json.hpp>
#include <string_view>

namespace toolhost::schema {

namespace json = boost::json;

namespace {

// Visits every subschema position (not data positions such as "default",
// "enum" or "const"), calling `fn(schema_object, pointer)`.
template <typename Fn>
std::optional<std::string> walk(const json::value& v, const std::string& ptr, Fn&& fn) {
  const auto* o = v.if_object();
  if (!o) return std::nullopt;
  if (auto err = fn(*o, ptr)) return err;
  static constexpr std::string_view kMapKeywords[] = {"properties", "patternProperties",
                                                      "definitions", "$defs", "dependentSchemas"};
  static constexpr std::string_view kSchemaKeywords[] = {"items",
                                                         "additionalItems",
                                                         "additionalProperties",
                                                         "not",
                                                         "if",
                                                         "then",
                                                         "else",
                                                         "contains",
                                                         "propertyNames",
                                                         "unevaluatedItems",
                                                         "unevaluatedProperties"};
  static constexpr std::string_view kArrayKeywords[] = {"allOf", "anyOf", "oneOf", "prefixItems",
                                                        "items"};
  for (auto key : kMapKeywords) {
    if (const auto* m = o->if_contains(key); m && m->is_object()) {
      for (const auto& [name, sub] : m->as_object()) {
        if (auto err =
                walk(sub, ptr + "/" + std::string(key) + "/" + escape_pointer_token(name), fn))
          return err;
      }
    }
  }
  for (auto key : kSchemaKeywords) {
    if (const auto* s = o->if_contains(key); s && s->is_object()) {
      if (auto err = walk(*s, ptr + "/" + std::string(key), fn)) return err;
    }
  }
  for (auto key : kArrayKeywords) {
    if (const auto* a = o->if_contains(key); a && a->is_array()) {
      size_t i = 0;
      for (const auto& sub : a->as_array()) {
        if (auto err = walk(sub, ptr + "/" + std::string(key) + "/" + std::to_string(i++), fn))
          return err;
      }
    }
  }
  if (const auto* deps = o->if_contains("dependencies"); deps && deps->is_object()) {
    for (const auto& [name, sub] : deps->as_object()) {
      if (sub.is_object()) {
        if (auto err = walk(sub, ptr + "/dependencies/" + escape_pointer_token(name), fn))
          return err;
      }
    }
  }
  return std::nullopt;
}

bool declares_object(const json::object& o) {
  if (const auto* t = o.if_contains("type")) {
    if (t->is_string() && t->as_string() == "object") return true;
    if (t->is_array()) {
      for (const auto& x : t->as_array())
        if (x.is_string() && x.as_string() == "object") return true;
    }
  }
  return o.contains("properties") || o.contains("patternProperties") || o.contains("required");
}

}  // namespace

std::optional<std::string> find_remote_ref(const json::value& schema) {
  return walk(schema, "",
              [](const json::object& o, const std::string& ptr) -> std::optional<std::string> {
                if (const auto* ref = o.if_contains("$ref")) {
                  if (!ref->is_string()) return "non-string $ref at " + (ptr.empty() ? "/" : ptr);
                  std::string_view r = ref->as_string();
                  if (r.empty() || r.front() != '#')
                    return "remote $ref \"" + std::string(r) + "\" at " + (ptr.empty() ? "/" : ptr);
                }
                if (const auto* id = o.if_contains("$id"); id && id->is_string()) {
                  std::string_view r = id->as_string();
                  if (!r.empty() && r.front() != '#')
                    return "remote $id \"" + std::string(r) + "\" at " + (ptr.empty() ? "/" : ptr);
                }
                return std::nullopt;
              });
}

std::optional<std::string> find_open_object(const json::value& schema) {
  return walk(schema, "",
              [](const json::object& o, const std::string& ptr) -> std::optional<std::string> {
                if (!declares_object(o)) return std::nullopt;
                const auto* ap = o.if_contains("additionalProperties");
                if (!ap || !ap->is_bool() || ap->as_bool())
                  return "object schema at " + (ptr.empty() ? std::string("/") : ptr) +
                         " does not set additionalProperties: false";
                return std::nullopt;
              });
}

std::optional<std::string> check_dialect(const json::value& schema) {
  const auto* o = schema.if_object();
  if (!o) return "schema is not a JSON object";
  const auto* d = o->if_contains("$schema");
  if (!d) return std::nullopt;
  if (!d->is_string()) return "$schema is not a string";
  std::string_view s = d->as_string();
  if (s == "http://json-schema.org/draft-07/schema#" ||
      s == "http://json-schema.org/draft-07/schema" ||
      s == "http://json-schema.org/draft-04/schema#" ||
      s == "http://json-schema.org/draft-04/schema")
    return std::nullopt;
  return "unsupported JSON Schema dialect \"" + std::string(s) +
         "\" (draft-04 and draft-07 are supported)";
}

}  // namespace toolhost::schema
