#include "registry/tool_spec.hpp"

namespace toolhost::registry {

namespace json = boost::json;

int trust_rank(std::string_view label) {
  if (label == "USER") return 4;
  if (label == "INTERNAL_TOOL") return 3;
  if (label == "MEMORY") return 2;
  if (label == "EXTERNAL_UNTRUSTED") return 1;
  return 0;
}

std::string_view trust_label(int rank) {
  switch (rank) {
    case 4: return "USER";
    case 3: return "INTERNAL_TOOL";
    case 2: return "MEMORY";
    default: return "EXTERNAL_UNTRUSTED";
  }
}

json::object ToolSpec::to_json() const {
  json::object o;
  o["name"] = name;
  o["version"] = version;
  o["title"] = title;
  o["description"] = description;
  o["kind"] = kind;
  o["source"] = source;
  o["target_kind"] = target_kind;
  o["server_id"] = server_id ? json::value(*server_id) : json::value(nullptr);
  o["deprecated"] = deprecated;
  o["side_effect"] = side_effect;
  o["risk"] = risk;
  o["idempotency"] = idempotency;
  o["output_trust"] = output_trust;
  json::array scopes;
  for (const auto& s : required_scopes) scopes.emplace_back(s);
  o["required_scopes"] = std::move(scopes);
  o["timeout_s"] = timeout_s;
  o["max_output_bytes"] = max_output_bytes;
  o["allow_parallel"] = allow_parallel;
  json::array codes;
  for (const auto& c : reason_codes) codes.emplace_back(c);
  o["reason_codes"] = std::move(codes);
  if (!requires_credentials.empty()) {
    json::array refs;
    for (const auto& r : requires_credentials) refs.emplace_back(r);
    o["requires_credentials"] = std::move(refs);
  }
  o["input_schema"] = input_schema;
  o["output_schema"] = output_schema;
  return o;
}

}  // namespace toolhost::registry
