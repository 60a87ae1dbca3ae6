// Options every subcommand shares, and the host they load.
#pragma once

#include <memory>
#include <string>

#include "startup/host_startup.hpp"

namespace toolhost::cli {

struct GlobalOptions {
  std::string plugin_dir;  // empty: the builtin directory next to the executable
  std::string state_dir;   // empty: $XDG_STATE_HOME/toolhost
  std::string config_file;
  std::string clock;       // "" or "fixed:RFC3339"
};

// The builtin plugin directory of the build tree (next to the executable) or
// of the install prefix (<prefix>/lib/toolhost/plugins).
std::string default_plugin_dir();
// $XDG_STATE_HOME/toolhost, else $HOME/.local/state/toolhost.
std::string default_state_dir();

// Loads config and plugins and registers. On failure prints the diagnostics
// to stderr and sets `exit_code`; returns null.
std::unique_ptr<startup::LoadedHost> load_host(const GlobalOptions& options, int& exit_code);

}  // namespace toolhost::cli
