#include "decimal_number.hpp"

#include <array>
#include <cmath>
#include <utility>

namespace toolhost::math {
namespace {

constexpr uint64_t kTableSize = 256;

const std::array<Integer, kTableSize>& ten_table() {
  static const std::array<Integer, kTableSize> table = [] {
    std::array<Integer, kTableSize> t;
    t[0] = 1;
    for (uint64_t i = 1; i < kTableSize; ++i) t[i] = t[i - 1] * 10;
    return t;
  }();
  return table;
}

int64_t digits_of_word(uint64_t v) {
  int64_t n = 1;
  while (v >= 10) {
    v /= 10;
    ++n;
  }
  return n;
}

}  // namespace

Decimal make_decimal(bool negative, Integer coefficient, int64_t exponent) {
  Decimal d;
  d.negative = negative;
  d.coefficient = std::move(coefficient);
  d.exponent = exponent;
  return d;
}

const Integer& power_of_ten(uint64_t k) {
  // Callers pass only small k; larger powers go through power_of_ten_copy.
  return ten_table()[k < kTableSize ? k : kTableSize - 1];
}

Integer power_of_ten_copy(uint64_t k) {
  if (k < kTableSize) return ten_table()[k];
  return boost::multiprecision::pow(Integer(10), static_cast<unsigned>(k));
}

int64_t digit_count(const Integer& value) {
  if (value <= std::numeric_limits<uint64_t>::max()) {
    return digits_of_word(static_cast<uint64_t>(value));
  }
  // value lies in [2^(bits-1), 2^bits), so its digit count is one of two
  // neighbours; one comparison decides which.
  const uint64_t bits = boost::multiprecision::msb(value) + 1;
  const auto lower =
      static_cast<int64_t>(std::floor(static_cast<double>(bits - 1) * 0.30102999566398119521)) + 1;
  const auto k = static_cast<uint64_t>(lower);
  if (k < kTableSize) return value >= ten_table()[k] ? lower + 1 : lower;
  return value >= power_of_ten_copy(k) ? lower + 1 : lower;
}

int64_t adjusted_exponent(const Decimal& value) {
  return value.exponent + digit_count(value.coefficient) - 1;
}

Decimal strip_trailing_zeros(const Decimal& value) {
  Decimal out = value;
  if (out.is_zero()) {
    out.exponent = 0;
    return out;
  }
  Integer q, r;
  for (;;) {
    boost::multiprecision::divide_qr(out.coefficient, Integer(10), q, r);
    if (!r.is_zero()) break;
    out.coefficient.swap(q);
    ++out.exponent;
  }
  return out;
}

bool is_integral(const Decimal& value) {
  if (value.is_zero() || value.exponent >= 0) return true;
  const uint64_t fraction_digits = static_cast<uint64_t>(-value.exponent);
  if (static_cast<int64_t>(fraction_digits) >= digit_count(value.coefficient)) return false;
  return (value.coefficient % power_of_ten_copy(fraction_digits)).is_zero();
}

int compare(const Decimal& a, const Decimal& b) {
  const int sa = a.is_zero() ? 0 : (a.negative ? -1 : 1);
  const int sb = b.is_zero() ? 0 : (b.negative ? -1 : 1);
  if (sa != sb || sa == 0) return sa < sb ? -1 : (sa > sb ? 1 : 0);
  int magnitude = 0;
  const int64_t adj_a = adjusted_exponent(a), adj_b = adjusted_exponent(b);
  if (adj_a != adj_b) {
    magnitude = adj_a < adj_b ? -1 : 1;
  } else if (a.exponent >= b.exponent) {
    const Integer scaled = a.coefficient * power_of_ten_copy(a.exponent - b.exponent);
    magnitude = scaled.compare(b.coefficient);
  } else {
    const Integer scaled = b.coefficient * power_of_ten_copy(b.exponent - a.exponent);
    magnitude = a.coefficient.compare(scaled);
  }
  magnitude = magnitude < 0 ? -1 : (magnitude > 0 ? 1 : 0);
  return sa > 0 ? magnitude : -magnitude;
}

bool to_small_integer(const Decimal& value, int64_t& out) {
  if (!is_integral(value)) return false;
  if (value.is_zero()) {
    out = 0;
    return true;
  }
  if (adjusted_exponent(value) >= 18) return false;
  Integer magnitude = value.coefficient;
  if (value.exponent > 0) magnitude *= power_of_ten(static_cast<uint64_t>(value.exponent));
  if (value.exponent < 0) magnitude /= power_of_ten_copy(static_cast<uint64_t>(-value.exponent));
  const auto m = static_cast<int64_t>(magnitude);
  out = value.negative ? -m : m;
  return true;
}

}  // namespace toolhost::math
