#include "mcp/line_reader.hpp"

#include <gtest/gtest.h>

#include <string>
#include <vector>

using toolhost::mcp::LineReader;

namespace {
struct Collected {
  std::vector<std::string> lines;
  LineReader::LineHandler handler() {
    return [this](std::string_view text, bool oversized) {
      lines.push_back(oversized ? std::string("<oversized>") : std::string(text));
    };
  }
};
}  // namespace

TEST(LineReader, SplitsOnNewlinesAcrossChunks) {
  LineReader reader(100);
  Collected c;
  auto h = c.handler();
  reader.feed("ab", h);
  reader.feed("c\nde\r\nf", h);
  reader.feed("g\n\n", h);
  reader.finish(h);
  EXPECT_EQ(c.lines, (std::vector<std::string>{"abc", "de", "fg", ""}));
}

TEST(LineReader, DeliversLastLineWithoutNewlineAtEnd) {
  LineReader reader(100);
  Collected c;
  auto h = c.handler();
  reader.feed("x\ny", h);
  reader.finish(h);
  EXPECT_EQ(c.lines, (std::vector<std::string>{"x", "y"}));
}

TEST(LineReader, DropsOversizedLinesAndKeepsGoing) {
  LineReader reader(10);
  Collected c;
  auto h = c.handler();
  reader.feed("0123456789", h);  // exactly the bound: fine
  reader.feed("\n", h);
  reader.feed(std::string(25, 'a'), h);  // streams in over the bound
  reader.feed(std::string(25, 'b'), h);
  reader.feed("b\nok\n", h);
  reader.feed(std::string(11, 'c') + "\nlast\n", h);  // over the bound within one chunk
  reader.finish(h);
  EXPECT_EQ(c.lines,
            (std::vector<std::string>{"0123456789", "<oversized>", "ok", "<oversized>", "last"}));
}

TEST(LineReader, OversizedLineCutByEndOfInputIsReported) {
  LineReader reader(4);
  Collected c;
  auto h = c.handler();
  reader.feed("abcdefgh", h);
  reader.finish(h);
  EXPECT_EQ(c.lines, (std::vector<std::string>{"<oversized>"}));
}
