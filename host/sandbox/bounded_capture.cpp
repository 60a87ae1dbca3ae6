#include "sandbox/bounded_capture.hpp"

#include <algorithm>

#include "sandbox/utf8_text.hpp"

namespace toolhost::sandbox {

BoundedCapture::BoundedCapture(size_t head_limit, size_t tail_limit)
    : head_limit_(head_limit), tail_limit_(tail_limit) {
  head_.reserve(head_limit);
}

void BoundedCapture::append(std::string_view bytes) {
  total_ += bytes.size();
  if (head_.size() < head_limit_) {
    size_t take = std::min(bytes.size(), head_limit_ - head_.size());
    head_.append(bytes.substr(0, take));
    bytes.remove_prefix(take);
  }
  if (bytes.empty() || tail_limit_ == 0) return;
  if (bytes.size() >= tail_limit_) {
    tail_.assign(bytes.substr(bytes.size() - tail_limit_));
    return;
  }
  tail_.append(bytes);
  if (tail_.size() >= 2 * tail_limit_) tail_.erase(0, tail_.size() - tail_limit_);
}

std::string_view BoundedCapture::tail_view() const {
  std::string_view t = tail_;
  if (t.size() > tail_limit_) t.remove_prefix(t.size() - tail_limit_);
  return t;
}

CapturedText BoundedCapture::finish() const {
  CapturedText out;
  out.total_bytes = total_;
  std::string_view head = head_;
  std::string_view tail = tail_view();
  if (head.size() + tail.size() == total_) {
    // Nothing was dropped: head and tail are one contiguous stream.
    std::string whole(head);
    whole.append(tail);
    out.text = sanitize_utf8(whole);
    return out;
  }
  head = head.substr(0, complete_prefix_length(head));
  tail.remove_prefix(orphan_continuation_length(tail));
  out.truncated = true;
  out.dropped_bytes = total_ - head.size() - tail.size();
  out.text = sanitize_utf8(head);
  out.text += omission_marker(out.dropped_bytes);
  out.text += sanitize_utf8(tail);
  return out;
}

std::string omission_marker(uint64_t dropped_bytes) {
  return "\n[... " + std::to_string(dropped_bytes) + " bytes omitted ...]\n";
}

}  // namespace toolhost::sandbox
