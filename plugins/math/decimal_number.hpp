// The value type of math.calculate: sign, integer coefficient and decimal
// exponent, i.e. (-1)^negative * coefficient * 10^exponent. Every value the
// evaluator holds has been rounded into the context below, so coefficients
// stay at 50 digits or fewer between operations.
#pragma once

#include <boost/multiprecision/cpp_int.hpp>

#include <cstdint>

namespace toolhost::math {

// Expression templates off: the values are small and plain temporaries keep
// `auto` and member calls on results unsurprising.
using Integer = boost::multiprecision::number<boost::multiprecision::cpp_int_backend<>,
                                              boost::multiprecision::et_off>;

// The spec's decimal context: prec 50, ROUND_HALF_EVEN, Emax 10000,
// Emin -10000. Etiny is the smallest exponent a subnormal may carry.
inline constexpr int64_t kPrecision = 50;
inline constexpr int64_t kEmax = 10000;
inline constexpr int64_t kEmin = -10000;
inline constexpr int64_t kEtiny = kEmin - kPrecision + 1;

struct Decimal {
  bool negative = false;
  Integer coefficient;  // never negative
  int64_t exponent = 0;

  bool is_zero() const { return coefficient.is_zero(); }
};

Decimal make_decimal(bool negative, Integer coefficient, int64_t exponent);

// 10^k; small powers come from a table built once.
const Integer& power_of_ten(uint64_t k);
Integer power_of_ten_copy(uint64_t k);

// Number of decimal digits of a non-negative integer (1 for zero).
int64_t digit_count(const Integer& value);

// exponent + digits - 1: the exponent of the leading digit.
int64_t adjusted_exponent(const Decimal& value);

// The value with trailing zeros moved from the coefficient to the exponent.
Decimal strip_trailing_zeros(const Decimal& value);

bool is_integral(const Decimal& value);

// Numeric comparison: negative, zero or positive as a < b, a == b, a > b.
int compare(const Decimal& a, const Decimal& b);

// Exact conversion of an integral value whose magnitude is below 10^18;
// false when the value is not integral or too large.
bool to_small_integer(const Decimal& value, int64_t& out);

}  // namespace toolhost::math
