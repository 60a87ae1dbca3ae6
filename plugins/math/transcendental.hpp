// sqrt, exp, ln and log10 with the domains of the spec, correctly rounded.
// Each first decides whether the exact result is a short decimal (sqrt of
// a square, exp(0), ln(1), log10 of a power of ten) and returns it exact;
// every other result is irrational and goes through round_enclosure.
#pragma once

#include "context_rounding.hpp"
#include "decimal_number.hpp"

namespace toolhost::math {

Fault square_root(const Decimal& x, Decimal& out, Flags& flags);
Fault exponential(const Decimal& x, Decimal& out, Flags& flags);
Fault natural_log(const Decimal& x, Decimal& out, Flags& flags);
Fault log_base_ten(const Decimal& x, Decimal& out, Flags& flags);

}  // namespace toolhost::math
