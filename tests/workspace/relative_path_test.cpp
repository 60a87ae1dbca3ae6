#include "workspace/relative_path.hpp"

#include <gtest/gtest.h>

#include <climits>
#include <string>

namespace toolhost::workspace {
namespace {

using std::string_literals::operator""s;

TEST(RelativePath, AcceptsCanonicalRelativePaths) {
  for (const std::string& path : {""s, "a"s, "a.md"s, "dir/a.md"s, "a/b/c/d"s, "..."s, ".hidden"s,
                                  "a..b"s, "é/ü.txt"s, "with space"s, "~"s, "-"s}) {
    EXPECT_EQ(check_relative_path(path), WorkspaceStatus::ok) << path;
  }
}

TEST(RelativePath, RefusesNonCanonicalPathsAsEscapes) {
  for (const std::string& path :
       {"/"s,   "/a"s,   ".."s,    "../a"s, "a/.."s,       "a/../b"s,       "."s,
        "./a"s, "a/."s,  "a/./b"s, "a//b"s, "a/"s,         "//a"s,          "a\\b"s,
        "\\"s,  "a\0b"s, "\0"s,    "\xff"s, "a/\xc0\xaf"s, "\xed\xa0\x80"s, "a/\xe2\x82"s}) {
    EXPECT_EQ(check_relative_path(path), WorkspaceStatus::escape) << path;
  }
}

TEST(RelativePath, PathsTheKernelCannotResolveCannotExist) {
  EXPECT_EQ(check_relative_path(std::string(PATH_MAX - 1, 'a')), WorkspaceStatus::ok);
  EXPECT_EQ(check_relative_path(std::string(PATH_MAX, 'a')), WorkspaceStatus::no_such_path);
  // An escape is reported as one even when the path is also too long.
  EXPECT_EQ(check_relative_path("../" + std::string(PATH_MAX, 'a')), WorkspaceStatus::escape);
}

TEST(RelativePath, AddressableNamesAreSingleSegments) {
  EXPECT_TRUE(is_addressable_name("a.md"));
  EXPECT_FALSE(is_addressable_name(""));
  EXPECT_FALSE(is_addressable_name("a/b"));
  EXPECT_FALSE(is_addressable_name("a\\b"));
  EXPECT_FALSE(is_addressable_name("\xff"));
  EXPECT_FALSE(is_addressable_name(".."));
}

}  // namespace
}  // namespace toolhost::workspace
