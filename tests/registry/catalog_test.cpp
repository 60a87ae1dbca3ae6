#include "registry/catalog.hpp"

#include <gtest/gtest.h>

namespace toolhost::registry {
namespace {

ToolSpec spec(std::string name, std::string version, bool deprecated = false) {
  ToolSpec s;
  s.name = std::move(name);
  s.version = std::move(version);
  s.semver = *SemVer::parse(s.version);
  s.deprecated = deprecated;
  return s;
}

TEST(Catalog, UnversionedResolvesTheLatestActiveVersionAndPinsResolveExactly) {
  Catalog c({spec("image.generate", "1.1.0"), spec("image.generate", "1.0.0"),
             spec("image.generate", "2.0.0-rc.1"), spec("math.calculate", "1.0.0")});
  EXPECT_EQ(c.resolve(ToolRef::parse("image.generate")).spec->version, "1.1.0");
  EXPECT_EQ(c.resolve(ToolRef::parse("image.generate@1.0.0")).spec->version, "1.0.0");
  EXPECT_EQ(c.resolve(ToolRef::parse("image.generate@2.0.0-rc.1")).spec->version, "2.0.0-rc.1");
  EXPECT_EQ(c.versions("image.generate"), (std::vector<std::string>{"1.0.0", "1.1.0", "2.0.0-rc.1"}));
}

TEST(Catalog, DeprecatedVersionsAreNotLatestUnlessNothingElseIs) {
  Catalog c({spec("demo.a", "1.0.0"), spec("demo.a", "2.0.0", true), spec("demo.b", "3.0.0", true)});
  EXPECT_EQ(c.latest("demo.a")->version, "1.0.0");
  EXPECT_EQ(c.latest("demo.b")->version, "3.0.0");
}

TEST(Catalog, MissesSayWhatExists) {
  Catalog c({spec("demo.a", "1.0.0"), spec("demo.a", "1.2.0")});
  auto r = c.resolve(ToolRef::parse("demo.a@9.9.9"));
  EXPECT_EQ(r.spec, nullptr);
  EXPECT_EQ(r.reason_code, "tool.not_found.unknown_version");
  EXPECT_EQ(r.detail, "no version 9.9.9 of demo.a; versions: 1.0.0, 1.2.0");
  r = c.resolve(ToolRef::parse("demo.zzz"));
  EXPECT_EQ(r.reason_code, "tool.not_found.unknown_tool");
}

}  // namespace
}  // namespace toolhost::registry
