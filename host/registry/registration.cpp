#include "registry/registration.hpp"

#include <algorithm>
#include <map>
#include <optional>

#include "schema/compiled_schema.hpp"
#include "schema/schema_rules.hpp"

namespace toolhost::registry {

namespace json = boost::json;

const char* step_name(int step) {
  switch (step) {
    case 1: return "name grammar";
    case 2: return "reserved domains";
    case 3: return "domain membership";
    case 4: return "uniqueness";
    case 5: return "schema validity";
    case 6: return "field completeness";
    case 7: return "forced trust";
  }
  return "unknown";
}

std::string Refusal::line() const {
  return origin + ": " + tool + ": registration step " + std::to_string(step) + " (" + step_name +
         "): " + reason;
}

bool is_valid_tool_name(std::string_view name) {
  if (name.empty() || name.size() > kMaxNameLength) return false;
  bool segment_start = true;
  int dots = 0;
  for (char c : name) {
    if (segment_start) {
      if (c < 'a' || c > 'z') return false;
      segment_start = false;
    } else if (c == '.') {
      ++dots;
      segment_start = true;
    } else if (!((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_')) {
      return false;
    }
  }
  return dots >= 1 && !segment_start;
}

namespace {

using Check = std::optional<std::string>;

template <size_t N>
bool member(std::string_view v, const std::string_view (&set)[N]) {
  return std::find(std::begin(set), std::end(set), v) != std::end(set);
}

template <size_t N>
std::string join(const std::string_view (&set)[N]) {
  std::string out;
  for (auto s : set) out += (out.empty() ? "" : ", ") + std::string(s);
  return out;
}

std::string string_field(const json::object& o, std::string_view key) {
  const auto* v = o.if_contains(key);
  return (v && v->is_string()) ? std::string(v->as_string()) : std::string();
}

std::string domain_of(std::string_view name) { return std::string(name.substr(0, name.find('.'))); }

// Working state of one candidate across the steps.
struct Entry {
  const Candidate* candidate;
  const json::object* spec = nullptr;
  std::string name, version, source;
  bool refused = false;
  ToolSpec built;
};

Check step1_name(Entry& e) {
  const auto* n = e.spec->if_contains("name");
  if (!n) return std::string("missing name");
  if (!n->is_string()) return std::string("name is not a string");
  std::string_view name = n->as_string();
  if (name.size() > kMaxNameLength)
    return "name is " + std::to_string(name.size()) + " characters; at most 96 are allowed";
  if (!is_valid_tool_name(name))
    return "name \"" + std::string(name) +
           "\" does not match domain.tool ([a-z][a-z0-9_]* segments separated by dots)";
  return std::nullopt;
}

Check step2_reserved(Entry& e, const RegistrationTables& t) {
  auto domain = domain_of(e.name);
  if (!t.partition.is_reserved(domain)) return std::nullopt;
  if ((e.source == "MCP" && domain == "mcp") || (e.source == "DEVICE" && domain == "device"))
    return std::nullopt;
  return "domain \"" + domain + "\" is reserved for " + (domain == "mcp" ? "MCP servers" : "devices") +
         "; a " + (e.source.empty() ? std::string("BUILTIN") : e.source) +
         " tool may not register in it";
}

Check step3_membership(Entry& e, const RegistrationTables& t) {
  auto domain = domain_of(e.name);
  if (e.source == "PLUGIN") {
    if (t.partition.is_plugin(domain)) return std::nullopt;
    return "domain \"" + domain +
           "\" is not in the partition table's plugin rows (the operator opens a domain for "
           "third-party plugins in the config file)";
  }
  if (e.source == "MCP" || e.source == "DEVICE") return std::nullopt;
  if (t.partition.is_builtin(domain)) return std::nullopt;
  return "domain \"" + domain + "\" is not in the partition table's builtin rows";
}

Check step5_schemas(Entry& e) {
  for (const char* key : {"input_schema", "output_schema"}) {
    const auto* s = e.spec->if_contains(key);
    if (!s) return std::string("missing ") + key;
    if (!s->is_object()) return std::string(key) + " is not a JSON object";
    if (auto err = schema::check_dialect(*s)) return std::string(key) + ": " + *err;
    if (auto err = schema::find_remote_ref(*s)) return std::string(key) + ": " + *err;
    std::string error;
    auto compiled = schema::CompiledSchema::compile(*s, &error);
    if (!compiled) return std::string(key) + ": " + error;
    if (auto err = schema::find_open_object(*s)) return std::string(key) + ": " + *err;
    if (std::string_view(key) == "input_schema") {
      const auto* type = s->as_object().if_contains("type");
      if (!type || !type->is_string() || type->as_string() != "object")
        return std::string("input_schema must be of type \"object\"");
      e.built.input_schema = s->as_object();
      e.built.compiled_input = compiled;
    } else {
      e.built.output_schema = s->as_object();
      e.built.compiled_output = compiled;
    }
  }
  return std::nullopt;
}

Check step6_fields(Entry& e, const RegistrationTables& t) {
  const auto& o = *e.spec;
  for (const auto& [key, value] : o) {
    if (!member(key, kRequiredFields) && !member(key, kOptionalFields))
      return "unknown field \"" + std::string(key) + "\"";
  }
  for (auto key : kRequiredFields)
    if (!o.contains(key)) return "missing field \"" + std::string(key) + "\"";

  auto& b = e.built;
  auto need_string = [&](std::string_view key, std::string& out) -> Check {
    const auto& v = o.at(key);
    if (!v.is_string()) return "\"" + std::string(key) + "\" is not a string";
    out = std::string(v.as_string());
    return std::nullopt;
  };
  auto need_enum = [&]<size_t N>(std::string_view key, std::string& out,
                                 const std::string_view(&set)[N]) -> Check {
    if (auto err = need_string(key, out)) return err;
    if (!member(out, set))
      return "\"" + std::string(key) + "\" is \"" + out + "\", not one of " + join(set);
    return std::nullopt;
  };
  auto need_bool = [&](std::string_view key, bool& out) -> Check {
    const auto& v = o.at(key);
    if (!v.is_bool()) return "\"" + std::string(key) + "\" is not a boolean";
    out = v.as_bool();
    return std::nullopt;
  };
  auto need_strings = [&](std::string_view key, std::vector<std::string>& out) -> Check {
    const auto& v = o.at(key);
    if (!v.is_array()) return "\"" + std::string(key) + "\" is not an array";
    for (const auto& x : v.as_array()) {
      if (!x.is_string()) return "\"" + std::string(key) + "\" holds a non-string";
      out.emplace_back(x.as_string());
    }
    return std::nullopt;
  };

  b.name = e.name;
  if (auto err = need_string("version", b.version)) return err;
  auto sv = SemVer::parse(b.version);
  if (!sv) return "version \"" + b.version + "\" is not a semantic version (MAJOR.MINOR.PATCH)";
  b.semver = *sv;
  if (o.contains("title")) {
    if (auto err = need_string("title", b.title)) return err;
  }
  if (auto err = need_string("description", b.description)) return err;
  if (b.description.empty()) return std::string("\"description\" is empty");
  if (auto err = need_enum("kind", b.kind, kKinds)) return err;
  if (auto err = need_enum("source", b.source, kSources)) return err;
  if (auto err = need_enum("target_kind", b.target_kind, kTargetKinds)) return err;
  const auto& sid = o.at("server_id");
  if (sid.is_string()) {
    b.server_id = std::string(sid.as_string());
  } else if (!sid.is_null()) {
    return std::string("\"server_id\" is neither null nor a string");
  }
  if ((b.source == "MCP") != b.server_id.has_value())
    return std::string("\"server_id\" is set exactly when source is MCP");
  if (auto err = need_bool("deprecated", b.deprecated)) return err;
  if (auto err = need_enum("side_effect", b.side_effect, kSideEffects)) return err;
  if (auto err = need_enum("risk", b.risk, kRisks)) return err;
  if (auto err = need_enum("idempotency", b.idempotency, kIdempotencies)) return err;
  if (auto err = need_enum("output_trust", b.output_trust, kTrustLabels)) return err;
  if (auto err = need_strings("required_scopes", b.required_scopes)) return err;
  const auto& timeout = o.at("timeout_s");
  if (!timeout.is_int64() && !timeout.is_uint64())
    return std::string("\"timeout_s\" is not an integer");
  b.timeout_s = timeout.is_int64() ? timeout.as_int64() : static_cast<int64_t>(timeout.as_uint64());
  if (b.timeout_s <= 0 || b.timeout_s > kMaxTimeoutSeconds)
    return "\"timeout_s\" must be between 1 and " + std::to_string(kMaxTimeoutSeconds);
  const auto& maxout = o.at("max_output_bytes");
  if (!maxout.is_int64() && !maxout.is_uint64())
    return std::string("\"max_output_bytes\" is not an integer");
  if (maxout.is_int64() && maxout.as_int64() <= 0)
    return std::string("\"max_output_bytes\" must be positive");
  b.max_output_bytes = maxout.is_int64() ? static_cast<uint64_t>(maxout.as_int64()) : maxout.as_uint64();
  if (b.max_output_bytes >= kGlobalOutputCeiling)
    return "\"max_output_bytes\" " + std::to_string(b.max_output_bytes) +
           " is not under the global ceiling of " + std::to_string(kGlobalOutputCeiling);
  if (auto err = need_bool("allow_parallel", b.allow_parallel)) return err;
  if (auto err = need_strings("reason_codes", b.reason_codes)) return err;
  for (const auto& code : b.reason_codes) {
    if (tables::kind_of_reason_code(code).empty())
      return "reason code \"" + code + "\" is not of the form tool.<kind>.<reason>";
    if (!t.messages.contains(code))
      return "reason code \"" + code + "\" has no entry in the outcome message table";
  }
  if (o.contains("requires_credentials")) {
    if (auto err = need_strings("requires_credentials", b.requires_credentials)) return err;
    for (const auto& ref : b.requires_credentials)
      if (ref.empty()) return std::string("\"requires_credentials\" holds an empty reference");
  }
  b.origin = e.candidate->origin;
  return std::nullopt;
}

Check step7_trust(Entry& e) {
  const auto& b = e.built;
  bool forced = b.source == "MCP" || b.source == "DEVICE" || b.target_kind == "sandbox" ||
                b.target_kind == "device";
  if (forced && b.output_trust != "EXTERNAL_UNTRUSTED")
    return "output_trust " + b.output_trust + " is above EXTERNAL_UNTRUSTED for source " + b.source +
           " / target_kind " + b.target_kind;
  return std::nullopt;
}

}  // namespace

RegistrationOutcome register_tools(const std::vector<Candidate>& candidates,
                                   const RegistrationTables& tables) {
  std::vector<Entry> entries;
  entries.reserve(candidates.size());
  RegistrationOutcome out;
  for (size_t i = 0; i < candidates.size(); ++i) {
    Entry e;
    e.candidate = &candidates[i];
    e.spec = candidates[i].spec.if_object();
    if (e.spec) {
      e.name = string_field(*e.spec, "name");
      e.version = string_field(*e.spec, "version");
      e.source = string_field(*e.spec, "source");
    }
    entries.push_back(std::move(e));
  }
  auto refuse = [&](Entry& e, int step, std::string reason) {
    e.refused = true;
    std::string tool = (e.name.empty() ? std::string("<unnamed>") : e.name) + "@" +
                       (e.version.empty() ? std::string("?") : e.version);
    out.refusals.push_back(Refusal{e.candidate->origin, tool, step, step_name(step), std::move(reason)});
  };

  for (auto& e : entries) {
    if (!e.spec) {
      refuse(e, 1, "tool spec is not a JSON object");
      continue;
    }
    if (auto err = step1_name(e)) refuse(e, 1, *err);
  }
  for (auto& e : entries)
    if (!e.refused)
      if (auto err = step2_reserved(e, tables)) refuse(e, 2, *err);
  for (auto& e : entries)
    if (!e.refused)
      if (auto err = step3_membership(e, tables)) refuse(e, 3, *err);
  {
    std::map<std::pair<std::string, std::string>, const Entry*> seen;
    std::map<std::string, const Entry*> first_by_name;
    for (auto& e : entries) {
      if (e.refused) continue;
      // Names are unique across sources: a third-party tool never shadows a builtin.
      auto [by_name, fresh] = first_by_name.emplace(e.name, &e);
      if (!fresh && by_name->second->source != e.source) {
        refuse(e, 4, "name is already registered by " + by_name->second->candidate->origin +
                         " (source " + by_name->second->source + "); names are unique across sources");
        continue;
      }
      // Versions that differ only in build metadata are the same version.
      std::string key_version = e.version.substr(0, e.version.find('+'));
      auto [it, inserted] = seen.emplace(std::make_pair(e.name, key_version), &e);
      if (!inserted)
        refuse(e, 4, "(name, version) is already registered by " + it->second->candidate->origin);
    }
  }
  for (auto& e : entries)
    if (!e.refused)
      if (auto err = step5_schemas(e)) refuse(e, 5, *err);
  for (auto& e : entries)
    if (!e.refused)
      if (auto err = step6_fields(e, tables)) refuse(e, 6, *err);
  for (auto& e : entries)
    if (!e.refused)
      if (auto err = step7_trust(e)) refuse(e, 7, *err);

  if (out.refusals.empty()) {
    for (auto& e : entries) out.specs.push_back(std::move(e.built));
  }
  return out;
}

}  // namespace toolhost::registry
