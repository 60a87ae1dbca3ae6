// `toolhost conformance` end to end: a misbehaving plugin fails exactly the
// checks it breaks (the runner survives its crash), a good one passes, skips
// are reported as skips, and the JUnit report matches.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "support/run_command.hpp"

namespace {

using toolhost::testing::run_command;
using toolhost::testing::toolhost_binary;

// How a segfaulting process ends: by the signal, or, under AddressSanitizer
// (which catches SEGV, reports it and exits 1), with status 1.
#if defined(__SANITIZE_ADDRESS__)
constexpr const char* kSegfaultEnd = "exited with status 1";
#else
constexpr const char* kSegfaultEnd = "signal 11";
#endif

const std::string kFixtures = CONFORMANCE_FIXTURE_DIRS;

std::string line_of(const std::string& output, const std::string& check) {
  std::istringstream in(output);
  std::string line;
  while (std::getline(in, line))
    if (line.find("  " + check + ": ") != std::string::npos) return line;
  return "";
}

TEST(ConformanceCli, AMisbehavingPluginFailsTheChecksItBreaks) {
  auto r = run_command(toolhost_binary() + " conformance " + kFixtures +
                       "/misbehaving/conf_misbehaving.so --level 3 --seed 7 2>/dev/null");
  EXPECT_EQ(r.exit_code, 1) << r.output;
  EXPECT_EQ(line_of(r.output, "abi.negotiates").rfind("pass", 0), 0u) << r.output;
  EXPECT_EQ(line_of(r.output, "abi.refuses_foreign_range").rfind("fail", 0), 0u) << r.output;
  auto imports = line_of(r.output, "imports.ambient_state");
  EXPECT_EQ(imports.rfind("fail", 0), 0u) << r.output;
  EXPECT_NE(imports.find("getenv"), std::string::npos) << imports;
  EXPECT_NE(imports.find("time"), std::string::npos) << imports;
  EXPECT_EQ(line_of(r.output, "determinism.read_only").rfind("fail", 0), 0u) << r.output;
  auto outputs = line_of(r.output, "outputs.validate");
  EXPECT_EQ(outputs.rfind("fail", 0), 0u) << r.output;
  // The crash inside a check's child fails that check; the runner carries on to the end.
  auto fuzz = line_of(r.output, "fuzz.arguments");
  EXPECT_EQ(fuzz.rfind("fail", 0), 0u) << r.output;
  EXPECT_NE(fuzz.find(kSegfaultEnd), std::string::npos) << fuzz;
  EXPECT_FALSE(line_of(r.output, "deadline.honoured").empty()) << r.output;
  EXPECT_EQ(line_of(r.output, "manifest.registers").rfind("pass", 0), 0u) << r.output;
  // The host's validation keeps invalid arguments away even from this plugin.
  EXPECT_EQ(line_of(r.output, "arguments.invalid_never_invoked").rfind("pass", 0), 0u) << r.output;
}

TEST(ConformanceCli, AGoodPluginPassesAndSkipsAreNotPasses) {
  auto junit = std::filesystem::temp_directory_path() /
               ("conformance-" + std::to_string(::getpid()) + ".xml");
  auto r = run_command(toolhost_binary() + " conformance " + kFixtures +
                       "/good/conf_good.so --level 1 --junit " + junit.string() + " 2>/dev/null");
  EXPECT_EQ(r.exit_code, 0) << r.output;
  // Level 1 leaves the level-2 and level-3 checks out, as skips.
  auto outputs = line_of(r.output, "outputs.validate");
  EXPECT_EQ(outputs.rfind("skipped", 0), 0u) << r.output;
  EXPECT_NE(outputs.find("runs from level 2"), std::string::npos);
  EXPECT_NE(r.output.find("8 passed, 0 failed, 4 skipped"), std::string::npos) << r.output;
  std::ifstream in(junit);
  std::string xml((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  EXPECT_NE(xml.find("tests=\"12\" failures=\"0\" skipped=\"4\""), std::string::npos) << xml;
  EXPECT_NE(xml.find("<skipped message=\"runs from level 2\"/>"), std::string::npos) << xml;
  std::filesystem::remove(junit);
}

TEST(ConformanceCli, UsageErrors) {
  EXPECT_EQ(run_command(toolhost_binary() + " conformance /nonexistent.so 2>&1").exit_code, 2);
  EXPECT_EQ(run_command(toolhost_binary() + " conformance " + kFixtures +
                        "/good/conf_good.so --level 11 2>&1")
                .exit_code,
            2);
}

}  // namespace
