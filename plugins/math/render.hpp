// The one string form of a result: positional for adjusted exponents in
// [-25, 25], scientific otherwise; see docs/math.md for the exact rules.
#pragma once

#include "decimal_number.hpp"

#include <string>

namespace toolhost::math {

std::string render(const Decimal& value);

}  // namespace toolhost::math
