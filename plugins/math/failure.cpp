#include "failure.hpp"

#include <array>

namespace toolhost::math {

std::string_view reason_code(Reason reason) {
  switch (reason) {
    case Reason::syntax:
      return "tool.invalid_arguments.syntax";
    case Reason::unknown_name:
      return "tool.invalid_arguments.unknown_name";
    case Reason::arity:
      return "tool.invalid_arguments.arity";
    case Reason::domain:
      return "tool.invalid_arguments.domain";
    case Reason::division_by_zero:
      return "tool.invalid_arguments.division_by_zero";
    case Reason::result_out_of_range:
      return "tool.invalid_arguments.result_out_of_range";
    case Reason::expression_too_long:
      return "tool.invalid_arguments.expression_too_long";
    case Reason::expression_too_deep:
      return "tool.invalid_arguments.expression_too_deep";
  }
  return "tool.invalid_arguments.syntax";
}

std::string describe_position(size_t offset, std::string_view token) {
  constexpr size_t kMaxShown = 32;
  std::string out = "offset " + std::to_string(offset) + ": ";
  if (token.empty()) return out + "end of expression";
  out += '\'';
  const size_t shown = token.size() < kMaxShown ? token.size() : kMaxShown;
  for (size_t i = 0; i < shown; ++i) {
    const auto c = static_cast<unsigned char>(token[i]);
    if (c >= 0x20 && c < 0x7f && c != '\'' && c != '\\') {
      out += static_cast<char>(c);
    } else {
      static constexpr std::array<char, 16> kHex = {'0', '1', '2', '3', '4', '5', '6', '7',
                                                    '8', '9', 'a', 'b', 'c', 'd', 'e', 'f'};
      out += "\\x";
      out += kHex[c >> 4];
      out += kHex[c & 0xf];
    }
  }
  if (shown < token.size()) out += "...";
  out += '\'';
  return out;
}

}  // namespace toolhost::math
