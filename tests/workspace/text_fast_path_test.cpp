// The fast paths of the text scan: the plain-ASCII prefix scan (64 bytes
// per step, then 16, then bytes; and its 8-byte-word fallback) and the
// block-wise feed (hashing and validating kBlockSize bytes at a time). Every
// offset of every step boundary is tried, with ASCII before and after,
// against the byte-at-a-time reference and ICU's whole-buffer conversion.
#include "text_scanner.hpp"

#include <gtest/gtest.h>
#include <unicode/ustring.h>

#include <random>
#include <string>
#include <vector>

namespace toolhost::workspace_plugin {
namespace {

using std::string_literals::operator""s;

// Wide enough to cross two 64-byte steps and every 16-byte step in them.
constexpr size_t kWindow = 160;

bool is_text_oracle(const std::string& bytes) {
  if (bytes.find('\0') != std::string::npos) return false;
  UErrorCode error = U_ZERO_ERROR;
  int32_t length = 0;
  u_strFromUTF8(nullptr, 0, &length, bytes.data(), static_cast<int32_t>(bytes.size()), &error);
  return error == U_BUFFER_OVERFLOW_ERROR || U_SUCCESS(error);
}

// Both fast scans, which must agree.
size_t prefix(const std::string& bytes) {
  const auto* data = reinterpret_cast<const uint8_t*>(bytes.data());
  const size_t vector = plain_ascii_prefix(data, bytes.size());
  EXPECT_EQ(plain_ascii_prefix_words(data, bytes.size()), vector);
  return vector;
}

bool scan_whole(const std::string& bytes) {
  TextScanner scanner;
  return scanner.feed(bytes) && scanner.finish();
}

std::string ascii(size_t size) {
  std::string out;
  for (size_t i = 0; i < size; ++i) out += static_cast<char>('!' + i % 90);
  return out;
}

TEST(PlainAsciiPrefix, RunsToTheEndOfPlainAsciiOfEveryLength) {
  for (size_t size = 0; size <= kWindow; ++size) {
    std::string bytes = ascii(size);
    if (size > 0) bytes[0] = '\x01';         // 0x01 is plain
    if (size > 1) bytes[size - 1] = '\x7f';  // so is DEL
    EXPECT_EQ(prefix(bytes), size) << size;
  }
}

TEST(PlainAsciiPrefix, StopsAtANulOrAHighByteAtEveryOffset) {
  for (const char stop : {'\0', '\x80', '\xbf', '\xc3', '\xe2', '\xf0', '\xff'}) {
    for (size_t at = 0; at < kWindow; ++at) {
      std::string bytes = ascii(kWindow);
      bytes[at] = stop;
      EXPECT_EQ(prefix(bytes), at)
          << "byte " << int(static_cast<unsigned char>(stop)) << " at " << at;
      // A second stop later changes nothing; one earlier wins.
      if (at + 7 < kWindow) {
        bytes[at + 7] = '\0';
        EXPECT_EQ(prefix(bytes), at);
      }
    }
  }
}

TEST(PlainAsciiPrefix, AgreesWithTheBytewiseScanOnRandomBytes) {
  std::mt19937 random(7);
  for (int round = 0; round < 20000; ++round) {
    const size_t size = std::uniform_int_distribution<size_t>(0, 300)(random);
    std::string bytes = ascii(size);
    // Mostly plain, with a rare stop, so long prefixes occur.
    for (auto& byte : bytes)
      if (std::uniform_int_distribution<int>(0, 199)(random) == 0)
        byte = static_cast<char>(std::uniform_int_distribution<int>(0, 255)(random));
    const auto* data = reinterpret_cast<const uint8_t*>(bytes.data());
    const size_t expected = plain_ascii_prefix_bytewise(data, size);
    ASSERT_EQ(plain_ascii_prefix(data, size), expected) << testing::PrintToString(bytes);
    ASSERT_EQ(plain_ascii_prefix_words(data, size), expected) << testing::PrintToString(bytes);
  }
}

// A NUL or an invalid byte anywhere in ASCII makes the whole not text.
TEST(TextFastPath, ANulOrInvalidByteAtEveryOffsetIsNotText) {
  for (const char bad : {'\0', '\x80', '\xbf', '\xc0', '\xc1', '\xf5', '\xff'}) {
    for (size_t at = 0; at < kWindow; ++at) {
      std::string bytes = ascii(kWindow);
      bytes[at] = bad;
      EXPECT_FALSE(scan_whole(bytes))
          << "byte " << int(static_cast<unsigned char>(bad)) << " at " << at;
    }
  }
}

const std::vector<std::string> kSequences = {"\xc3\xa9"s, "\xe2\x82\xac"s, "\xf0\x9f\x98\x80"s,
                                             "\xf4\x8f\xbf\xbf"s, "\xef\xbb\xbf"s};
const std::vector<std::string> kBroken = {
    "\xc0\xaf"s,          // overlong
    "\xed\xa0\x80"s,      // surrogate
    "\xf4\x90\x80\x80"s,  // above U+10FFFF
    "\xe2\x82"s,          // truncated, ASCII follows
    "\xf0\x9f\x98"s,      // truncated, ASCII follows
    "\xe2\x00\xac"s,      // NUL as a trail byte
    "\xc3\xa9\x80"s,      // a stray continuation after a valid sequence
};

// Sequences placed at every offset straddle every 16- and 64-byte step
// boundary of the prefix scan.
TEST(TextFastPath, SequencesAtEveryOffsetOfTheVectorStepsDecode) {
  for (const auto& sequence : kSequences) {
    for (size_t at = 0; at + sequence.size() <= kWindow; ++at) {
      std::string bytes = ascii(kWindow);
      bytes.replace(at, sequence.size(), sequence);
      EXPECT_TRUE(scan_whole(bytes)) << testing::PrintToString(sequence) << " at " << at;
      // Two in a row, and ASCII again after them.
      if (at + 2 * sequence.size() <= kWindow) {
        bytes.replace(at + sequence.size(), sequence.size(), sequence);
        EXPECT_TRUE(scan_whole(bytes)) << "twice at " << at;
      }
    }
  }
}

TEST(TextFastPath, BrokenSequencesAtEveryOffsetAreNotText) {
  for (const auto& broken : kBroken) {
    for (size_t at = 0; at + broken.size() <= kWindow; ++at) {
      std::string bytes = ascii(kWindow);
      bytes.replace(at, broken.size(), broken);
      ASSERT_FALSE(is_text_oracle(bytes));
      EXPECT_FALSE(scan_whole(bytes)) << testing::PrintToString(broken) << " at " << at;
    }
  }
}

// One chunk longer than a block is hashed and validated block by block: a
// sequence cut by a block boundary inside the chunk is carried like one cut
// by a chunk boundary.
TEST(TextFastPath, SequencesStraddlingTheBlockBoundaryInsideOneChunkDecode) {
  constexpr size_t kBlock = TextScanner::kBlockSize;
  for (const auto& sequence : kSequences) {
    for (size_t back = 0; back <= sequence.size(); ++back) {
      for (const size_t boundary : {kBlock, 2 * kBlock}) {
        std::string bytes = ascii(2 * kBlock + 64);
        bytes.replace(boundary - back, sequence.size(), sequence);
        EXPECT_TRUE(scan_whole(bytes)) << testing::PrintToString(sequence) << " cut " << back;
      }
    }
  }
  for (const auto& broken : kBroken) {
    for (size_t back = 0; back <= broken.size(); ++back) {
      std::string bytes = ascii(2 * kBlock + 64);
      bytes.replace(kBlock - back, broken.size(), broken);
      EXPECT_FALSE(scan_whole(bytes)) << testing::PrintToString(broken) << " cut " << back;
    }
  }
  // A sequence cut by the end of the last block is incomplete at the end.
  std::string cut = ascii(kBlock - 2) + "\xf0\x9f";
  EXPECT_FALSE(scan_whole(cut));
  TextScanner scanner;
  ASSERT_TRUE(scanner.feed(cut));
  ASSERT_TRUE(scanner.feed("\x98\x80 and on"));
  EXPECT_TRUE(scanner.finish());
}

// Blocks change nothing about the checksum: a chunk hashed in pieces equals
// the one-call digest.
TEST(TextFastPath, BlockwiseHashingMatchesTheOneCallDigest) {
  std::string bytes = ascii(3 * TextScanner::kBlockSize + 123);
  bytes.replace(TextScanner::kBlockSize - 1, 2, "\xc3\xa9");
  TextScanner scanner;
  ASSERT_TRUE(scanner.feed(bytes));
  ASSERT_TRUE(scanner.finish());
  EXPECT_EQ(scanner.checksum(), sha256_checksum(bytes));
  EXPECT_EQ(scanner.byte_count(), bytes.size());
}

}  // namespace
}  // namespace toolhost::workspace_plugin
