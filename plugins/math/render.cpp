#include "render.hpp"

namespace toolhost::math {

std::string render(const Decimal& value) {
  // Zero, negative zero included, has the single form "0".
  if (value.is_zero()) return "0";
  std::string digits = value.coefficient.str();
  int64_t exponent = value.exponent;
  // The representation's trailing zeros carry no information: both
  // branches print the value, not its cohort member.
  size_t significant = digits.find_last_not_of('0') + 1;
  exponent += static_cast<int64_t>(digits.size() - significant);
  digits.resize(significant);
  const auto count = static_cast<int64_t>(digits.size());
  const int64_t adjusted = exponent + count - 1;

  std::string out = value.negative ? "-" : "";
  if (adjusted >= -25 && adjusted <= 25) {
    if (exponent >= 0) {
      out += digits;
      out.append(static_cast<size_t>(exponent), '0');
    } else {
      const int64_t integer_digits = count + exponent;
      if (integer_digits > 0) {
        out.append(digits, 0, static_cast<size_t>(integer_digits));
        out += '.';
        out.append(digits, static_cast<size_t>(integer_digits));
      } else {
        out += "0.";
        out.append(static_cast<size_t>(-integer_digits), '0');
        out += digits;
      }
    }
    return out;
  }
  out += digits[0];
  if (count > 1) {
    out += '.';
    out.append(digits, 1);
  }
  out += adjusted < 0 ? "e-" : "e+";
  out += std::to_string(adjusted < 0 ? -adjusted : adjusted);
  return out;
}

}  // namespace toolhost::math
