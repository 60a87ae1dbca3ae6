#include "text_scanner.hpp"

#include <unicode/utf8.h>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

#include <algorithm>
#include <cstring>
#include <stdexcept>

namespace toolhost::workspace_plugin {
namespace {

std::string hex_checksum(const unsigned char* digest, unsigned int length) {
  static constexpr char kHex[] = "0123456789abcdef";
  std::string out = "sha256:";
  out.reserve(out.size() + 2 * length);
  for (unsigned int i = 0; i < length; ++i) {
    out += kHex[digest[i] >> 4];
    out += kHex[digest[i] & 0xF];
  }
  return out;
}

}  // namespace

TextScanner::TextScanner() : digest_(EVP_MD_CTX_new()) {
  if (!digest_ || EVP_DigestInit_ex(digest_.get(), EVP_sha256(), nullptr) != 1)
    throw std::runtime_error("SHA-256 is unavailable");
}

TextScanner::~TextScanner() = default;

bool TextScanner::feed(std::string_view chunk) {
  if (!is_text_) return false;
  byte_count_ += chunk.size();
  const auto* bytes = reinterpret_cast<const uint8_t*>(chunk.data());
  for (size_t at = 0; at < chunk.size(); at += kBlockSize) {
    const size_t size = std::min(kBlockSize, chunk.size() - at);
    if (EVP_DigestUpdate(digest_.get(), bytes + at, size) != 1)
      throw std::runtime_error("SHA-256 update failed");
    if (!validate(bytes + at, size)) return is_text_ = false;
  }
  return true;
}

bool TextScanner::complete_carry(const uint8_t*& bytes, size_t& size) {
  uint8_t joined[8];
  std::memcpy(joined, carry_, carry_size_);
  const size_t taken = std::min<size_t>(3, size);
  std::memcpy(joined + carry_size_, bytes, taken);
  const auto joined_size = static_cast<int32_t>(carry_size_ + taken);
  int32_t i = 0;
  UChar32 c;
  U8_NEXT(joined, i, joined_size, c);
  if (c < 0) {
    // Still a valid prefix with every byte of the chunk used: keep carrying.
    if (i == joined_size && taken == size) {
      std::memcpy(carry_, joined, static_cast<size_t>(joined_size));
      carry_size_ = static_cast<size_t>(joined_size);
      bytes += size;
      size = 0;
      return true;
    }
    return false;
  }
  const size_t used = static_cast<size_t>(i) - carry_size_;
  carry_size_ = 0;
  bytes += used;
  size -= used;
  return true;
}

bool TextScanner::validate(const uint8_t* bytes, size_t size) {
  // A sequence cut by the previous block (or chunk) end comes first.
  while (carry_size_ > 0 && size > 0)
    if (!complete_carry(bytes, size)) return false;
  const auto length = static_cast<int32_t>(size);  // at most kBlockSize
  int32_t i = 0;
  while (true) {
    i += static_cast<int32_t>(plain_ascii_prefix(bytes + i, size - static_cast<size_t>(i)));
    if (i >= length) return true;
    if (bytes[i] == 0) return false;
    // Decode every non-ASCII sequence in this run before looking for plain
    // ASCII again. A NUL inside a sequence is an invalid trail byte, and one
    // after it is found by the prefix scan.
    do {
      const int32_t start = i;
      UChar32 c;
      U8_NEXT(bytes, i, length, c);
      if (c < 0) {
        // The maximal valid prefix reaches the end of the block: the next
        // block or chunk may complete it.
        if (i == length && length - start < 4) {
          carry_size_ = static_cast<size_t>(length - start);
          std::memcpy(carry_, bytes + start, carry_size_);
          return true;
        }
        return false;
      }
    } while (i < length && bytes[i] >= 0x80);
  }
}

bool TextScanner::finish() {
  unsigned char digest[EVP_MAX_MD_SIZE];
  unsigned int length = 0;
  if (EVP_DigestFinal_ex(digest_.get(), digest, &length) != 1)
    throw std::runtime_error("SHA-256 final failed");
  checksum_ = hex_checksum(digest, length);
  if (carry_size_ > 0) is_text_ = false;
  return is_text_;
}

size_t plain_ascii_prefix_bytewise(const uint8_t* bytes, size_t size) {
  size_t i = 0;
  while (i < size && bytes[i] != 0 && bytes[i] < 0x80) ++i;
  return i;
}

size_t plain_ascii_prefix_words(const uint8_t* bytes, size_t size) {
  // Without a set high bit anywhere, subtracting 1 from each byte borrows
  // (and sets a high bit) only at a NUL, so one test covers both rules.
  constexpr uint64_t kOnes = 0x0101010101010101ULL;
  constexpr uint64_t kHighBits = 0x8080808080808080ULL;
  size_t i = 0;
  while (i + 8 <= size) {
    uint64_t word;
    std::memcpy(&word, bytes + i, sizeof word);
    if (((word | (word - kOnes)) & kHighBits) != 0) break;
    i += 8;
  }
  return i + plain_ascii_prefix_bytewise(bytes + i, size - i);
}

size_t plain_ascii_prefix(const uint8_t* bytes, size_t size) {
#if defined(__SSE2__)
  // Read as signed, a byte is plain ASCII exactly when it is greater than 0:
  // NUL is 0 and every byte with the high bit set is negative. One compare
  // covers both rules.
  const __m128i zero = _mm_setzero_si128();
  const auto plain = [&](size_t at) {
    return _mm_cmpgt_epi8(_mm_loadu_si128(reinterpret_cast<const __m128i*>(bytes + at)), zero);
  };
  size_t i = 0;
  // One step of 16 first: between multi-byte sequences the ASCII run is
  // often a space or a letter, and that answer should cost one compare.
  if (size >= 16) {
    const auto mask = static_cast<unsigned>(_mm_movemask_epi8(plain(0)));
    if (mask != 0xFFFF) return static_cast<size_t>(__builtin_ctz(~mask));
    i = 16;
  }
  while (i + 64 <= size) {
    const __m128i all = _mm_and_si128(_mm_and_si128(plain(i), plain(i + 16)),
                                      _mm_and_si128(plain(i + 32), plain(i + 48)));
    if (_mm_movemask_epi8(all) != 0xFFFF) break;
    i += 64;
  }
  while (i + 16 <= size) {
    const auto mask = static_cast<unsigned>(_mm_movemask_epi8(plain(i)));
    if (mask != 0xFFFF) return i + static_cast<size_t>(__builtin_ctz(~mask));
    i += 16;
  }
  return i + plain_ascii_prefix_bytewise(bytes + i, size - i);
#else
  return plain_ascii_prefix_words(bytes, size);
#endif
}

std::string sha256_checksum(std::string_view bytes) {
  unsigned char digest[EVP_MAX_MD_SIZE];
  unsigned int length = 0;
  if (EVP_Digest(bytes.data(), bytes.size(), digest, &length, EVP_sha256(), nullptr) != 1)
    throw std::runtime_error("SHA-256 failed");
  return hex_checksum(digest, length);
}

}  // namespace toolhost::workspace_plugin
