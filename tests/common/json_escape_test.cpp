// append_json_escaped writes what Boost.JSON's serializer writes, for every
// byte value at every offset of the 16-byte steps, and piece by piece as
// whole.
#include "common/json_escape.hpp"

#include <gtest/gtest.h>
#include <boost/json.hpp>

#include <random>
#include <string>

namespace toolhost::common {
namespace {

std::string reference(const std::string& text) {
  return boost::json::serialize(boost::json::value(boost::json::string(text)));
}

std::string escaped(const std::string& text) {
  std::string out;
  append_json_string(out, text);
  return out;
}

std::string ascii(size_t size) {
  std::string out;
  for (size_t i = 0; i < size; ++i) out += static_cast<char>('a' + i % 26);
  return out;
}

TEST(JsonEscape, EveryByteAtEveryOffsetMatchesBoostJson) {
  for (int byte = 0; byte < 256; ++byte) {
    for (size_t at = 0; at < 64; ++at) {
      std::string text = ascii(64);
      text[at] = static_cast<char>(byte);
      ASSERT_EQ(escaped(text), reference(text)) << "byte " << byte << " at " << at;
    }
  }
}

TEST(JsonEscape, ShortAndEmptyTextsMatchBoostJson) {
  for (size_t size = 0; size < 40; ++size) {
    std::string text = ascii(size);
    EXPECT_EQ(escaped(text), reference(text));
    for (auto& c : text) c = '\n';
    EXPECT_EQ(escaped(text), reference(text));
  }
}

// The output is sized for the text plus an eighth and grown as escapes use
// that up: texts that escape to two and six times their length, appended to
// an output that already holds something.
TEST(JsonEscape, TextsThatGrowManyTimesOverMatchBoostJson) {
  for (const char fill : {'\n', '"', '\x01', '\x1f'}) {
    for (size_t size = 0; size < 300; size += 7) {
      const std::string text(size, fill);
      std::string out = "prefix";
      append_json_string(out, text);
      ASSERT_EQ(out, "prefix" + reference(text)) << int(fill) << " x " << size;
    }
  }
}

TEST(JsonEscape, RandomTextsMatchBoostJsonWholeAndInPieces) {
  std::mt19937 random(11);
  for (int round = 0; round < 3000; ++round) {
    std::string text;
    const size_t size = std::uniform_int_distribution<size_t>(0, 200)(random);
    for (size_t i = 0; i < size; ++i) {
      const bool special = std::uniform_int_distribution<int>(0, 7)(random) == 0;
      text += static_cast<char>(special ? std::uniform_int_distribution<int>(0, 255)(random)
                                        : 'a' + static_cast<int>(i % 26));
    }
    const std::string expected = reference(text);
    ASSERT_EQ(escaped(text), expected);
    std::string pieces = "\"";
    for (size_t at = 0; at < text.size();) {
      const size_t n = std::uniform_int_distribution<size_t>(1, 40)(random);
      append_json_escaped(pieces, std::string_view(text).substr(at, n));
      at += n;
    }
    pieces += '"';
    ASSERT_EQ(pieces, expected);
  }
}

}  // namespace
}  // namespace toolhost::common
