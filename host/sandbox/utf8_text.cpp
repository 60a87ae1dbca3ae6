#include "sandbox/utf8_text.hpp"

#include <cstdint>

namespace toolhost::sandbox {

namespace {

bool is_continuation(uint8_t b) {
  return (b & 0xC0) == 0x80;
}

// The sequence length a lead byte announces, or 0 for a byte that cannot
// start a sequence (a continuation byte, C0, C1, F5..FF).
size_t sequence_length(uint8_t lead) {
  if (lead < 0x80) return 1;
  if (lead >= 0xC2 && lead <= 0xDF) return 2;
  if (lead >= 0xE0 && lead <= 0xEF) return 3;
  if (lead >= 0xF0 && lead <= 0xF4) return 4;
  return 0;
}

// The range the byte after `lead` must fall in; it excludes overlongs,
// surrogates and code points above U+10FFFF.
bool second_byte_ok(uint8_t lead, uint8_t b) {
  switch (lead) {
    case 0xE0:
      return b >= 0xA0 && b <= 0xBF;
    case 0xED:
      return b >= 0x80 && b <= 0x9F;
    case 0xF0:
      return b >= 0x90 && b <= 0xBF;
    case 0xF4:
      return b >= 0x80 && b <= 0x8F;
    default:
      return is_continuation(b);
  }
}

}  // namespace

std::string sanitize_utf8(std::string_view bytes) {
  std::string out;
  out.reserve(bytes.size());
  size_t i = 0;
  while (i < bytes.size()) {
    auto lead = static_cast<uint8_t>(bytes[i]);
    if (lead == 0) {
      out += kReplacementCharacter;
      ++i;
      continue;
    }
    size_t length = sequence_length(lead);
    if (length == 1) {
      out += static_cast<char>(lead);
      ++i;
      continue;
    }
    if (length == 0) {
      out += kReplacementCharacter;
      ++i;
      continue;
    }
    // Count the well-formed bytes of this sequence; a shortfall is one
    // maximal subpart and becomes a single U+FFFD.
    size_t valid = 1;
    while (valid < length && i + valid < bytes.size()) {
      auto b = static_cast<uint8_t>(bytes[i + valid]);
      bool ok = valid == 1 ? second_byte_ok(lead, b) : is_continuation(b);
      if (!ok) break;
      ++valid;
    }
    if (valid == length) {
      out.append(bytes.substr(i, length));
    } else {
      out += kReplacementCharacter;
    }
    i += valid;
  }
  return out;
}

size_t complete_prefix_length(std::string_view bytes) {
  // Look back over at most three bytes for the start of the last sequence.
  size_t n = bytes.size();
  for (size_t back = 1; back <= 4 && back <= n; ++back) {
    auto b = static_cast<uint8_t>(bytes[n - back]);
    if (is_continuation(b)) continue;
    size_t length = sequence_length(b);
    return length > back ? n - back : n;
  }
  return n;
}

size_t orphan_continuation_length(std::string_view bytes) {
  size_t n = 0;
  while (n < 3 && n < bytes.size() && is_continuation(static_cast<uint8_t>(bytes[n]))) ++n;
  return n;
}

}  // namespace toolhost::sandbox
