// The operator's config file (--config FILE), JSON. Every key is optional;
// an unknown key is an error, so a typo never silently disables a policy.
//
// {
//   "plugin_dirs":     ["/opt/acme/toolhost-plugins"],  third-party plugin directories
//   "plugin_domains":  ["acme"],                        domains opened to third-party plugins
//   "trusted_plugins": ["acme.so"],                     file names (or paths) whose output trust is not capped
//   "default_scopes":  ["workspace.read", ...],         scopes a new session is granted
//   "policy":          {"rules": [...]}                 rules checked before the built-in matrix
//   "isolation":       {"acme.so": "process"}           per-plugin execution: "process" or "in_process"
// }
#pragma once

#include <map>
#include <optional>
#include <string>
#include <vector>

#include "tables/policy_matrix.hpp"

namespace toolhost::config {

struct HostConfig {
  std::vector<std::string> plugin_dirs;
  std::vector<std::string> plugin_domains;
  std::vector<std::string> trusted_plugins;
  std::optional<std::vector<std::string>> default_scopes;
  std::vector<tables::PolicyRule> policy_rules;
  std::map<std::string, std::string> isolation;
  std::string source_path;
};

// Reads and validates the config file; an error string names the file and the problem.
std::optional<std::string> load_config(const std::string& path, HostConfig& out);
std::optional<std::string> parse_config(std::string_view json, HostConfig& out);

}  // namespace toolhost::config
