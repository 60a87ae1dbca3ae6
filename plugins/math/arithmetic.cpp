#include "arithmetic.hpp"

#include <algorithm>
#include <utility>

namespace toolhost::math {
namespace {

// A signed integer view of a Decimal's coefficient scaled by 10^shift.
Integer signed_scaled(const Decimal& v, int64_t shift) {
  Integer s = v.coefficient;
  if (shift > 0) s *= power_of_ten_copy(static_cast<uint64_t>(shift));
  return v.negative ? Integer(-s) : s;
}

Fault round_signed(const Integer& value, int64_t exponent, Decimal& out, Flags& flags) {
  return round_into_context(value.sign() < 0, boost::multiprecision::abs(value), exponent, false,
                            out, flags);
}

// Exact floor division of the aligned operands: a = A * 10^e, b = B * 10^e.
void floor_divmod(const Decimal& a, const Decimal& b, Integer& quotient, Integer& remainder,
                  int64_t& common_exponent) {
  common_exponent = std::min(a.exponent, b.exponent);
  const Integer A = signed_scaled(a, a.exponent - common_exponent);
  const Integer B = signed_scaled(b, b.exponent - common_exponent);
  boost::multiprecision::divide_qr(A, B, quotient, remainder);  // truncates
  if (!remainder.is_zero() && (remainder.sign() < 0) != (B.sign() < 0)) {
    quotient -= 1;
    remainder += B;
  }
}

}  // namespace

Decimal negate(const Decimal& value) {
  Decimal out = value;
  out.negative = !value.negative && !value.is_zero();
  return out;
}

Decimal absolute(const Decimal& value) {
  Decimal out = value;
  out.negative = false;
  return out;
}

Fault add(const Decimal& a, const Decimal& b, Decimal& out, Flags& flags) {
  if (a.is_zero())
    return round_into_context(b.negative, b.coefficient, b.exponent, false, out, flags);
  if (b.is_zero())
    return round_into_context(a.negative, a.coefficient, a.exponent, false, out, flags);
  const Decimal* big = &a;
  const Decimal* small = &b;
  int64_t adj_big = adjusted_exponent(a);
  int64_t adj_small = adjusted_exponent(b);
  if (adj_small > adj_big) {
    std::swap(big, small);
    std::swap(adj_big, adj_small);
  }
  const int64_t big_digits = big->exponent <= adj_big ? adj_big - big->exponent + 1 : 1;
  if (adj_small < adj_big - (kPrecision + 5) && big_digits <= kPrecision) {
    // The smaller operand lies far below the rounding position of the
    // result, so only its sign matters: any nudge of that sign smaller than
    // half a quantum rounds the same way. A unit three digits below the
    // 50th digit stands in for it and keeps the integers small.
    const int64_t shift = (kPrecision + 4) - big_digits;
    Integer c = big->coefficient * power_of_ten(static_cast<uint64_t>(shift));
    if (big->negative == small->negative) {
      c += 1;
    } else {
      c -= 1;
    }
    return round_into_context(big->negative, std::move(c), big->exponent - shift, false, out,
                              flags);
  }
  const int64_t e = std::min(a.exponent, b.exponent);
  const Integer sum = signed_scaled(a, a.exponent - e) + signed_scaled(b, b.exponent - e);
  return round_signed(sum, e, out, flags);
}

Fault subtract(const Decimal& a, const Decimal& b, Decimal& out, Flags& flags) {
  return add(a, negate(b), out, flags);
}

Fault multiply(const Decimal& a, const Decimal& b, Decimal& out, Flags& flags) {
  if (a.is_zero() || b.is_zero()) {
    out = Decimal{};
    return Fault::none;
  }
  return round_into_context(a.negative != b.negative, a.coefficient * b.coefficient,
                            a.exponent + b.exponent, false, out, flags);
}

Fault divide_integers(bool negative, const Integer& numerator, const Integer& denominator,
                      int64_t exponent, Decimal& out, Flags& flags) {
  if (numerator.is_zero()) {
    out = Decimal{};
    return Fault::none;
  }
  // Scale the numerator so the quotient carries at least 52 digits: two
  // beyond the precision, so the remainder only ever acts as a sticky bit.
  const int64_t shift =
      std::max<int64_t>(0, kPrecision + 2 + digit_count(denominator) - digit_count(numerator));
  Integer quotient, remainder;
  boost::multiprecision::divide_qr(numerator * power_of_ten_copy(static_cast<uint64_t>(shift)),
                                   denominator, quotient, remainder);
  return round_into_context(negative, std::move(quotient), exponent - shift, !remainder.is_zero(),
                            out, flags);
}

Fault divide(const Decimal& a, const Decimal& b, Decimal& out, Flags& flags) {
  if (b.is_zero()) return Fault::division_by_zero;
  return divide_integers(a.negative != b.negative, a.coefficient, b.coefficient,
                         a.exponent - b.exponent, out, flags);
}

Fault floor_divide(const Decimal& a, const Decimal& b, Decimal& out, Flags& flags) {
  if (b.is_zero()) return Fault::division_by_zero;
  Integer quotient, remainder;
  int64_t e = 0;
  floor_divmod(a, b, quotient, remainder, e);
  return round_signed(quotient, 0, out, flags);
}

Fault modulo(const Decimal& a, const Decimal& b, Decimal& out, Flags& flags) {
  if (b.is_zero()) return Fault::division_by_zero;
  Integer quotient, remainder;
  int64_t e = 0;
  floor_divmod(a, b, quotient, remainder, e);
  return round_signed(remainder, e, out, flags);
}

Decimal to_integral(const Decimal& value, IntegralRounding mode) {
  if (value.is_zero() || value.exponent >= 0) return value;
  const int64_t drop = -value.exponent;
  Integer kept, remainder;
  if (drop > digit_count(value.coefficient)) {
    remainder = value.coefficient;  // |value| < 0.1: kept is zero
  } else {
    boost::multiprecision::divide_qr(
        value.coefficient, power_of_ten_copy(static_cast<uint64_t>(drop)), kept, remainder);
  }
  bool away = false;
  if (!remainder.is_zero()) {
    switch (mode) {
      case IntegralRounding::floor:
        away = value.negative;
        break;
      case IntegralRounding::ceiling:
        away = !value.negative;
        break;
      case IntegralRounding::half_even: {
        if (drop > digit_count(value.coefficient)) break;
        const int order = remainder.compare(power_of_ten_copy(static_cast<uint64_t>(drop - 1)) * 5);
        away = order > 0 || (order == 0 && boost::multiprecision::bit_test(kept, 0));
        break;
      }
    }
  }
  if (away) kept += 1;
  if (kept.is_zero()) return Decimal{};
  return make_decimal(value.negative, std::move(kept), 0);
}

Fault round_to_places(const Decimal& value, int64_t places, Decimal& out) {
  const int64_t target = -places;
  if (value.is_zero()) {
    out = Decimal{};
    return Fault::none;
  }
  Decimal quantized;
  if (value.exponent >= target) {
    const int64_t shift = value.exponent - target;
    // Quantizing up only appends zeros; more than 50 digits cannot fit.
    if (digit_count(value.coefficient) + shift > kPrecision) return Fault::out_of_range;
    quantized = make_decimal(value.negative, value.coefficient * power_of_ten_copy(shift), target);
  } else {
    // Shift the value so the target exponent becomes the units place.
    Decimal shifted = value;
    shifted.exponent = value.exponent - target;
    quantized = to_integral(shifted, IntegralRounding::half_even);
    if (quantized.is_zero()) {
      out = Decimal{};
      return Fault::none;
    }
    quantized.exponent = target;
  }
  if (digit_count(quantized.coefficient) > kPrecision) return Fault::out_of_range;
  out = std::move(quantized);
  return Fault::none;
}

}  // namespace toolhost::math
