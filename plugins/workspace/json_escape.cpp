#include "json_escape.hpp"

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

#include <array>
#include <cstdint>
#include <cstring>

namespace toolhost::workspace_plugin {
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

char escape_of(char c) { return kEscape[static_cast<unsigned char>(c)]; }

// Bytes an escape adds beyond the one it replaces.
size_t growth_of(char escape) { return escape == 'u' ? 5 : 1; }

#if defined(__SSE2__)
// Bit k set when byte k of the 16 at `p` needs escaping: below 0x20 (the
// unsigned minimum with 0x1F leaves exactly those unchanged), '"' or '\'.
unsigned escape_mask(const char* p) {
  const __m128i v = _mm_loadu_si128(reinterpret_cast<const __m128i*>(p));
  const __m128i quote = _mm_cmpeq_epi8(v, _mm_set1_epi8('"'));
  const __m128i backslash = _mm_cmpeq_epi8(v, _mm_set1_epi8('\\'));
  const __m128i control = _mm_cmpeq_epi8(_mm_min_epu8(v, _mm_set1_epi8(0x1F)), v);
  return static_cast<unsigned>(
      _mm_movemask_epi8(_mm_or_si128(_mm_or_si128(quote, backslash), control)));
}
constexpr size_t kStep = 16;
#else
unsigned escape_mask(const char* p) {
  unsigned mask = 0;
  for (size_t k = 0; k < 8; ++k)
    if (escape_of(p[k]) != 0) mask |= 1u << k;
  return mask;
}
constexpr size_t kStep = 8;
#endif

// How many bytes escaping `text` adds.
size_t growth(std::string_view text) {
  const char* p = text.data();
  const size_t size = text.size();
  size_t added = 0;
  size_t i = 0;
  for (; i + kStep <= size; i += kStep)
    for (unsigned mask = escape_mask(p + i); mask != 0; mask &= mask - 1)
      added += growth_of(escape_of(p[i + static_cast<size_t>(__builtin_ctz(mask))]));
  for (; i < size; ++i)
    if (const char e = escape_of(p[i]); e != 0) added += growth_of(e);
  return added;
}

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

// Writes `text` escaped at `out`, which has room for exactly that.
void write_escaped(char* out, std::string_view text) {
  const char* p = text.data();
  const size_t size = text.size();
  size_t i = 0;
  while (i + kStep <= size) {
    const unsigned mask = escape_mask(p + i);
    if (mask == 0) {
      std::memcpy(out, p + i, kStep);
      out += kStep;
      i += kStep;
      continue;
    }
    const auto plain = static_cast<size_t>(__builtin_ctz(mask));
    std::memcpy(out, p + i, plain);
    out = write_escape(out + plain, p[i + plain], escape_of(p[i + plain]));
    i += plain + 1;
  }
  for (; i < size; ++i) {
    if (const char e = escape_of(p[i]); e != 0)
      out = write_escape(out, p[i], e);
    else
      *out++ = p[i];
  }
}

}  // namespace

void append_json_escaped(std::string& out, std::string_view text) {
  const size_t used = out.size();
  out.resize(used + text.size() + growth(text));
  write_escaped(out.data() + used, text);
}

void append_json_string(std::string& out, std::string_view text) {
  out += '"';
  append_json_escaped(out, text);
  out += '"';
}

}  // namespace toolhost::workspace_plugin
