// The eight ways math.calculate refuses an expression, each the diagnosis
// half of a reason code; the detail is the operator-only specifics.
#pragma once

#include <string>
#include <string_view>

namespace toolhost::math {

enum class Reason {
  syntax,
  unknown_name,
  arity,
  domain,
  division_by_zero,
  result_out_of_range,
  expression_too_long,
  expression_too_deep,
};

// The full reason code, e.g. "tool.invalid_arguments.syntax".
std::string_view reason_code(Reason reason);

struct Failure {
  Reason reason = Reason::syntax;
  std::string detail;
};

// "offset 4: '//'" with unprintable bytes escaped and long tokens cut, so
// the detail is safe to log whatever the input was.
std::string describe_position(size_t offset, std::string_view token);

}  // namespace toolhost::math
