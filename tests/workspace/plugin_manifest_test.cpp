// Each builtin serves exactly the bytes of its checked-in manifest.
#include "plugin_harness.hpp"
#include "temp_tree.hpp"

#include <gtest/gtest.h>

namespace toolhost::workspace_test {
namespace {

void expect_manifest(const std::string& plugin_file, const std::string& manifest_file) {
  LoadedPlugin plugin(plugin_file);
  const std::string expected =
      file_bytes(std::string(TOOLHOST_MANIFEST_DIR) + "/plugins/" + manifest_file);
  ASSERT_FALSE(expected.empty());
  EXPECT_EQ(plugin.manifest(), expected);
}

TEST(PluginManifest, WorkspaceServesItsCheckedInManifest) {
  expect_manifest("workspace.so", "workspace.json");
}

TEST(PluginManifest, DemoServesItsCheckedInManifest) {
  expect_manifest("demo.so", "demo.json");
}

}  // namespace
}  // namespace toolhost::workspace_test
