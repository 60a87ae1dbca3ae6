// One output stream of a sandboxed command, kept within a fixed budget
// however much the command prints.
//
// The first `head_limit` bytes and the last `tail_limit` bytes are kept (the
// start says what ran, the end says how it failed); everything between is
// counted and dropped as it arrives, so memory stays bounded by the limits
// while a command prints gigabytes.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

namespace toolhost::sandbox {

struct CapturedText {
  std::string text;  // valid UTF-8 (see utf8_text.hpp), with an omission marker when truncated
  bool truncated = false;      // bytes were dropped between head and tail
  uint64_t dropped_bytes = 0;  // how many
  uint64_t total_bytes = 0;    // everything the stream carried
};

class BoundedCapture {
 public:
  BoundedCapture(size_t head_limit, size_t tail_limit);

  void append(std::string_view bytes);
  uint64_t total_bytes() const { return total_; }

  // Head and tail as text. The cut never splits a character: a partial
  // sequence at the end of the head or the start of the tail is counted
  // with the dropped bytes.
  CapturedText finish() const;

 private:
  std::string_view tail_view() const;

  size_t head_limit_;
  size_t tail_limit_;
  std::string head_;
  // The tail as a sliding window: appended to, and compacted to its last
  // `tail_limit_` bytes whenever it reaches twice that, so each byte is
  // copied a bounded number of times.
  std::string tail_;
  uint64_t total_ = 0;
};

// The line put between head and tail, e.g. "\n[... 1048576 bytes omitted ...]\n".
std::string omission_marker(uint64_t dropped_bytes);

}  // namespace toolhost::sandbox
