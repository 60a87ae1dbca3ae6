#include "text_scanner.hpp"

#include <gtest/gtest.h>
#include <unicode/ustring.h>

#include <random>
#include <string>
#include <vector>

namespace toolhost::workspace_plugin {
namespace {

using std::string_literals::operator""s;

// The oracle: ICU's whole-buffer strict conversion, and no NUL byte.
bool is_text_oracle(const std::string& bytes) {
  if (bytes.find('\0') != std::string::npos) return false;
  UErrorCode error = U_ZERO_ERROR;
  int32_t length = 0;
  u_strFromUTF8(nullptr, 0, &length, bytes.data(), static_cast<int32_t>(bytes.size()), &error);
  return error == U_BUFFER_OVERFLOW_ERROR || U_SUCCESS(error);
}

bool scan(const std::vector<std::string>& chunks) {
  TextScanner scanner;
  for (const auto& chunk : chunks)
    if (!scanner.feed(chunk)) return false;
  return scanner.finish();
}

const std::vector<std::string> kText = {""s,
                                        "plain ascii"s,
                                        "\xef\xbb\xbf"
                                        "bom"s,
                                        "caf\xc3\xa9"s,
                                        "\xe2\x82\xac 5"s,
                                        "\xf0\x9f\x98\x80 grin"s,
                                        "\xf4\x8f\xbf\xbf"s /* U+10FFFF */,
                                        "\xef\xbf\xbe"s /* U+FFFE: a noncharacter, still valid */};

const std::vector<std::string> kNotText = {
    "a\0b"s,              // NUL, though valid UTF-8
    "\xc0\xaf"s,          // overlong '/'
    "\xe0\x80\xaf"s,      // overlong, three bytes
    "\xed\xa0\x80"s,      // UTF-16 surrogate D800
    "\xf4\x90\x80\x80"s,  // above U+10FFFF
    "\xf5\x80\x80\x80"s,  // lead byte past F4
    "\xe2\x82"s,          // truncated by the end of the file
    "ok \xf0\x9f\x98"s,   // truncated four-byte sequence
    "\x80"s,              // lone continuation byte
    "\xff"s,
    "\xfe\xff"s,    // never in UTF-8 (a UTF-16 BOM is not text here)
    "a\xe2\x82z"s,  // truncated in the middle
};

TEST(TextScanner, AcceptsStrictUtf8AndKeepsABom) {
  for (const auto& text : kText) {
    EXPECT_TRUE(scan({text})) << text;
    EXPECT_TRUE(is_text_oracle(text)) << text;
  }
}

TEST(TextScanner, RefusesNulAndEveryKindOfIllFormedSequence) {
  for (const auto& bytes : kNotText) {
    EXPECT_FALSE(scan({bytes})) << testing::PrintToString(bytes);
    EXPECT_FALSE(is_text_oracle(bytes)) << testing::PrintToString(bytes);
  }
}

TEST(TextScanner, DecodesSequencesSplitAtEveryChunkBoundary) {
  const std::string text = "a\xc3\xa9\xe2\x82\xac\xf0\x9f\x98\x80z";
  for (size_t first = 0; first <= text.size(); ++first) {
    for (size_t second = first; second <= text.size(); ++second) {
      EXPECT_TRUE(
          scan({text.substr(0, first), text.substr(first, second - first), text.substr(second)}))
          << first << "," << second;
    }
  }
}

TEST(TextScanner, OneByteChunksAgreeWithTheOracle) {
  for (const auto& bytes : kText) {
    std::vector<std::string> singles;
    for (char c : bytes) singles.emplace_back(1, c);
    EXPECT_TRUE(scan(singles)) << bytes;
  }
  for (const auto& bytes : kNotText) {
    std::vector<std::string> singles;
    for (char c : bytes) singles.emplace_back(1, c);
    EXPECT_FALSE(scan(singles)) << testing::PrintToString(bytes);
  }
}

// Random byte strings built from valid and broken pieces, cut at random
// points: the incremental answer always equals the whole-buffer oracle.
TEST(TextScanner, RandomSplitsAgreeWithTheOracle) {
  const std::vector<std::string> pieces = {"a"s,
                                           "Z"s,
                                           " "s,
                                           "\n"s,
                                           "\xc3\xa9"s,
                                           "\xe2\x82\xac"s,
                                           "\xf0\x9f\x98\x80"s,
                                           "\xc0"s,
                                           "\x80"s,
                                           "\xed\xa0\x80"s,
                                           "\xf4\x90\x80\x80"s,
                                           "\0"s,
                                           "\xe2\x82"s,
                                           std::string(40, 'x')};
  std::mt19937 random(20240601);
  int disagreements = 0, accepted = 0;
  for (int round = 0; round < 4000; ++round) {
    std::string bytes;
    const int count = std::uniform_int_distribution<int>(0, 12)(random);
    for (int i = 0; i < count; ++i) {
      // Mostly valid pieces (0-6 and 13), so that both answers occur often.
      const bool broken = std::uniform_int_distribution<int>(0, 9)(random) == 0;
      int index = broken ? std::uniform_int_distribution<int>(7, 12)(random)
                         : std::uniform_int_distribution<int>(0, 7)(random);
      if (!broken && index == 7) index = 13;
      bytes += pieces[static_cast<size_t>(index)];
    }
    std::vector<std::string> chunks;
    for (size_t at = 0; at < bytes.size();) {
      const size_t n = std::uniform_int_distribution<size_t>(1, 9)(random);
      chunks.push_back(bytes.substr(at, n));
      at += n;
    }
    const bool expected = is_text_oracle(bytes);
    accepted += expected ? 1 : 0;
    if (scan(chunks) != expected) ++disagreements;
  }
  EXPECT_EQ(disagreements, 0);
  EXPECT_GT(accepted, 500);
  EXPECT_LT(accepted, 3500);
}

TEST(TextScanner, ChecksumIsSha256OfTheBytesFed) {
  TextScanner scanner;
  ASSERT_TRUE(scanner.feed("hel"));
  ASSERT_TRUE(scanner.feed("lo"));
  ASSERT_TRUE(scanner.finish());
  EXPECT_EQ(scanner.checksum(),
            "sha256:2cf24dba5fb0a30e26e83b2ac5b9e29e1b161e5c1fa7425e73043362938b9824");
  EXPECT_EQ(scanner.byte_count(), 5u);
  EXPECT_EQ(sha256_checksum(""),
            "sha256:e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
}

}  // namespace
}  // namespace toolhost::workspace_plugin
