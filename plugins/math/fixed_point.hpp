// The fast path for irrational results: ln, log10, exp and x^y as
// fixed-point enclosures over GMP integers at kFractionBits (224) bits,
// followed by a direct binary-to-decimal rounding of both bounds.
//
// Each function answers with the correctly rounded result, or declines
// (returns false) when it cannot prove it: the enclosure straddles a
// rounding boundary or zero, the result would be near the context's
// exponent limits, or the input is outside the range the fixed-point
// reductions cover. The caller then runs the MPFR path (round_enclosure),
// which is the reference and never declines. Every bound here is rigorous:
// each rounding of an intermediate is counted in a radius of ulps, and the
// radius is several times the worst case derived in fixed_point.cpp.
#pragma once

#include "context_rounding.hpp"
#include "decimal_number.hpp"

namespace toolhost::math::fixed {

// x > 0, x != 1 (its result must be irrational). Sets Inexact on success.
bool natural_log(const Decimal& x, Decimal& out, Flags& flags);
// x > 0 and not a power of ten.
bool log_base_ten(const Decimal& x, Decimal& out, Flags& flags);
// x != 0, |x| < 10^6.
bool exponential(const Decimal& x, Decimal& out, Flags& flags);
// x > 0, x != 1, and x^y neither exact nor a rounding tie.
bool power(const Decimal& x, const Decimal& y, Decimal& out, Flags& flags);

// floor(sqrt(v)) for v >= 0 through GMP (Boost's cpp_int root is several
// times slower); `exact` tells whether v is a perfect square.
Integer integer_square_root(const Integer& v, bool& exact);

}  // namespace toolhost::math::fixed
