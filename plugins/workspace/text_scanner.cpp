#include "text_scanner.hpp"

#include <unicode/utf8.h>

#include <algorithm>
#include <cstring>
#include <stdexcept>

namespace toolhost::workspace_plugin {
namespace {

constexpr uint64_t kHighBits = 0x8080808080808080ULL;

// Index of the first byte at or after `i` that is not ASCII (or `size`).
// ASCII is always one valid code point, so runs of it need no decoding;
// testing 32 bytes at a time keeps English text near memory speed.
size_t skip_ascii(const uint8_t* bytes, size_t i, size_t size) {
  while (i + 32 <= size) {
    uint64_t words[4];
    std::memcpy(words, bytes + i, sizeof words);
    if (((words[0] | words[1] | words[2] | words[3]) & kHighBits) != 0) break;
    i += 32;
  }
  while (i < size && bytes[i] < 0x80) ++i;
  return i;
}

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
  if (EVP_DigestUpdate(digest_.get(), chunk.data(), chunk.size()) != 1)
    throw std::runtime_error("SHA-256 update failed");
  if (std::memchr(chunk.data(), 0, chunk.size()) != nullptr) return is_text_ = false;

  // U8_NEXT indexes with int32_t, so a huge chunk is validated in slices; a
  // sequence cut by a slice end is carried like one cut by a chunk end.
  constexpr size_t kSlice = size_t{1} << 30;
  const auto* bytes = reinterpret_cast<const uint8_t*>(chunk.data());
  size_t size = chunk.size();
  while (size > 0) {
    if (carry_size_ > 0) {
      if (!complete_carry(bytes, size)) return is_text_ = false;
      continue;
    }
    const size_t slice = std::min(kSlice, size);
    if (!validate(bytes, slice)) return is_text_ = false;
    bytes += slice;
    size -= slice;
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
  const auto length = static_cast<int32_t>(size);
  int32_t i = 0;
  while (true) {
    i = static_cast<int32_t>(skip_ascii(bytes, static_cast<size_t>(i), size));
    if (i >= length) return true;
    // Decode every non-ASCII sequence in this run before looking for ASCII
    // again.
    do {
      const int32_t start = i;
      UChar32 c;
      U8_NEXT(bytes, i, length, c);
      if (c < 0) {
        // The maximal valid prefix reaches the end of the chunk: the next
        // chunk may complete it.
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

std::string sha256_checksum(std::string_view bytes) {
  unsigned char digest[EVP_MAX_MD_SIZE];
  unsigned int length = 0;
  if (EVP_Digest(bytes.data(), bytes.size(), digest, &length, EVP_sha256(), nullptr) != 1)
    throw std::runtime_error("SHA-256 failed");
  return hex_checksum(digest, length);
}

}  // namespace toolhost::workspace_plugin
