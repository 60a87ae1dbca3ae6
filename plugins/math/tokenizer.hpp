// The lexical half of the grammar: NUMBER, NAME, operators, parentheses and
// commas, whitespace discarded. It also enforces the two size bounds, so a
// hostile input is refused before any parsing work is done.
#pragma once

#include "failure.hpp"

#include <cstdint>
#include <optional>
#include <string_view>
#include <vector>

namespace toolhost::math {

inline constexpr size_t kMaxExpressionCharacters = 1024;
inline constexpr size_t kMaxTokens = 512;

enum class TokenKind : uint8_t {
  number,
  name,
  plus,
  minus,
  star,
  slash,
  double_slash,
  percent,
  power,  // ^ and ** are one operator
  left_paren,
  right_paren,
  comma,
  end,
};

struct Token {
  TokenKind kind = TokenKind::end;
  uint32_t offset = 0;    // byte offset into the expression
  std::string_view text;  // empty for end
};

// Fills `tokens` (terminated by one `end` token) or returns the failure:
// expression_too_long past 1024 characters (Unicode scalar values, as the
// schema's maxLength counts) or 512 tokens, syntax on any other byte.
std::optional<Failure> tokenize(std::string_view expression, std::vector<Token>& tokens);

}  // namespace toolhost::math
