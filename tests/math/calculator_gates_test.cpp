// The spec's hard gates 3, 5, 6 and 7 and the decisions of docs/math.md,
// asserted on the exact bytes of the result.
#include "calculator.hpp"

#include <gtest/gtest.h>

#include <string>

namespace {

using toolhost::math::evaluate;

void expect_value(const std::string& expression, const std::string& result, bool exact) {
  const auto outcome = evaluate(expression);
  ASSERT_TRUE(outcome.ok) << expression << " failed with " << outcome.reason_code << " "
                          << outcome.detail;
  EXPECT_EQ(outcome.result, result) << expression;
  EXPECT_EQ(outcome.exact, exact) << expression;
}

void expect_failure(const std::string& expression, const std::string& reason) {
  const auto outcome = evaluate(expression);
  ASSERT_FALSE(outcome.ok) << expression << " gave " << outcome.result;
  EXPECT_EQ(outcome.reason_code, "tool.invalid_arguments." + reason) << expression;
  EXPECT_FALSE(outcome.detail.empty()) << expression;
}

TEST(MathGate3, SeventeenTimesTwentyThreeIsExactly391) {
  expect_value("17 * 23", "391", true);
}

TEST(MathGate7, PointOnePlusPointTwoIsExactlyPointThree) {
  expect_value("0.1 + 0.2", "0.3", true);
}

TEST(MathGate5, HostileInputsReturnTheirReasonCodes) {
  expect_failure("9**9**9", "result_out_of_range");
  expect_failure("9^9^9", "result_out_of_range");
  expect_failure(std::string(1025, '1'), "expression_too_long");
  expect_failure(std::string(33, '(') + "1" + std::string(33, ')'), "expression_too_deep");
}

TEST(MathGate5, BoundsAreExact) {
  // 1024 characters pass the length bound (and are then a valid number).
  const auto at_limit = evaluate(std::string(1024, '1'));
  EXPECT_TRUE(at_limit.ok);
  expect_value(std::string(32, '(') + "1" + std::string(32, ')'), "1", true);
  expect_failure(std::string(33, '-') + "1", "expression_too_deep");
  expect_value(std::string(32, '-') + "1", "1", true);
  std::string nested = "4";
  for (int i = 0; i < 32; ++i) nested = "abs(" + nested + ")";
  expect_value(nested, "4", true);
  expect_failure("abs(" + nested + ")", "expression_too_deep");
  // 512 tokens pass, 513 do not.
  std::string chain;
  for (int i = 0; i < 255; ++i) chain += "+1";
  expect_value("-1" + chain, "254", true);               // 2 + 510 tokens
  expect_failure("1+1" + chain, "expression_too_long");  // 3 + 510 tokens
  // Code points, not bytes, are counted: 1024 two-byte characters are a
  // syntax error rather than too long.
  std::string wide;
  for (int i = 0; i < 1024; ++i) wide += "\xc3\xa9";
  expect_failure(wide, "syntax");
}

struct FloorCase {
  const char* expression;
  const char* python_int_result;
};

// Python 3: -7 // 2 == -4, -7 % 2 == 1, 7 // -2 == -4, 7 % -2 == -1, ...
TEST(MathGate6, FloorDivisionAndModuloFollowPythonIntsOnEverySign) {
  const FloorCase cases[] = {
      {"7 // 2", "3"},   {"7 % 2", "1"},   {"-7 // 2", "-4"},  {"-7 % 2", "1"},
      {"7 // -2", "-4"}, {"7 % -2", "-1"}, {"-7 // -2", "3"},  {"-7 % -2", "-1"},
      {"6 // -3", "-2"}, {"6 % -3", "0"},  {"-6 // 3", "-2"},  {"-6 % 3", "0"},
      {"0 // -5", "0"},  {"0 % -5", "0"},  {"-1 // 10", "-1"}, {"-1 % 10", "9"},
  };
  for (const auto& c : cases) expect_value(c.expression, c.python_int_result, true);
  expect_failure("7 // 0", "division_by_zero");
  expect_failure("7 % 0", "division_by_zero");
  expect_failure("0 / 0", "division_by_zero");
  // Decimal operands floor the same way.
  expect_value("-7.5 // 2", "-4", true);
  expect_value("-7.5 % 2", "0.5", true);
  expect_value("7.5 % -2", "-0.5", true);
}

TEST(MathSemantics, RenderingRules) {
  expect_value("1/4", "0.25", true);
  expect_value("10^25", "10000000000000000000000000", true);
  expect_value("10^26", "1e+26", true);
  expect_value("1e30", "1e+30", true);
  expect_value("1.5e-30", "1.5e-30", true);
  expect_value("1.5e-25", "0.00000000000000000000000015", true);
  expect_value("-0", "0", true);
  expect_value("0 * -1", "0", true);
  expect_value("2.50 * 2", "5", true);
  expect_value("2^100", "1.267650600228229401496703205376e+30", true);
  expect_value("1e-10049", "1e-10049", true);
  expect_value("1/3", "0.33333333333333333333333333333333333333333333333333", false);
}

TEST(MathSemantics, ExactTranscendentals) {
  expect_value("sqrt(4)", "2", true);
  expect_value("sqrt(0.0625)", "0.25", true);
  expect_value("log10(1000)", "3", true);
  expect_value("log10(0.001)", "-3", true);
  expect_value("ln(1)", "0", true);
  expect_value("exp(0)", "1", true);
  expect_value("4^0.5", "2", true);
  expect_value("0.25^-1.5", "8", true);
  expect_value("sqrt(2)", "1.4142135623730950488016887242096980785696718753769", false);
  expect_value("exp(1)", "2.7182818284590452353602874713526624977572470937", false);
  expect_value("ln(10)", "2.3025850929940456840179914546843642076011014886288", false);
  expect_value("2^0.5", "1.4142135623730950488016887242096980785696718753769", false);
}

TEST(MathSemantics, LiteralsAndConstantsEnterThroughTheContext) {
  expect_value("pi", "3.1415926535897932384626433832795028841971693993751", false);
  expect_value("e", "2.7182818284590452353602874713526624977572470937", false);
  expect_value("1.00000000000000000000000000000000000000000000000001", "1", false);
  expect_value("0e999999999999999999999", "0", true);
  expect_failure("1e10001", "result_out_of_range");
  expect_failure("1e-10050", "result_out_of_range");
}

TEST(MathSemantics, RoundingFunctionsAreExact) {
  expect_value("round(2.5)", "2", true);
  expect_value("round(3.5)", "4", true);
  expect_value("round(-2.5)", "-2", true);
  expect_value("round(2.675, 2)", "2.68", true);
  expect_value("round(1234.5, -2)", "1200", true);
  expect_value("ceil(-1.5)", "-1", true);
  expect_value("floor(-1.5)", "-2", true);
  expect_failure("round(1e40, 20)", "result_out_of_range");
  expect_failure("round(1, 51)", "domain");
  expect_failure("round(1, 0.5)", "domain");
}

TEST(MathSemantics, DomainsAndErrorPrecedence) {
  expect_failure("0^0", "domain");
  expect_failure("(-8)^0.5", "domain");
  expect_failure("0^-1", "division_by_zero");
  expect_failure("sqrt(-1)", "domain");
  expect_failure("ln(0)", "domain");
  expect_failure("log10(-1)", "domain");
  expect_value("-2^2", "-4", true);
  expect_value("2^3^2", "512", true);
  expect_value("2^-1", "0.5", true);
  // Parse errors win over evaluation errors, and the first failure wins.
  expect_failure("1/0 + foo", "unknown_name");
  expect_failure("1/0 + sqrt(1, 2)", "arity");
  expect_failure("1/0 + sqrt(-1)", "division_by_zero");
  expect_failure("sqrt(-1) + 1/0", "domain");
  expect_failure("sin(1)", "unknown_name");
  expect_failure("pi(1)", "unknown_name");
  expect_failure("max()", "arity");
  expect_failure("1e", "syntax");
  expect_failure(".5", "syntax");
  expect_failure("1 +", "syntax");
  expect_failure("", "syntax");
  expect_failure("2 3", "syntax");
  expect_failure("1_000", "syntax");
  expect_failure("Pi", "syntax");
}

TEST(MathSemantics, SyntaxDetailCarriesOffsetAndToken) {
  const auto outcome = evaluate("1 + * 2");
  ASSERT_FALSE(outcome.ok);
  EXPECT_EQ(outcome.detail, "offset 4: '*' was not expected");
}

}  // namespace
