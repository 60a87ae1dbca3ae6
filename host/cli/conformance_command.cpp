// toolhost conformance PLUGIN.so [--level 1-10] [--seed N] [--junit FILE]
//
// Runs the conformance checks out of process and prints one line per check.
// Exits 0 when no check failed (skips are listed and counted apart, never as
// passes), 1 when any failed, 2 on a usage error.
#include <filesystem>
#include <fstream>
#include <iostream>

#include "cli/commands.hpp"
#include "cli/exit_codes.hpp"
#include "conformance/isolated_runner.hpp"
#include "conformance/junit_report.hpp"

namespace toolhost::cli {

namespace {

struct ConformanceArgs {
  std::string plugin;
  int level = 5;
  uint64_t seed = 1;
  std::string junit;
};

int run_conformance(const ConformanceArgs& args) {
  std::error_code ec;
  if (!std::filesystem::is_regular_file(args.plugin, ec)) {
    std::cerr << "toolhost: conformance: " << args.plugin << " is not a file\n";
    return kExitUsage;
  }
  conformance::SuiteOptions options;
  options.plugin_path = std::filesystem::absolute(args.plugin).string();
  options.level = args.level;
  options.seed = args.seed;
  std::cout << "conformance " << options.plugin_path << " level " << options.level << " seed "
            << options.seed << "\n"
            << std::flush;
  auto results = conformance::run_suite(options, {}, [](const conformance::CheckResult& r) {
    std::cout << to_string(r.verdict) << "  " << r.name << ": " << r.reason << "\n" << std::flush;
  });
  size_t passed = 0, failed = 0, skipped = 0;
  for (const auto& r : results) {
    passed += r.verdict == conformance::Verdict::pass;
    failed += r.verdict == conformance::Verdict::fail;
    skipped += r.verdict == conformance::Verdict::skip;
  }
  std::cout << passed << " passed, " << failed << " failed, " << skipped << " skipped\n";
  if (!args.junit.empty()) {
    std::ofstream out(args.junit, std::ios::trunc);
    out << conformance::junit_report(std::filesystem::path(options.plugin_path).filename().string(),
                                     results);
    if (!out) {
      std::cerr << "toolhost: conformance: cannot write " << args.junit << "\n";
      return kExitUsage;
    }
  }
  return failed == 0 ? kExitOk : kExitCallFailed;
}

}  // namespace

void add_conformance_command(CLI::App& app, const GlobalOptions&, int& exit_code) {
  auto args = std::make_shared<ConformanceArgs>();
  auto* cmd = app.add_subcommand("conformance",
                                 "Check a plugin against the host's contract, out of process");
  cmd->add_option("plugin", args->plugin, "The plugin shared object")->required();
  cmd->add_option("--level", args->level, "Strictness 1-10: higher runs more checks, longer")
      ->check(CLI::Range(1, 10));
  cmd->add_option("--seed", args->seed,
                  "Seed for generated arguments (a failing run is reproducible)");
  cmd->add_option("--junit", args->junit, "Also write a JUnit XML report to FILE");
  cmd->callback([args, &exit_code] { exit_code = run_conformance(*args); });
}

}  // namespace toolhost::cli
