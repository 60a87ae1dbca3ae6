#include "registry/semver.hpp"

#include <gtest/gtest.h>

namespace toolhost::registry {
namespace {

TEST(SemVer, ParsesAndRefuses) {
  auto v = SemVer::parse("1.2.3-rc.1+build.5");
  ASSERT_TRUE(v);
  EXPECT_EQ(v->major, 1u);
  EXPECT_EQ(v->minor, 2u);
  EXPECT_EQ(v->patch, 3u);
  EXPECT_EQ(v->prerelease, (std::vector<std::string>{"rc", "1"}));
  EXPECT_EQ(v->build, "build.5");
  for (auto bad : {"", "1", "1.2", "1.2.3.4", "01.2.3", "1.02.3", "1.2.3-", "1.2.3-01", "a.b.c",
                   "1.2.3+", "-1.2.3", "1.2.3-rc..1"})
    EXPECT_FALSE(SemVer::parse(bad)) << bad;
}

TEST(SemVer, PrecedenceFollowsTheSpecification) {
  // semver.org section 11's example chain.
  const char* chain[] = {"1.0.0-alpha", "1.0.0-alpha.1", "1.0.0-alpha.beta", "1.0.0-beta",
                         "1.0.0-beta.2", "1.0.0-beta.11", "1.0.0-rc.1", "1.0.0", "1.1.0", "2.0.0",
                         "10.0.0"};
  for (size_t i = 0; i + 1 < std::size(chain); ++i) {
    EXPECT_LT(*SemVer::parse(chain[i]), *SemVer::parse(chain[i + 1])) << chain[i] << " < " << chain[i + 1];
    EXPECT_FALSE(*SemVer::parse(chain[i + 1]) < *SemVer::parse(chain[i]));
  }
  EXPECT_EQ(compare(*SemVer::parse("1.0.0+a"), *SemVer::parse("1.0.0+b")), std::strong_ordering::equal);
}

}  // namespace
}  // namespace toolhost::registry
