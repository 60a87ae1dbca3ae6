// The public face of the math core: one expression in, one outcome out.
// Tokenize, parse (both bounded), evaluate, render. No exception escapes.
#pragma once

#include <string>
#include <string_view>

namespace toolhost::math {

struct EvalOutcome {
  bool ok = false;
  // ok: the rendered result and whether the context never set Inexact.
  std::string result;
  bool exact = false;
  // !ok: the full reason code, e.g. "tool.invalid_arguments.syntax", and
  // the operator-only detail (offset and token).
  std::string reason_code;
  std::string detail;
};

EvalOutcome evaluate(std::string_view expression) noexcept;

}  // namespace toolhost::math
