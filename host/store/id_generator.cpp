#include "store/id_generator.hpp"

#include "clock/system_clock.hpp"

#include <openssl/rand.h>
#include <pthread.h>

#include <algorithm>
#include <array>
#include <atomic>
#include <stdexcept>

namespace toolhost::store {
namespace {

// Canonical 8-4-4-4-12 lowercase text. Hand-rolled: snprintf with sixteen
// conversions cost more than the rest of an id.
std::string format_uuid(const unsigned char* b) {
  static constexpr char kHex[] = "0123456789abcdef";
  std::string text(36, '-');
  size_t at = 0;
  for (int i = 0; i < 16; ++i) {
    if (i == 4 || i == 6 || i == 8 || i == 10) ++at;  // skip the dash
    text[at++] = kHex[b[i] >> 4];
    text[at++] = kHex[b[i] & 0x0f];
  }
  return text;
}

// Bumped in every forked child, so a child never hands out the bytes its
// parent also holds.
std::atomic<uint64_t> g_fork_generation{0};

void note_fork_in_child() {
  g_fork_generation.fetch_add(1, std::memory_order_relaxed);
}

}  // namespace

RandomUuidGenerator::RandomUuidGenerator() {
  static const bool registered = (::pthread_atfork(nullptr, nullptr, &note_fork_in_child), true);
  (void)registered;
  generation_ = g_fork_generation.load(std::memory_order_relaxed);
}

std::string RandomUuidGenerator::next() {
  std::array<unsigned char, 16> bytes{};
  {
    // One RAND_bytes call per 256 ids: the DRBG's per-call setup, not its
    // output, is what costs.
    std::lock_guard lock(mutex_);
    const uint64_t generation = g_fork_generation.load(std::memory_order_relaxed);
    if (used_ == pool_.size() || generation != generation_) {
      generation_ = generation;
      if (RAND_bytes(pool_.data(), static_cast<int>(pool_.size())) != 1) {
        // Without randomness ids could collide; refusing is the only safe answer.
        throw std::runtime_error("RAND_bytes failed");
      }
      used_ = 0;
    }
    std::copy_n(pool_.begin() + static_cast<std::ptrdiff_t>(used_), bytes.size(), bytes.begin());
    std::fill_n(pool_.begin() + static_cast<std::ptrdiff_t>(used_), bytes.size(), 0);
    used_ += bytes.size();
  }
  // UUIDv7 (RFC 9562): 48 bits of Unix milliseconds, then 74 random bits.
  // Time-ordered ids put each new row at the right edge of the primary-key
  // index, so a commit rewrites one index page instead of one per row.
  const auto ms = static_cast<uint64_t>(clock::SystemClock{}.now_utc_us() / 1000);
  for (int i = 0; i < 6; ++i)
    bytes[static_cast<size_t>(i)] = static_cast<unsigned char>(ms >> (8 * (5 - i)));
  bytes[6] = static_cast<unsigned char>((bytes[6] & 0x0f) | 0x70);  // version 7
  bytes[8] = static_cast<unsigned char>((bytes[8] & 0x3f) | 0x80);  // RFC 9562 variant
  return format_uuid(bytes.data());
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
  return format_uuid(bytes.data());
}

}  // namespace toolhost::store
