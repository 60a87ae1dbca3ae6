// Precedence climbing over the grammar of the spec:
//
//   expression := term (("+" | "-") term)*
//   term       := unary (("*" | "/" | "//" | "%") unary)*
//   unary      := ("+" | "-") unary | power
//   power      := primary [("^" | "**") unary]
//   primary    := NUMBER | NAME | call | "(" expression ")"
//   call       := NAME "(" [expression ("," expression)*] ")"
//
// The depth bound is enforced while descending: each parenthesized group,
// each call argument and each prefix sign adds a level, and the 33rd level
// fails before anything below it is read. Names and arities are resolved
// here too, so every parse error is known before evaluation starts.
#pragma once

#include "failure.hpp"
#include "syntax_tree.hpp"
#include "tokenizer.hpp"

#include <optional>
#include <vector>

namespace toolhost::math {

inline constexpr uint32_t kMaxDepth = 32;

std::optional<Failure> parse(const std::vector<Token>& tokens, SyntaxTree& tree);

}  // namespace toolhost::math
