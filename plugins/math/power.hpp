// x ^ y with the spec's domain rules, exact whenever the mathematical
// result is a decimal that fits the context, correctly rounded otherwise.
#pragma once

#include "context_rounding.hpp"
#include "decimal_number.hpp"

namespace toolhost::math {

// 0^0 and a negative base with a non-integral exponent are domain; zero to
// a negative power is division_by_zero; magnitude is bounded by the context.
Fault power(const Decimal& x, const Decimal& y, Decimal& out, Flags& flags);

}  // namespace toolhost::math
