// toolhost: loads tool plugins, validates every tool version, and runs calls
// through one pipeline.
#include <CLI/CLI.hpp>
#include <iostream>

#include "cli/commands.hpp"
#include "cli/exit_codes.hpp"
#include "cli/global_options.hpp"

int main(int argc, char** argv) {
  using namespace toolhost::cli;
  CLI::App app{"toolhost: a host for AI-agent tool plugins", "toolhost"};
  app.footer(kExitCodesHelp);
  app.require_subcommand(1);
  app.fallthrough(false);

  GlobalOptions global;
  app.add_option("--plugin-dir", global.plugin_dir,
                 "Builtin plugin directory (default: the build tree's or install prefix's)");
  app.add_option("--state-dir", global.state_dir, "State directory (default: $XDG_STATE_HOME/toolhost)");
  app.add_option("--config", global.config_file, "Operator config file (JSON)")->check(CLI::ExistingFile);
  app.add_option("--clock", global.clock, "fixed:RFC3339 makes the clock return that instant");

  int exit_code = kExitOk;
  add_catalog_commands(app, global, exit_code);
  add_call_commands(app, global, exit_code);
  add_conformance_command(app, global, exit_code);
  add_serve_command(app, global, exit_code);

  try {
    app.parse(argc, argv);
  } catch (const CLI::CallForHelp& e) {
    return app.exit(e);
  } catch (const CLI::CallForAllHelp& e) {
    return app.exit(e);
  } catch (const CLI::ParseError& e) {
    app.exit(e);
    return kExitUsage;
  } catch (const std::exception& e) {
    std::cerr << "toolhost: internal error: " << e.what() << "\n";
    return kExitInternal;
  }
  return exit_code;
}
