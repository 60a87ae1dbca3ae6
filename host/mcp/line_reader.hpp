// Splits the incoming byte stream into newline-delimited messages of bounded
// length. A line longer than the bound is never buffered whole: it is dropped
// as it streams in and reported once as oversized, so a client cannot make
// the server hold an unbounded message in memory.
#pragma once

#include <cstddef>
#include <functional>
#include <string>
#include <string_view>

namespace toolhost::mcp {

// 4 MiB: far above any real MCP request (a 1 MiB argument fits with room),
// small enough that a runaway client cannot exhaust memory.
inline constexpr std::size_t kMaxMessageBytes = 4u * 1024u * 1024u;

class LineReader {
 public:
  // text is the line without its "\n" (and without a trailing "\r"); when
  // oversized is true, text is empty and the line was dropped.
  using LineHandler = std::function<void(std::string_view text, bool oversized)>;

  explicit LineReader(std::size_t max_line_bytes = kMaxMessageBytes) : max_(max_line_bytes) {}

  void feed(std::string_view bytes, const LineHandler& on_line);
  // End of input: delivers a last line that had no newline.
  void finish(const LineHandler& on_line);

 private:
  void deliver(std::string_view line, const LineHandler& on_line);

  std::size_t max_;
  std::string partial_;
  bool discarding_ = false;
};

}  // namespace toolhost::mcp
