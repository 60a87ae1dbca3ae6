// LoadedHost finds a spec's implementation by comparing its name and version
// with the "name@version" keys in place; the order must be exactly the
// keys' own string order, or the map lookup misses.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "startup/host_startup.hpp"

namespace {

using toolhost::registry::ToolSpec;
using toolhost::startup::LoadedHost;
using toolhost::startup::ToolIdLess;

ToolSpec spec(std::string name, std::string version) {
  ToolSpec s;
  s.name = std::move(name);
  s.version = std::move(version);
  return s;
}

// Names and versions chosen to straddle '@' (0x40) in byte order: '-' and
// '.' sort before it, letters after; one is a prefix of another.
const std::vector<std::pair<std::string, std::string>> kIds = {{"a", "1.0.0"},
                                                               {"a.b", "1.0.0"},
                                                               {"a-b", "1.0.0"},
                                                               {"aB", "1.0.0"},
                                                               {"a", "1.0.0-rc1"},
                                                               {"a", "1.0"},
                                                               {"a", "10.0.0"},
                                                               {"ab", "2.0.0"},
                                                               {"math.calculate", "1.0.0"},
                                                               {"math.calculate", "1.1.0"},
                                                               {"math.calc", "1.0.0"}};

TEST(ImplementationLookup, ComparisonAgreesWithTheKeyString) {
  ToolIdLess less;
  for (const auto& [name, version] : kIds) {
    const ToolSpec s = spec(name, version);
    for (const auto& [other_name, other_version] : kIds) {
      const std::string key = other_name + "@" + other_version;
      EXPECT_EQ(less(key, s), key < s.id()) << key << " vs " << s.id();
      EXPECT_EQ(less(s, key), s.id() < key) << s.id() << " vs " << key;
    }
  }
}

TEST(ImplementationLookup, FindsEveryRegisteredVersionAndNothingElse) {
  LoadedHost host;
  int n = 0;
  for (const auto& [name, version] : kIds) {
    host.implementations[name + "@" + version].plugin_path = std::to_string(n++);
  }
  n = 0;
  for (const auto& [name, version] : kIds) {
    const auto* impl = host.implementation(spec(name, version));
    ASSERT_NE(impl, nullptr) << name << "@" << version;
    EXPECT_EQ(impl->plugin_path, std::to_string(n++));
  }
  EXPECT_EQ(host.implementation(spec("a", "1.0.1")), nullptr);
  EXPECT_EQ(host.implementation(spec("a@1.0", "0")), nullptr);
  EXPECT_EQ(host.implementation(spec("math", "calculate@1.0.0")), nullptr);
}

}  // namespace
