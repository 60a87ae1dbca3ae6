// The manifest: registration's seven refusals, reason codes, schemas.
#include <variant>

#include "conformance/checks.hpp"
#include "loader/plugin_library.hpp"
#include "schema/compiled_schema.hpp"
#include "schema/schema_rules.hpp"
#include "tables/message_table.hpp"

namespace toolhost::conformance {

namespace json = boost::json;

namespace {

struct Declared {
  std::vector<registry::Candidate> candidates;
  tables::PartitionTable partition = tables::PartitionTable::builtin();
  std::string error;
};

Declared declared(const SuiteOptions& options) {
  Declared d;
  auto opened = loader::PluginLibrary::open(options.plugin_path);
  if (auto* f = std::get_if<loader::LoadFailure>(&opened)) {
    d.error = f->cause;
    return d;
  }
  auto manifest = std::get<std::shared_ptr<loader::PluginLibrary>>(opened)->manifest();
  d.candidates = candidates_of(manifest, options.plugin_path, d.partition, &d.error);
  if (d.error.empty() && d.candidates.empty()) d.error = "the manifest declares no tools";
  return d;
}

std::string tool_id(const registry::Candidate& c) {
  const auto* o = c.spec.if_object();
  auto field = [&](const char* k) {
    const auto* v = o ? o->if_contains(k) : nullptr;
    return (v && v->is_string()) ? std::string(v->as_string()) : std::string("?");
  };
  return field("name") + "@" + field("version");
}

}  // namespace

CheckResult check_manifest_registers(const SuiteOptions& options) {
  auto d = declared(options);
  if (!d.error.empty()) return fail(d.error);
  auto outcome =
      registry::register_tools(d.candidates, {d.partition, tables::MessageTable::builtin()});
  if (!outcome.ok()) {
    std::string lines;
    for (const auto& r : outcome.refusals) lines += (lines.empty() ? "" : "; ") + r.line();
    return fail(lines);
  }
  return pass(std::to_string(outcome.specs.size()) + " tool versions pass steps 1-7");
}

CheckResult check_reason_codes(const SuiteOptions& options) {
  auto d = declared(options);
  if (!d.error.empty()) return fail(d.error);
  const auto& table = tables::MessageTable::builtin();
  size_t count = 0;
  for (const auto& c : d.candidates) {
    const auto* o = c.spec.if_object();
    const auto* codes = o ? o->if_contains("reason_codes") : nullptr;
    if (!codes || !codes->is_array()) return fail(tool_id(c) + ": no reason_codes array");
    for (const auto& code : codes->as_array()) {
      if (!code.is_string()) return fail(tool_id(c) + ": a reason code is not a string");
      if (!table.contains(code.as_string()))
        return fail(tool_id(c) + ": reason code \"" + std::string(code.as_string()) +
                    "\" has no entry in manifests/messages.json");
      ++count;
    }
  }
  if (count == 0) return pass("no tool declares its own reason codes (only the shared vocabulary)");
  return pass(std::to_string(count) + " declared reason codes have messages");
}

CheckResult check_schemas_compile(const SuiteOptions& options) {
  auto d = declared(options);
  if (!d.error.empty()) return fail(d.error);
  size_t count = 0;
  for (const auto& c : d.candidates) {
    const auto* o = c.spec.if_object();
    for (const char* key : {"input_schema", "output_schema"}) {
      const auto* s = o ? o->if_contains(key) : nullptr;
      if (!s) return fail(tool_id(c) + ": no " + key);
      std::string error;
      if (!schema::CompiledSchema::compile(*s, &error))
        return fail(tool_id(c) + ": " + key + ": " + error);
      if (auto err = schema::find_open_object(*s))
        return fail(tool_id(c) + ": " + key + ": " + *err);
      if (auto err = schema::find_remote_ref(*s))
        return fail(tool_id(c) + ": " + key + ": " + *err);
      ++count;
    }
  }
  return pass(std::to_string(count) + " schemas compile, closed, no remote $ref");
}

}  // namespace toolhost::conformance
