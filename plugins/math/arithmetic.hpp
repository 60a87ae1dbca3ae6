// The operators of math.calculate over Decimal: each computes the exact
// mathematical result (or enough of it to round correctly) and rounds once
// into the context. Operands are values already in the context.
#pragma once

#include "context_rounding.hpp"
#include "decimal_number.hpp"

namespace toolhost::math {

Fault add(const Decimal& a, const Decimal& b, Decimal& out, Flags& flags);
Fault subtract(const Decimal& a, const Decimal& b, Decimal& out, Flags& flags);
Fault multiply(const Decimal& a, const Decimal& b, Decimal& out, Flags& flags);
Fault divide(const Decimal& a, const Decimal& b, Decimal& out, Flags& flags);

// Python's int semantics rather than Decimal's truncating ones:
// a // b = floor(a / b) and a % b = a - b * floor(a / b), the remainder
// taking the sign of the divisor.
Fault floor_divide(const Decimal& a, const Decimal& b, Decimal& out, Flags& flags);
Fault modulo(const Decimal& a, const Decimal& b, Decimal& out, Flags& flags);

// (-1)^negative * numerator / denominator * 10^exponent, correctly rounded.
// The denominator must be positive.
Fault divide_integers(bool negative, const Integer& numerator, const Integer& denominator,
                      int64_t exponent, Decimal& out, Flags& flags);

Decimal negate(const Decimal& value);
Decimal absolute(const Decimal& value);

enum class IntegralRounding { floor, ceiling, half_even };

// The nearest integer in the given direction. Exact by definition: it never
// sets Inexact (the spec's ceil, floor and round(x)).
Decimal to_integral(const Decimal& value, IntegralRounding mode);

// round(x, n): x rounded half-even to n decimal places, i.e. quantized to
// exponent -n. Fails with out_of_range when the quantized coefficient would
// need more than 50 digits, as Decimal.quantize does; never sets Inexact.
Fault round_to_places(const Decimal& value, int64_t places, Decimal& out);

}  // namespace toolhost::math
