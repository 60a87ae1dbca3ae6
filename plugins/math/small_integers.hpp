// The common case of a calculator call, whole numbers under + - * (and
// negation, and parentheses), evaluated in machine integers. Every such
// result below 2^63 in magnitude is exact in the 50-digit context and renders
// as its plain digits, so the answer is the one the decimal evaluator gives,
// at a fraction of its cost. Anything else (a fraction, an exponent, another
// operator, a function, a constant, an overflow) is left to that evaluator.
#pragma once

#include "syntax_tree.hpp"

#include <cstdint>
#include <optional>

namespace toolhost::math {

// The tree's value when every node is a plain integer literal (at most 18
// digits), negate, add, subtract or multiply, and no step overflows int64;
// nullopt otherwise.
std::optional<int64_t> small_integer_value(const SyntaxTree& tree);

}  // namespace toolhost::math
