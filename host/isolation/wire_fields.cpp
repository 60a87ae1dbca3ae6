#include "isolation/wire_fields.hpp"

namespace toolhost::isolation {

FieldWriter& FieldWriter::u64(uint64_t v) {
  for (int i = 0; i < 8; ++i) out_.push_back(static_cast<char>((v >> (8 * i)) & 0xff));
  return *this;
}

FieldWriter& FieldWriter::bytes(std::string_view v) {
  u64(v.size());
  out_.append(v);
  return *this;
}

bool FieldReader::u64(uint64_t& v) {
  if (!ok_ || in_.size() < 8) return ok_ = false;
  v = 0;
  for (int i = 0; i < 8; ++i) v |= uint64_t(static_cast<unsigned char>(in_[i])) << (8 * i);
  in_.remove_prefix(8);
  return true;
}

bool FieldReader::i64(int64_t& v) {
  uint64_t u = 0;
  if (!u64(u)) return false;
  v = static_cast<int64_t>(u);
  return true;
}

bool FieldReader::i32(int32_t& v) {
  int64_t w = 0;
  if (!i64(w)) return false;
  if (w < INT32_MIN || w > INT32_MAX) return ok_ = false;
  v = static_cast<int32_t>(w);
  return true;
}

bool FieldReader::bytes(std::string& v) {
  uint64_t size = 0;
  if (!u64(size)) return false;
  if (size > in_.size()) return ok_ = false;
  v.assign(in_.data(), size);
  in_.remove_prefix(size);
  return true;
}

}  // namespace toolhost::isolation
