#include "tokenizer.hpp"

namespace toolhost::math {
namespace {

bool is_digit(char c) {
  return c >= '0' && c <= '9';
}
bool is_name_start(char c) {
  return c >= 'a' && c <= 'z';
}
bool is_name_char(char c) {
  return is_name_start(c) || is_digit(c) || c == '_';
}
bool is_space(char c) {
  return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v';
}

size_t character_count(std::string_view s) {
  size_t n = 0;
  for (char c : s) {
    if ((static_cast<unsigned char>(c) & 0xC0) != 0x80) ++n;  // not a continuation byte
  }
  return n;
}

size_t skip_digits(std::string_view s, size_t i) {
  while (i < s.size() && is_digit(s[i])) ++i;
  return i;
}

// NUMBER := digit+ ["." digit+] [("e" | "E") ["+" | "-"] digit+]; an
// optional part that is not complete is not consumed (so "1e" is the
// number 1 followed by the name e, a syntax error for the parser).
size_t number_end(std::string_view s, size_t i) {
  i = skip_digits(s, i);
  if (i + 1 < s.size() && s[i] == '.' && is_digit(s[i + 1])) i = skip_digits(s, i + 1);
  if (i < s.size() && (s[i] == 'e' || s[i] == 'E')) {
    size_t j = i + 1;
    if (j < s.size() && (s[j] == '+' || s[j] == '-')) ++j;
    if (j < s.size() && is_digit(s[j])) i = skip_digits(s, j);
  }
  return i;
}

std::optional<TokenKind> operator_at(std::string_view s, size_t i, size_t& length) {
  length = 1;
  const char next = i + 1 < s.size() ? s[i + 1] : '\0';
  switch (s[i]) {
    case '+':
      return TokenKind::plus;
    case '-':
      return TokenKind::minus;
    case '*':
      if (next == '*') {
        length = 2;
        return TokenKind::power;
      }
      return TokenKind::star;
    case '/':
      if (next == '/') {
        length = 2;
        return TokenKind::double_slash;
      }
      return TokenKind::slash;
    case '%':
      return TokenKind::percent;
    case '^':
      return TokenKind::power;
    case '(':
      return TokenKind::left_paren;
    case ')':
      return TokenKind::right_paren;
    case ',':
      return TokenKind::comma;
    default:
      return std::nullopt;
  }
}

}  // namespace

std::optional<Failure> tokenize(std::string_view s, std::vector<Token>& tokens) {
  tokens.clear();
  // Checked here as well as by the schema: the tool must not depend on its
  // caller having validated.
  if (s.size() > kMaxExpressionCharacters && character_count(s) > kMaxExpressionCharacters) {
    return Failure{
        Reason::expression_too_long,
        "expression has " + std::to_string(character_count(s)) + " characters, the limit is 1024"};
  }
  size_t i = 0;
  while (i < s.size()) {
    const char c = s[i];
    if (is_space(c)) {
      ++i;
      continue;
    }
    if (tokens.size() == kMaxTokens) {
      return Failure{Reason::expression_too_long,
                     describe_position(i, s.substr(i, 1)) + " is token 513, the limit is 512"};
    }
    Token t;
    t.offset = static_cast<uint32_t>(i);
    size_t end = i;
    if (is_digit(c)) {
      t.kind = TokenKind::number;
      end = number_end(s, i);
    } else if (is_name_start(c)) {
      t.kind = TokenKind::name;
      end = i + 1;
      while (end < s.size() && is_name_char(s[end])) ++end;
    } else {
      size_t length = 0;
      const auto kind = operator_at(s, i, length);
      if (!kind) {
        return Failure{Reason::syntax, describe_position(i, s.substr(i, 1)) + " is not accepted"};
      }
      t.kind = *kind;
      end = i + length;
    }
    t.text = s.substr(i, end - i);
    tokens.push_back(t);
    i = end;
  }
  Token end_token;
  end_token.offset = static_cast<uint32_t>(s.size());
  tokens.push_back(end_token);
  return std::nullopt;
}

}  // namespace toolhost::math
