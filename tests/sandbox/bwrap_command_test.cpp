// The bubblewrap command line: what is isolated, mounted and passed on.
#include "sandbox/bwrap_command.hpp"

#include <gtest/gtest.h>

#include <algorithm>

namespace toolhost::sandbox {
namespace {

bool has_sequence(const std::vector<std::string>& argv, std::vector<std::string> seq) {
  return std::search(argv.begin(), argv.end(), seq.begin(), seq.end()) != argv.end();
}

TEST(BwrapCommand, IsolatesMountsAndRunsTheCommandUnderShC) {
  SandboxConfig config;
  auto argv = bwrap_argv(config, "/srv/ws one", "echo 'hi'; exit 3");
  EXPECT_EQ(argv.front(), "/usr/bin/bwrap");
  for (const char* flag :
       {"--unshare-all", "--unshare-user", "--die-with-parent", "--new-session", "--clearenv"})
    EXPECT_TRUE(has_sequence(argv, {flag})) << flag;
  EXPECT_TRUE(has_sequence(argv, {"--cap-drop", "ALL"}));
  EXPECT_TRUE(has_sequence(argv, {"--ro-bind", "/usr", "/usr"}));
  EXPECT_TRUE(has_sequence(argv, {"--bind", "/srv/ws one", "/workspace", "--chdir", "/workspace"}))
      << "the workspace path is one argument, never split by a shell";
  EXPECT_TRUE(has_sequence(argv, {"--tmpfs", "/tmp"}));
  EXPECT_TRUE(has_sequence(argv, {"--proc", "/proc"}));
  EXPECT_TRUE(has_sequence(argv, {"--remount-ro", "/"}));
  EXPECT_TRUE(has_sequence(argv, {"--json-status-fd", std::to_string(kStatusFd)}));
  std::vector<std::string> tail(argv.end() - 4, argv.end());
  EXPECT_EQ(tail, (std::vector<std::string>{"--", "/bin/sh", "-c", "echo 'hi'; exit 3"}));
}

TEST(BwrapCommand, TheEnvironmentIsExactlyTheAllowlist) {
  auto argv = bwrap_argv(SandboxConfig{}, "/w", "true");
  std::vector<std::string> names;
  for (size_t i = 0; i + 2 < argv.size(); ++i)
    if (argv[i] == "--setenv") names.push_back(argv[i + 1]);
  EXPECT_EQ(names, (std::vector<std::string>{"PATH", "LANG", "HOME", "TMPDIR"}));
  EXPECT_TRUE(has_sequence(argv, {"--setenv", "HOME", "/tmp/home"}));
  EXPECT_TRUE(has_sequence(argv, {"--setenv", "LANG", "C.UTF-8"}));
  // Nothing of /etc but the loader's and alternatives' files.
  for (size_t i = 0; i + 1 < argv.size(); ++i) {
    if (argv[i].rfind("--", 0) == 0 && argv[i + 1].rfind("/etc/", 0) == 0) {
      EXPECT_TRUE(argv[i + 1].rfind("/etc/ld.so", 0) == 0 || argv[i + 1] == "/etc/alternatives")
          << argv[i + 1];
    }
  }
}

}  // namespace
}  // namespace toolhost::sandbox
