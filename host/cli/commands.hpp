// Each family of subcommands registers itself on the application.
#pragma once

#include <CLI/CLI.hpp>

#include "cli/global_options.hpp"

namespace toolhost::cli {

// list, describe, check
void add_catalog_commands(CLI::App& app, const GlobalOptions& global, int& exit_code);
// call, sessions, invocations, approvals
void add_call_commands(CLI::App& app, const GlobalOptions& global, int& exit_code);
// serve (MCP over stdio)
void add_serve_command(CLI::App& app, const GlobalOptions& global, int& exit_code);

// conformance PLUGIN.so (the plugin conformance suite)
void add_conformance_command(CLI::App& app, const GlobalOptions& global, int& exit_code);

}  // namespace toolhost::cli
