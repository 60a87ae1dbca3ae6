#include "calculator.hpp"

#include "evaluator.hpp"
#include "parser.hpp"
#include "render.hpp"
#include "small_integers.hpp"
#include "tokenizer.hpp"

#include <exception>
#include <string>
#include <vector>

namespace toolhost::math {
namespace {

EvalOutcome failed(const Failure& f) {
  EvalOutcome out;
  out.reason_code = std::string(reason_code(f.reason));
  out.detail = f.detail;
  return out;
}

}  // namespace

EvalOutcome evaluate(std::string_view expression) noexcept {
  try {
    // Reused per thread: after the first calls, tokenizing and parsing
    // allocate nothing. Both are cleared by tokenize and parse.
    thread_local std::vector<Token> tokens;
    thread_local SyntaxTree tree;
    if (auto f = tokenize(expression, tokens)) return failed(*f);
    if (auto f = parse(tokens, tree)) return failed(*f);
    if (const auto whole = small_integer_value(tree)) {
      EvalOutcome out;
      out.ok = true;
      out.result = std::to_string(*whole);
      out.exact = true;
      return out;
    }
    Decimal value;
    Flags flags;
    if (auto f = evaluate_tree(tree, value, flags)) return failed(*f);
    EvalOutcome out;
    out.ok = true;
    out.result = render(value);
    out.exact = !flags.inexact;
    return out;
  } catch (const std::exception& e) {
    // Only allocation failure can get here; the bounds keep every value
    // small, so this is a resource limit rather than a wrong answer.
    try {
      return failed(Failure{Reason::result_out_of_range, std::string("resources: ") + e.what()});
    } catch (...) {
      return EvalOutcome{};
    }
  }
}

}  // namespace toolhost::math
