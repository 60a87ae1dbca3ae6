// Rounding into the spec's decimal context, the single place where a value
// gains the Inexact flag or fails on Overflow/Underflow. Every operation
// computes its exact result (or an exact enclosure of it) and calls this
// once, which is what "rounded once into the context" means here.
#pragma once

#include "decimal_number.hpp"

namespace toolhost::math {

// Why an operation produced no value. All of them map to reason codes of
// the invalid_arguments kind; none is a fault of the tool.
enum class Fault { none, out_of_range, division_by_zero, domain };

// The context's sticky flag that result_exact is read from.
struct Flags {
  bool inexact = false;
};

// Rounds (-1)^negative * (coefficient + s) * 10^exponent half-even into the
// context, where s is 0 when `sticky` is false and some unknown value in
// (0, 1) when it is true. A caller passing sticky must supply at least
// kPrecision + 1 digits so that the unknown part lies below the rounding
// position. Overflow (adjusted exponent above Emax after rounding) and
// Underflow (a subnormal result that was rounded) are out_of_range, as the
// trapped context signals of Python's decimal are.
Fault round_into_context(bool negative, Integer coefficient, int64_t exponent, bool sticky,
                         Decimal& out, Flags& flags);

}  // namespace toolhost::math
