// Rigorous lower and upper bounds of ln, exp and log10 at a working
// precision with one evaluation of the expensive function each: the second
// bound follows from the first by a derivative bound, which halves the cost
// compared with evaluating at both ends of the input's enclosure.
#pragma once

#include "decimal_number.hpp"

#include <mpfr.h>

namespace toolhost::math {

// lo <= ln(x) <= hi for x > 0. All arguments carry `bits` of precision.
void ln_bounds(const Decimal& x, mpfr_prec_t bits, mpfr_ptr lo, mpfr_ptr hi);

// lo <= exp(z) <= hi for every z in [z_lo, z_hi].
void exp_bounds(mpfr_srcptr z_lo, mpfr_srcptr z_hi, mpfr_prec_t bits, mpfr_ptr lo, mpfr_ptr hi);

// lo <= log10(x) <= hi for x > 0.
void log10_bounds(const Decimal& x, mpfr_prec_t bits, mpfr_ptr lo, mpfr_ptr hi);

}  // namespace toolhost::math
