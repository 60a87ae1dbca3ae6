// Walks a SyntaxTree left to right, stopping at the first failure, and
// tracks the context's Inexact flag for result_exact.
#pragma once

#include "context_rounding.hpp"
#include "decimal_number.hpp"
#include "failure.hpp"
#include "syntax_tree.hpp"

#include <optional>

namespace toolhost::math {

std::optional<Failure> evaluate_tree(const SyntaxTree& tree, Decimal& result, Flags& flags);

// A NUMBER token's value entering the context: rounded to 50 digits
// (Inexact when that changed it), out_of_range beyond the exponent range.
Fault literal_value(std::string_view text, Decimal& out, Flags& flags);

}  // namespace toolhost::math
