#include "context_rounding.hpp"

#include <algorithm>
#include <utility>

namespace toolhost::math {

Fault round_into_context(bool negative, Integer coefficient, int64_t exponent, bool sticky,
                         Decimal& out, Flags& flags) {
  if (sticky) {
    // A trailing 1 below every digit the caller supplied stands for the
    // unknown remainder: it breaks exact ties upward and never reaches the
    // rounding digit itself.
    coefficient = coefficient * 10 + 1;
    exponent -= 1;
  }
  if (coefficient.is_zero()) {
    out = Decimal{};
    return Fault::none;
  }
  const int64_t digits = digit_count(coefficient);
  const int64_t adjusted = exponent + digits - 1;
  if (adjusted > kEmax) return Fault::out_of_range;
  const bool subnormal = adjusted < kEmin;
  int64_t result_exponent = std::max(adjusted - (kPrecision - 1), kEtiny);
  if (exponent >= result_exponent) {
    out = make_decimal(negative, std::move(coefficient), exponent);
    return Fault::none;
  }

  const int64_t drop = result_exponent - exponent;
  Integer kept;
  bool changed = true;
  bool round_up = false;
  if (drop <= digits) {
    Integer remainder;
    boost::multiprecision::divide_qr(coefficient, power_of_ten_copy(static_cast<uint64_t>(drop)),
                                     kept, remainder);
    changed = !remainder.is_zero();
    if (changed) {
      const Integer half = power_of_ten_copy(static_cast<uint64_t>(drop - 1)) * 5;
      const int order = remainder.compare(half);
      round_up = order > 0 || (order == 0 && boost::multiprecision::bit_test(kept, 0));
    }
  }
  // else: the whole value lies below a tenth of the quantum, so it rounds
  // to zero and kept stays 0.

  if (round_up) {
    kept += 1;
    if (digit_count(kept) > kPrecision) {
      kept /= 10;
      result_exponent += 1;
    }
  }
  if (!kept.is_zero() && result_exponent + digit_count(kept) - 1 > kEmax) {
    return Fault::out_of_range;
  }
  if (changed && subnormal) return Fault::out_of_range;
  if (changed) flags.inexact = true;
  if (kept.is_zero()) {
    out = Decimal{};
  } else {
    out = make_decimal(negative, std::move(kept), result_exponent);
  }
  return Fault::none;
}

}  // namespace toolhost::math
