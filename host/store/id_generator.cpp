#include "store/id_generator.hpp"

#include <openssl/rand.h>

#include <array>
#include <cstdio>
#include <stdexcept>

namespace toolhost::store {
namespace {

std::string format_uuid(const std::array<unsigned char, 16>& b) {
  char text[37];
  std::snprintf(text, sizeof text,
                "%02x%02x%02x%02x-%02x%02x-%02x%02x-%02x%02x-%02x%02x%02x%02x%02x%02x", b[0], b[1],
                b[2], b[3], b[4], b[5], b[6], b[7], b[8], b[9], b[10], b[11], b[12], b[13], b[14],
                b[15]);
  return std::string(text, 36);
}

}  // namespace

std::string RandomUuidGenerator::next() {
  std::array<unsigned char, 16> bytes{};
  if (RAND_bytes(bytes.data(), static_cast<int>(bytes.size())) != 1) {
    // Without randomness ids could collide; refusing is the only safe answer.
    throw std::runtime_error("RAND_bytes failed");
  }
  bytes[6] = static_cast<unsigned char>((bytes[6] & 0x0f) | 0x40);  // version 4
  bytes[8] = static_cast<unsigned char>((bytes[8] & 0x3f) | 0x80);  // RFC 4122 variant
  return format_uuid(bytes);
}

std::string SequentialIdGenerator::next() {
  uint64_t n = 0;
  {
    std::lock_guard lock(mutex_);
    n = ++counter_;
  }
  std::array<unsigned char, 16> bytes{};
  bytes[6] = 0x40;
  bytes[8] = 0x80;
  for (int i = 0; i < 6; ++i) bytes[15 - i] = static_cast<unsigned char>(n >> (8 * i));
  bytes[9] = static_cast<unsigned char>(n >> 48);
  bytes[7] = static_cast<unsigned char>(n >> 56);
  return format_uuid(bytes);
}

}  // namespace toolhost::store
