#include "common/json_escape.hpp"

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

#include <array>
#include <cstdint>
#include <cstring>

namespace toolhost::common {
namespace {

// For each byte: 0 when it stands for itself, 'u' for \u00xx, else the
// letter after the backslash.
constexpr std::array<char, 256> kEscape = [] {
  std::array<char, 256> table{};
  for (int c = 0; c < 0x20; ++c) table[static_cast<size_t>(c)] = 'u';
  table['\b'] = 'b';
  table['\t'] = 't';
  table['\n'] = 'n';
  table['\f'] = 'f';
  table['\r'] = 'r';
  table['"'] = '"';
  table['\\'] = '\\';
  return table;
}();

char escape_of(char c) {
  return kEscape[static_cast<unsigned char>(c)];
}

#if defined(__SSE2__)
constexpr size_t kStep = 16;

// Bit k set when byte k of the 16 at `p` needs escaping: below 0x20 (the
// unsigned minimum with 0x1F leaves exactly those unchanged), '"' or '\\'.
unsigned escape_mask(const char* p) {
  const __m128i v = _mm_loadu_si128(reinterpret_cast<const __m128i*>(p));
  const __m128i control = _mm_cmpeq_epi8(_mm_min_epu8(v, _mm_set1_epi8(0x1F)), v);
  const __m128i quote = _mm_cmpeq_epi8(v, _mm_set1_epi8('"'));
  const __m128i backslash = _mm_cmpeq_epi8(v, _mm_set1_epi8('\\'));
  return static_cast<unsigned>(
      _mm_movemask_epi8(_mm_or_si128(_mm_or_si128(quote, backslash), control)));
}
#else
constexpr size_t kStep = 8;  // a byte at a time, kStep per mask

unsigned escape_mask(const char* p) {
  unsigned mask = 0;
  for (size_t k = 0; k < kStep; ++k)
    if (escape_of(p[k]) != 0) mask |= 1u << k;
  return mask;
}

#endif

char* write_escape(char* out, char c, char escape) {
  static constexpr char kHex[] = "0123456789abcdef";
  *out++ = '\\';
  if (escape != 'u') {
    *out++ = escape;
    return out;
  }
  const auto byte = static_cast<unsigned char>(c);
  std::memcpy(out, "u00", 3);
  out[3] = kHex[byte >> 4];
  out[4] = kHex[byte & 0xF];
  return out + 5;
}

}  // namespace

// One pass: the output is sized for the text plus an eighth and grown when
// escapes use that up (counting them first cost as much as writing them).
// Each step stores 16 bytes whole and keeps those before the first escape;
// the room check leaves space for that store and the longest escape.
void append_json_escaped(std::string& out, std::string_view text) {
  const char* p = text.data();
  const size_t size = text.size();
  constexpr size_t kSlack = 32;  // > kStep + the 6 bytes of \u00xx
  size_t at = out.size();
  const auto make_room = [&](size_t left) {
    out.resize(at + left + left / 8 + kSlack);
    return out.data() + out.size();
  };
  const char* end = make_room(size);
  size_t i = 0;
  while (i + kStep <= size) {
    char* o = out.data() + at;
    if (static_cast<size_t>(end - o) < kSlack) {
      end = make_room(size - i);
      o = out.data() + at;
    }
    const unsigned mask = escape_mask(p + i);
    std::memcpy(o, p + i, kStep);
    if (mask == 0) {
      at += kStep;
      i += kStep;
      continue;
    }
    const auto plain = static_cast<size_t>(__builtin_ctz(mask));
    at = static_cast<size_t>(write_escape(o + plain, p[i + plain], escape_of(p[i + plain])) -
                             out.data());
    i += plain + 1;
  }
  // The tail: fewer than kStep bytes, each escaped to at most 6.
  if (static_cast<size_t>(end - (out.data() + at)) < 6 * kStep) make_room(6 * kStep);
  char* o = out.data() + at;
  for (; i < size; ++i) {
    if (const char e = escape_of(p[i]); e != 0)
      o = write_escape(o, p[i], e);
    else
      *o++ = p[i];
  }
  out.resize(static_cast<size_t>(o - out.data()));
}

// Most strings in an answer (ids, short texts, trust labels) need no escape:
// finding that out without writing is cheaper than the general path's
// sizing, which is built for megabytes.
void append_json_string(std::string& out, std::string_view text) {
  const char* p = text.data();
  const size_t size = text.size();
  size_t i = 0;
  bool plain = true;
  for (; plain && i + kStep <= size; i += kStep) plain = escape_mask(p + i) == 0;
  if (plain && i < size) {
    // The last few bytes, padded with a byte that needs no escape, checked as
    // one more step (reading past the text could cross into an unmapped page).
    char tail[kStep];
    std::memset(tail, 'a', kStep);
    std::memcpy(tail, p + i, size - i);
    plain = escape_mask(tail) == 0;
  }
  if (plain) {
    out += '"';
    out.append(p, size);
    out += '"';
    return;
  }
  out += '"';
  append_json_escaped(out, text);
  out += '"';
}

}  // namespace toolhost::common
