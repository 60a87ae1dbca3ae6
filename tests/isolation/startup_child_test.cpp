// Loading and manifest reading happen in a child for third-party and
// isolated plugins: a plugin that crashes there is refused with the reason,
// remembered until its file changes, and the host process is unharmed.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>

#include "isolation/refusal_memory.hpp"
#include "isolation_harness.hpp"

namespace toolhost::isolation::testing {
namespace {

// How a segfaulting process ends: by the signal, or, under AddressSanitizer
// (which catches SEGV, reports it and exits 1), with status 1.
#if defined(__SANITIZE_ADDRESS__)
constexpr const char* kSegfaultEnd = "exited with status 1";
#else
constexpr const char* kSegfaultEnd = "signal 11";
#endif

const std::string kCrashDir = ISOLATION_FIXTURE_DIRS "/crash_in_manifest";
const std::string kHostileDir = ISOLATION_FIXTURE_DIRS "/hostile";

std::unique_ptr<startup::LoadedHost> start(const std::string& plugin_dir,
                                           const std::string& memory_file,
                                           config::HostConfig config = {}) {
  startup::StartupOptions options;
  options.builtin_plugin_dir = fresh_dir("builtin").string();
  if (config.plugin_dirs.empty()) config = third_party_config(plugin_dir);
  options.config = std::move(config);
  options.refusal_memory_file = memory_file;
  return startup::start_host(options);
}

std::string all(const std::vector<std::string>& lines) {
  std::string out;
  for (const auto& l : lines) out += l + "\n";
  return out;
}

TEST(StartupChild, APluginCrashingInItsManifestIsRefusedWithTheReason) {
  auto host = start(kCrashDir, "");
  ASSERT_EQ(host->diagnostics.size(), 1u) << all(host->diagnostics);
  const auto& line = host->diagnostics[0];
  EXPECT_NE(line.find("crash_in_manifest.so"), std::string::npos) << line;
  EXPECT_NE(line.find("crashed while loading or reading its manifest"), std::string::npos) << line;
  EXPECT_NE(line.find(kSegfaultEnd), std::string::npos) << line;
}

TEST(StartupChild, ARefusalIsRememberedUntilTheFileChanges) {
  auto dir = fresh_dir("remember");
  auto plugin = dir / "crash_in_manifest.so";
  std::filesystem::copy_file(kCrashDir + "/crash_in_manifest.so", plugin);
  auto memory = (fresh_dir("memory") / "refused_plugins.json").string();

  auto first = start(dir.string(), memory);
  ASSERT_EQ(first->diagnostics.size(), 1u);
  EXPECT_EQ(first->diagnostics[0].find("remembered"), std::string::npos);
  ASSERT_TRUE(std::filesystem::exists(memory));

  auto second = start(dir.string(), memory);
  ASSERT_EQ(second->diagnostics.size(), 1u);
  EXPECT_NE(second->diagnostics[0].find("remembered"), std::string::npos) << second->diagnostics[0];
  EXPECT_NE(second->diagnostics[0].find(kSegfaultEnd), std::string::npos)
      << "the original reason is kept";

  // A changed file (here: its modification time) is tried afresh.
  std::filesystem::last_write_time(
      plugin, std::filesystem::last_write_time(plugin) + std::chrono::seconds(5));
  auto third = start(dir.string(), memory);
  ASSERT_EQ(third->diagnostics.size(), 1u);
  EXPECT_EQ(third->diagnostics[0].find("remembered"), std::string::npos) << third->diagnostics[0];
}

TEST(StartupChild, RefusalMemoryKeysOnSizeMtimeAndInode) {
  auto dir = fresh_dir("identity");
  auto file = (dir / "x.so").string();
  { std::ofstream(file) << "one"; }
  RefusalMemory memory((dir / "memory.json").string());
  memory.remember(file, "broken");
  EXPECT_EQ(RefusalMemory((dir / "memory.json").string()).refused(file), "broken");
  { std::ofstream(file, std::ios::app) << "more"; }  // size changes
  EXPECT_EQ(RefusalMemory((dir / "memory.json").string()).refused(file), std::nullopt);
}

TEST(StartupChild, IsolationIsConfigurablePerPlugin) {
  auto config = third_party_config(kHostileDir);
  config.isolation["hostile.so"] = "in_process";
  auto host = start(kHostileDir, "", config);
  ASSERT_TRUE(host->ok()) << all(host->diagnostics);
  const auto* impl = host->implementation(*host->catalog.latest("hostile.echo"));
  ASSERT_NE(impl, nullptr);
  EXPECT_FALSE(impl->isolated);
  EXPECT_NE(impl->library, nullptr);

  // And a builtin can be sent out of process.
  startup::StartupOptions options;
  options.builtin_plugin_dir = ISOLATION_FIXTURE_DIRS "/builtin_echo";
  options.config.isolation["iso_builtin_echo.so"] = "process";
  auto builtin = startup::start_host(options);
  ASSERT_TRUE(builtin->ok()) << all(builtin->diagnostics);
  const auto* b = builtin->implementation(*builtin->catalog.latest("demo.echo"));
  ASSERT_NE(b, nullptr);
  EXPECT_TRUE(b->isolated);
  EXPECT_FALSE(b->third_party);
}

}  // namespace
}  // namespace toolhost::isolation::testing
