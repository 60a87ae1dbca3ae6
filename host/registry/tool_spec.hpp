// A ToolSpec: the classification, limits and schemas of one tool version,
// exactly as a plugin's manifest declares it (after registration accepted it).
#pragma once

#include <boost/json.hpp>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "registry/semver.hpp"
#include "schema/compiled_schema.hpp"

namespace toolhost::registry {

// The closed vocabularies of the classification fields.
inline constexpr std::string_view kSideEffects[] = {"NONE", "WORKSPACE_READ", "WORKSPACE_WRITE",
                                                    "EXTERNAL_WRITE", "CODE_EXECUTION"};
inline constexpr std::string_view kRisks[] = {"LOW", "MEDIUM", "HIGH"};
inline constexpr std::string_view kIdempotencies[] = {"READ_ONLY", "IDEMPOTENT",
                                                      "CONDITIONALLY_IDEMPOTENT", "NON_IDEMPOTENT"};
// Highest trust first.
inline constexpr std::string_view kTrustLabels[] = {"USER", "INTERNAL_TOOL", "MEMORY",
                                                    "EXTERNAL_UNTRUSTED"};
inline constexpr std::string_view kKinds[] = {"CAPABILITY", "CONTROL"};
inline constexpr std::string_view kSources[] = {"BUILTIN", "PLUGIN", "MCP", "DEVICE"};
inline constexpr std::string_view kTargetKinds[] = {"in_process", "sandbox", "device", "remote"};

// The largest max_output_bytes a tool may declare, and the pipeline's hard
// ceiling: output past it fails OUTPUT_TOO_LARGE.
inline constexpr uint64_t kGlobalOutputCeiling = 16u * 1024u * 1024u;
// The longest timeout a tool may declare (the media video tool needs 7,200 s).
inline constexpr int64_t kMaxTimeoutSeconds = 24 * 60 * 60;
inline constexpr size_t kMaxNameLength = 96;

// Trust rank: larger is more trusted; 0 for an unknown label.
int trust_rank(std::string_view label);
std::string_view trust_label(int rank);

struct ToolSpec {
  std::string name;
  std::string version;
  SemVer semver;
  std::string title;
  std::string description;
  std::string kind;
  std::string source;
  std::string target_kind;
  std::optional<std::string> server_id;
  bool deprecated = false;
  std::string side_effect;
  std::string risk;
  std::string idempotency;
  std::string output_trust;
  std::vector<std::string> required_scopes;
  int64_t timeout_s = 0;
  uint64_t max_output_bytes = 0;
  bool allow_parallel = false;
  std::vector<std::string> reason_codes;
  // Credential references that must resolve for the tool to be registered
  // (optional field; startup withholds the tool otherwise).
  std::vector<std::string> requires_credentials;
  boost::json::object input_schema;
  boost::json::object output_schema;

  std::shared_ptr<const schema::CompiledSchema> compiled_input;
  std::shared_ptr<const schema::CompiledSchema> compiled_output;

  // Where the spec came from: the plugin file that declared it.
  std::string origin;

  std::string domain() const { return name.substr(0, name.find('.')); }
  std::string id() const { return name + "@" + version; }
  // The spec as JSON, every field (what `toolhost list --json` prints).
  boost::json::object to_json() const;
};

// The fields every spec must carry, in the order `to_json` writes them.
inline constexpr std::string_view kRequiredFields[] = {
    "name", "version", "description", "kind", "source", "target_kind", "server_id",
    "deprecated", "side_effect", "risk", "idempotency", "output_trust", "required_scopes",
    "timeout_s", "max_output_bytes", "allow_parallel", "reason_codes", "input_schema",
    "output_schema"};
inline constexpr std::string_view kOptionalFields[] = {"title", "requires_credentials"};

}  // namespace toolhost::registry
