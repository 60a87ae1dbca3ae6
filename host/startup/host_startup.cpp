#include "startup/host_startup.hpp"

#include <algorithm>
#include <filesystem>

#include "isolation/checked_loading.hpp"
#include "loader/plugin_directory.hpp"
#include "registry/registration.hpp"

namespace toolhost::startup {

namespace {
// Three-way comparison of `key` with name + "@" + version, as std::string
// compares (unsigned bytes), without concatenating.
int compare_with_id(std::string_view key, std::string_view name, std::string_view version) {
  const std::string_view head = key.substr(0, name.size());
  if (int c = head.compare(name); c != 0) return c;
  if (key.size() == name.size()) return -1;  // a proper prefix sorts first
  const auto at = static_cast<unsigned char>(key[name.size()]);
  if (at != '@') return at < '@' ? -1 : 1;
  return key.substr(name.size() + 1).compare(version);
}
}  // namespace

bool ToolIdLess::operator()(const std::string& key, const registry::ToolSpec& spec) const {
  return compare_with_id(key, spec.name, spec.version) < 0;
}

bool ToolIdLess::operator()(const registry::ToolSpec& spec, const std::string& key) const {
  return compare_with_id(key, spec.name, spec.version) > 0;
}

const ToolImplementation* LoadedHost::implementation(const registry::ToolSpec& spec) const {
  auto it = implementations.find(spec);
  return it == implementations.end() ? nullptr : &it->second;
}

namespace {
bool is_trusted(const config::HostConfig& config, const std::string& path) {
  const auto file = std::filesystem::path(path).filename().string();
  return std::any_of(config.trusted_plugins.begin(), config.trusted_plugins.end(),
                     [&](const std::string& t) { return t == path || t == file; });
}
// Config "isolation" names a plugin by file name or path; without an entry,
// third-party plugins run in a worker process and builtins in process.
bool is_isolated(const config::HostConfig& config, const std::string& path, bool third_party) {
  for (const auto& key : {path, std::filesystem::path(path).filename().string()}) {
    auto it = config.isolation.find(key);
    if (it != config.isolation.end()) return it->second == "process";
  }
  return third_party;
}
}  // namespace

std::unique_ptr<LoadedHost> start_host(const StartupOptions& options) {
  auto host = std::make_unique<LoadedHost>();
  host->config = options.config;
  host->partition = tables::PartitionTable::builtin();
  for (const auto& d : options.config.plugin_domains) host->partition.add_plugin_domain(d);
  host->policy = tables::PolicyMatrix::builtin();
  host->policy.prepend(options.config.policy_rules);

  loader::DirectoryLoad load;
  isolation::RefusalMemory memory(options.refusal_memory_file);
  isolation::CheckedLoadOptions checked{false, nullptr, options.worker, &memory};
  checked.isolated = [&](const std::string& path) {
    return is_isolated(options.config, path, checked.third_party);
  };
  isolation::load_directory_checked(options.builtin_plugin_dir, checked, load);
  checked.third_party = true;
  for (const auto& dir : options.config.plugin_dirs)
    isolation::load_directory_checked(dir, checked, load);
  for (const auto& f : load.failures) host->diagnostics.push_back(f.line());
  if (!load.ok()) return host;

  auto outcome = registry::register_tools(load.candidates, {host->partition, *host->messages});
  for (const auto& r : outcome.refusals) host->diagnostics.push_back(r.line());
  if (!outcome.ok()) return host;

  // Registration checked every version; only those whose credentials resolve
  // are advertised, the others are remembered with the reason.
  std::vector<registry::ToolSpec> available;
  for (auto& spec : outcome.specs) {
    auto missing = std::find_if(spec.requires_credentials.begin(), spec.requires_credentials.end(),
                                [&](const std::string& ref) {
                                  return !options.credentials || !options.credentials->lookup(ref);
                                });
    if (missing == spec.requires_credentials.end())
      available.push_back(std::move(spec));
    else
      host->withheld.push_back({spec.id(), "credential \"" + *missing + "\" does not resolve"});
  }
  outcome.specs = std::move(available);

  std::map<std::string, const loader::LoadedPlugin*> by_path;
  for (const auto& p : load.plugins) by_path[p.path] = &p;
  for (const auto& spec : outcome.specs) {
    const auto* plugin = by_path.at(spec.origin);
    host->implementations[spec.id()] =
        ToolImplementation{plugin->library, plugin->third_party,
                           !plugin->third_party || is_trusted(options.config, spec.origin),
                           plugin->isolated, plugin->path};
  }
  host->catalog = registry::Catalog(std::move(outcome.specs));
  return host;
}

}  // namespace toolhost::startup
