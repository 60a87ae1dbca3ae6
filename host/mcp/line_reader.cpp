#include "mcp/line_reader.hpp"

namespace toolhost::mcp {

void LineReader::deliver(std::string_view line, const LineHandler& on_line) {
  if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
  if (line.size() > max_) {
    on_line({}, true);
  } else {
    on_line(line, false);
  }
}

void LineReader::feed(std::string_view bytes, const LineHandler& on_line) {
  while (!bytes.empty()) {
    const std::size_t newline = bytes.find('\n');
    if (newline == std::string_view::npos) {
      if (discarding_) return;
      if (partial_.size() + bytes.size() > max_ + 1) {  // +1: a trailing "\r" may follow
        partial_.clear();
        partial_.shrink_to_fit();
        discarding_ = true;
        return;
      }
      partial_.append(bytes);
      return;
    }
    if (discarding_) {
      discarding_ = false;
      on_line({}, true);
    } else if (partial_.empty()) {
      deliver(bytes.substr(0, newline), on_line);  // the common case: no copy
    } else {
      partial_.append(bytes.substr(0, newline));
      std::string line = std::move(partial_);
      partial_.clear();
      deliver(line, on_line);
    }
    bytes.remove_prefix(newline + 1);
  }
}

void LineReader::finish(const LineHandler& on_line) {
  if (discarding_) {
    discarding_ = false;
    on_line({}, true);
  } else if (!partial_.empty()) {
    std::string line = std::move(partial_);
    partial_.clear();
    deliver(line, on_line);
  }
}

}  // namespace toolhost::mcp
