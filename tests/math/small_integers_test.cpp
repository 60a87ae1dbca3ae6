// The whole-number fast path gives what the decimal evaluator gives: the same
// rendered result and exactness, for random integer expressions, including
// those that overflow int64 (which the fast path hands back).
#include "small_integers.hpp"
#include "calculator.hpp"
#include "evaluator.hpp"
#include "parser.hpp"
#include "render.hpp"
#include "tokenizer.hpp"

#include <gtest/gtest.h>

#include <random>
#include <string>
#include <vector>

namespace toolhost::math {
namespace {

SyntaxTree tree_of(const std::string& expression) {
  std::vector<Token> tokens;
  SyntaxTree tree;
  EXPECT_FALSE(tokenize(expression, tokens)) << expression;
  EXPECT_FALSE(parse(tokens, tree)) << expression;
  return tree;
}

// The decimal evaluator alone, as evaluate() ran before the fast path.
EvalOutcome by_decimals(const std::string& expression) {
  const SyntaxTree tree = tree_of(expression);
  Decimal value;
  Flags flags;
  EvalOutcome out;
  if (evaluate_tree(tree, value, flags)) return out;
  out.ok = true;
  out.result = render(value);
  out.exact = !flags.inexact;
  return out;
}

TEST(SmallIntegers, TakesOnlyWholeNumbersUnderAddSubtractMultiply) {
  EXPECT_EQ(small_integer_value(tree_of("17 * 23")), 391);
  EXPECT_EQ(small_integer_value(tree_of("-(2 - 5) * 4 + 1")), 13);
  EXPECT_EQ(small_integer_value(tree_of("999999999999999999")), 999999999999999999);
  EXPECT_EQ(small_integer_value(tree_of("0 * -1")), 0);
  for (const char* other :
       {"1.5 * 2", "2 ^ 3", "10 / 2", "7 // 2", "7 % 2", "1e3", "abs(-1)", "pi",
        "1000000000000000000", "9223372036854775807 + 1", "3037000500 * 3037000500"})
    EXPECT_FALSE(small_integer_value(tree_of(other))) << other;
}

TEST(SmallIntegers, AgreesWithTheDecimalEvaluator) {
  std::mt19937_64 random(20261130);
  const std::vector<std::string> literals = {"0",
                                             "1",
                                             "7",
                                             "10",
                                             "99",
                                             "123456789",
                                             "3037000499",
                                             "3037000500",
                                             "4294967296",
                                             "999999999999999999",
                                             "000000000000000042",
                                             "1000000000000000000",
                                             "9223372036854775807"};
  const char* operators[] = {" + ", " - ", " * "};
  std::uniform_int_distribution<size_t> pick_literal(0, literals.size() - 1);
  std::uniform_int_distribution<int> pick_operator(0, 2), coin(0, 3), length(1, 6);
  int fast = 0;
  for (int n = 0; n < 20000; ++n) {
    std::string expression;
    const int terms = length(random);
    for (int t = 0; t < terms; ++t) {
      if (t > 0) expression += operators[pick_operator(random)];
      std::string term = literals[pick_literal(random)];
      if (coin(random) == 0) term = "-" + term;
      if (coin(random) == 0)
        term = "(" + term + operators[pick_operator(random)] + literals[pick_literal(random)] + ")";
      expression += term;
    }
    const EvalOutcome expected = by_decimals(expression);
    const EvalOutcome got = evaluate(expression);
    ASSERT_EQ(got.ok, expected.ok) << expression;
    ASSERT_EQ(got.result, expected.result) << expression;
    ASSERT_EQ(got.exact, expected.exact) << expression;
    if (small_integer_value(tree_of(expression))) ++fast;
  }
  // Both paths were exercised: most draws fit, the 19-digit ones do not.
  EXPECT_GT(fast, 2000);
  EXPECT_LT(fast, 19000);
}

}  // namespace
}  // namespace toolhost::math
