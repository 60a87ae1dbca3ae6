// The text rules for captured output: NUL and ill-formed UTF-8 become
// U+FFFD, and cuts never split a character.
#include "sandbox/utf8_text.hpp"

#include <gtest/gtest.h>

namespace toolhost::sandbox {
namespace {

const std::string R(kReplacementCharacter);

TEST(SanitizeUtf8, ValidTextIsUnchanged) {
  std::string text = "plain ascii, \xC3\xA9t\xC3\xA9, \xE2\x82\xAC, \xF0\x9F\x98\x80\n\t";
  EXPECT_EQ(sanitize_utf8(text), text);
}

TEST(SanitizeUtf8, NulBytesBecomeReplacementCharacters) {
  EXPECT_EQ(sanitize_utf8(std::string("a\0b\0\0", 5)), "a" + R + "b" + R + R);
}

TEST(SanitizeUtf8, IllFormedSequencesBecomeOneReplacementPerMaximalSubpart) {
  EXPECT_EQ(sanitize_utf8("\xFF"), R);
  EXPECT_EQ(sanitize_utf8("\xC0\xAF"), R + R) << "overlong lead C0 is never valid";
  EXPECT_EQ(sanitize_utf8("\xE0\x80\xAF"), R + R + R) << "overlong three-byte form";
  EXPECT_EQ(sanitize_utf8("\xED\xA0\x80"), R + R + R) << "a surrogate";
  EXPECT_EQ(sanitize_utf8("\xF4\x90\x80\x80"), R + R + R + R) << "above U+10FFFF";
  EXPECT_EQ(sanitize_utf8("\xE2\x82x"), R + "x") << "a truncated sequence is one subpart";
  EXPECT_EQ(sanitize_utf8("\xF0\x9F\x98"), R) << "truncated at the end";
  EXPECT_EQ(sanitize_utf8("\x80\x80"), R + R) << "lone continuation bytes";
}

TEST(Utf8Cuts, CompletePrefixNeverEndsInsideASequence) {
  std::string euro = "ab\xE2\x82\xAC";
  EXPECT_EQ(complete_prefix_length(euro), 5u);
  EXPECT_EQ(complete_prefix_length(euro.substr(0, 4)), 2u);
  EXPECT_EQ(complete_prefix_length(euro.substr(0, 3)), 2u);
  EXPECT_EQ(complete_prefix_length("\xF0\x9F\x98"), 0u);
  EXPECT_EQ(complete_prefix_length("\xF0\x9F\x98\x80"), 4u);
  EXPECT_EQ(complete_prefix_length(""), 0u);
}

TEST(Utf8Cuts, OrphanContinuationBytesAreCounted) {
  EXPECT_EQ(orphan_continuation_length("\x82\xAC"
                                       "x"),
            2u);
  EXPECT_EQ(orphan_continuation_length("x\x82"), 0u);
  EXPECT_EQ(orphan_continuation_length("\x80\x80\x80\x80"), 3u) << "a character has at most three";
}

}  // namespace
}  // namespace toolhost::sandbox
