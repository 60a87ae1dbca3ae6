#include "pipeline/output_bounds.hpp"

#include <gtest/gtest.h>

#include <boost/json.hpp>

namespace toolhost::pipeline {
namespace {

TEST(OutputBounds, ExcerptKeepsHeadAndTailOnUtf8Boundaries) {
  std::string text;
  for (int i = 0; i < 100; ++i) text += "\xe2\x82\xac";  // 300 bytes of three-byte euro signs
  std::string marker = "[cut]";
  for (size_t limit = 6; limit < 300; ++limit) {
    auto out = excerpt_head_and_tail(text, limit, marker);
    ASSERT_LE(out.size(), limit);
    auto at = out.find(marker);
    ASSERT_NE(at, std::string::npos);
    EXPECT_EQ(at % 3, 0u) << "head split a sequence at limit " << limit;
    EXPECT_EQ((out.size() - at - marker.size()) % 3, 0u) << "tail split a sequence at limit " << limit;
  }
  EXPECT_EQ(excerpt_head_and_tail("short", 100, marker), "short");
}

TEST(OutputBounds, Utf8Floor) {
  std::string s = "a\xc3\xa9z";
  EXPECT_EQ(utf8_floor(s, 2), 1u);
  EXPECT_EQ(utf8_floor(s, 3), 3u);
  EXPECT_EQ(utf8_floor(s, 99), s.size());
}

TEST(OutputBounds, StructuredOutputIsBoundedByItsLongestStrings) {
  boost::json::value v = {{"path", "a.md"}, {"content", std::string(10000, 'q')}, {"byte_count", 10000}};
  ASSERT_TRUE(bound_json_strings(v, 2000, "art_x"));
  EXPECT_LE(boost::json::serialize(v).size(), 2000u);
  EXPECT_EQ(v.at("path").as_string(), "a.md");
  EXPECT_NE(std::string(v.at("content").as_string()).find("art_x"), std::string::npos);
  boost::json::value too_many = boost::json::array(500, boost::json::value(1));
  EXPECT_FALSE(bound_json_strings(too_many, 100, "art_x"));
}

}  // namespace
}  // namespace toolhost::pipeline
