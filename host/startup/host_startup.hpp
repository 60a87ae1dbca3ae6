// Startup: loads the builtin plugin directory and the operator's third-party
// directories, runs registration over every declared tool version, and
// freezes the catalog. Any load failure or refusal stops startup with one
// line per problem.
#pragma once

#include <map>
#include <memory>
#include <string>
#include <vector>

#include "config/host_config.hpp"
#include "credentials/credential_source.hpp"
#include "isolation/worker_settings.hpp"
#include "loader/plugin_library.hpp"
#include "registry/catalog.hpp"
#include "tables/message_table.hpp"
#include "tables/partition_table.hpp"
#include "tables/policy_matrix.hpp"

namespace toolhost::startup {

struct StartupOptions {
  std::string builtin_plugin_dir;
  config::HostConfig config;
  // Resolves the credential references a ToolSpec's requires_credentials
  // names; null resolves none. Used only during startup, never retained.
  const credentials::CredentialSource* credentials = nullptr;
  // Where plugins refused while loading in a child are remembered (empty:
  // this process only). Conventionally <state dir>/refused_plugins.json.
  std::string refusal_memory_file;
  isolation::WorkerSettings worker;
};

// A registered tool version left out of the catalog because a credential it
// requires does not resolve.
struct WithheldTool {
  std::string tool;    // name@version
  std::string reason;  // e.g. credential "tensorscale" does not resolve
};

// The plugin that implements one registered tool version.
struct ToolImplementation {
  std::shared_ptr<loader::PluginLibrary> library;
  bool third_party = false;
  // A third-party plugin's output is capped at EXTERNAL_UNTRUSTED unless the
  // operator marked it trusted.
  bool trusted = true;
  // Runs in a worker process (config "isolation"; default: third-party
  // plugins do, builtins do not). `library` is then null.
  bool isolated = false;
  std::string plugin_path;
};

// Orders "name@version" keys, and finds one from a spec without building
// its key (the pipeline looks an implementation up on every call).
struct ToolIdLess {
  using is_transparent = void;
  bool operator()(const std::string& a, const std::string& b) const { return a < b; }
  bool operator()(const std::string& key, const registry::ToolSpec& spec) const;
  bool operator()(const registry::ToolSpec& spec, const std::string& key) const;
};

struct LoadedHost {
  registry::Catalog catalog;
  std::map<std::string, ToolImplementation, ToolIdLess> implementations;  // by "name@version"
  tables::PartitionTable partition;
  tables::PolicyMatrix policy;
  config::HostConfig config;
  const tables::MessageTable* messages = &tables::MessageTable::builtin();
  std::vector<std::string> diagnostics;  // one line per load failure or refusal
  std::vector<WithheldTool> withheld;    // not advertised, and why (`list --verbose`)
  bool ok() const { return diagnostics.empty(); }

  const ToolImplementation* implementation(const registry::ToolSpec& spec) const;
};

std::unique_ptr<LoadedHost> start_host(const StartupOptions& options);

}  // namespace toolhost::startup
