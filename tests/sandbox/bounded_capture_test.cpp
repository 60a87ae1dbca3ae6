// A stream's capture keeps head and tail, counts what it drops, and cuts
// only at character boundaries.
#include "sandbox/bounded_capture.hpp"

#include <gtest/gtest.h>

#include "sandbox/utf8_text.hpp"

namespace toolhost::sandbox {
namespace {

TEST(BoundedCapture, ShortOutputIsKeptWhole) {
  BoundedCapture c(4, 4);
  c.append("abc");
  c.append("defgh");
  auto t = c.finish();
  EXPECT_EQ(t.text, "abcdefgh");
  EXPECT_FALSE(t.truncated);
  EXPECT_EQ(t.total_bytes, 8u);
}

TEST(BoundedCapture, LongOutputKeepsHeadAndTailAndCountsTheRest) {
  BoundedCapture c(4, 6);
  std::string all;
  for (int i = 0; i < 1000; ++i) {
    std::string piece = std::to_string(i) + ",";
    all += piece;
    c.append(piece);
  }
  auto t = c.finish();
  EXPECT_TRUE(t.truncated);
  EXPECT_EQ(t.total_bytes, all.size());
  EXPECT_EQ(t.dropped_bytes, all.size() - 10);
  EXPECT_EQ(t.text,
            all.substr(0, 4) + omission_marker(all.size() - 10) + all.substr(all.size() - 6));
}

TEST(BoundedCapture, OneHugeAppendStillKeepsTheTail) {
  BoundedCapture c(2, 3);
  c.append(std::string(1 << 20, 'x') + "end");
  auto t = c.finish();
  EXPECT_EQ(t.text, "xx" + omission_marker((1 << 20) - 2) + "end");
}

// Every cut position through multi-byte characters: the text is valid, holds
// no replacement character (nothing was ill-formed), and the accounting adds up.
TEST(BoundedCapture, CutsNeverSplitACharacterAtAnyOffset) {
  const std::string unit = "a\xC3\xA9\xE2\x82\xAC\xF0\x9F\x98\x80";  // 1+2+3+4 bytes
  std::string stream;
  for (int i = 0; i < 20; ++i) stream += unit;
  for (size_t head = 0; head < 12; ++head) {
    for (size_t tail = 0; tail < 12; ++tail) {
      for (size_t split = 0; split <= stream.size(); split += 7) {
        BoundedCapture c(head, tail);
        c.append(std::string_view(stream).substr(0, split));
        c.append(std::string_view(stream).substr(split));
        auto t = c.finish();
        ASSERT_EQ(t.text.find(kReplacementCharacter), std::string::npos)
            << "head " << head << " tail " << tail << " split " << split;
        ASSERT_EQ(sanitize_utf8(t.text), t.text);
        ASSERT_TRUE(t.truncated);
        auto marker = omission_marker(t.dropped_bytes);
        auto at = t.text.find(marker);
        ASSERT_NE(at, std::string::npos);
        EXPECT_EQ(t.text.size() - marker.size() + t.dropped_bytes, stream.size());
        EXPECT_EQ(stream.compare(0, at, t.text, 0, at), 0) << "the head is a prefix";
      }
    }
  }
}

}  // namespace
}  // namespace toolhost::sandbox
