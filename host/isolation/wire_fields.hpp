// The payload encoding inside a frame: fields in a fixed order per message,
// each an unsigned or signed 64-bit integer (8 bytes LE) or a byte string
// (u64 length + bytes). A reader bounds-checks every field, so a truncated or
// hostile payload is detected instead of read past.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

namespace toolhost::isolation {

class FieldWriter {
 public:
  FieldWriter& u64(uint64_t v);
  FieldWriter& i64(int64_t v) { return u64(static_cast<uint64_t>(v)); }
  FieldWriter& bytes(std::string_view v);
  const std::string& payload() const { return out_; }

 private:
  std::string out_;
};

class FieldReader {
 public:
  explicit FieldReader(std::string_view payload) : in_(payload) {}
  // Each returns false (and leaves the reader failed) when the payload is short.
  bool u64(uint64_t& v);
  bool i64(int64_t& v);
  bool i32(int32_t& v);
  bool bytes(std::string& v);
  bool ok() const { return ok_; }

 private:
  std::string_view in_;
  bool ok_ = true;
};

}  // namespace toolhost::isolation
