#include "cli/global_options.hpp"

#include <boost/dll/runtime_symbol_info.hpp>
#include <cstdlib>
#include <filesystem>
#include <iostream>

#include "cli/exit_codes.hpp"
#include "credentials/credential_source.hpp"

extern char** environ;

namespace toolhost::cli {

namespace fs = std::filesystem;

std::string default_plugin_dir() {
  boost::dll::fs::error_code ec;
  fs::path exe = boost::dll::program_location(ec).string();
  if (ec) return "plugins";
  fs::path beside = exe.parent_path() / "plugins";
  if (fs::is_directory(beside)) return beside.string();
  return (exe.parent_path().parent_path() / "lib" / "toolhost" / "plugins").string();
}

std::string default_state_dir() {
  // The CLI is the composition root: reading the environment here is allowed
  // (and only here; plugins never do).
  if (const char* xdg = std::getenv("XDG_STATE_HOME"); xdg && *xdg)
    return (fs::path(xdg) / "toolhost").string();
  if (const char* home = std::getenv("HOME"); home && *home)
    return (fs::path(home) / ".local" / "state" / "toolhost").string();
  return ".toolhost-state";
}

std::unique_ptr<startup::LoadedHost> load_host(const GlobalOptions& options, int& exit_code) {
  startup::StartupOptions startup;
  startup.builtin_plugin_dir = options.plugin_dir.empty() ? default_plugin_dir() : options.plugin_dir;
  if (!options.config_file.empty()) {
    if (auto err = config::load_config(options.config_file, startup.config)) {
      std::cerr << "toolhost: config: " << *err << "\n";
      exit_code = kExitUsage;
      return nullptr;
    }
  }
  // Tools whose credentials do not resolve are withheld; the snapshot is
  // consulted during startup only.
  credentials::EnvironmentCredentialSource environment_credentials(environ);
  startup.credentials = &environment_credentials;
  auto host = startup::start_host(startup);
  if (!host->ok()) {
    for (const auto& line : host->diagnostics) std::cerr << "toolhost: startup refused: " << line << "\n";
    exit_code = kExitStartupRefused;
    return nullptr;
  }
  return host;
}

}  // namespace toolhost::cli
