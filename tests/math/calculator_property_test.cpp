// Hard gate 4: over generated expressions, valid and invalid, every input
// either evaluates to a rendered decimal or fails with one of the eight
// reason codes, and never takes longer than the tool's 2 s timeout.
#include "calculator.hpp"

#include <gtest/gtest.h>

#include <chrono>
#include <random>
#include <regex>
#include <set>
#include <string>

namespace {

class ExpressionGenerator {
 public:
  explicit ExpressionGenerator(uint32_t seed) : rng_(seed) {}

  std::string next() {
    const int kind = pick(10);
    if (kind < 6) return expression(0);
    if (kind < 8) return mutate(expression(0));
    return noise();
  }

 private:
  int pick(int n) { return std::uniform_int_distribution<int>(0, n - 1)(rng_); }

  std::string digits(int min, int max) {
    std::string s;
    const int n = min + pick(max - min + 1);
    for (int i = 0; i < n; ++i) s += static_cast<char>('0' + pick(10));
    return s;
  }

  std::string number() {
    std::string s = digits(1, pick(4) == 0 ? 60 : 4);
    if (pick(3) == 0) s += "." + digits(1, 20);
    if (pick(4) == 0) {
      s += pick(2) ? "e" : "E";
      if (pick(2)) s += pick(2) ? "-" : "+";
      s += pick(3) == 0 ? digits(4, 6) : digits(1, 3);
    }
    return s;
  }

  std::string expression(int depth) {
    static const char* kBinary[] = {" + ", " - ", " * ", " / ", " // ", " % ", "^", "**"};
    static const char* kFunctions[] = {"abs",   "ceil", "floor", "round", "sqrt", "ln",
                                       "log10", "exp",  "min",   "max",   "foo"};
    const int kind = depth > 5 ? 0 : pick(7);
    switch (kind) {
      case 0:
        return pick(8) == 0 ? (pick(2) ? "pi" : "e") : number();
      case 1:
      case 2:
        return expression(depth + 1) + kBinary[pick(8)] + expression(depth + 1);
      case 3:
        return (pick(2) ? "-" : "+") + expression(depth + 1);
      case 4:
        return "(" + expression(depth + 1) + ")";
      default: {
        std::string call = kFunctions[pick(11)];
        call += "(";
        const int args = pick(4);
        for (int i = 0; i < args; ++i) call += (i ? ", " : "") + expression(depth + 1);
        return call + ")";
      }
    }
  }

  std::string mutate(std::string s) {
    static const std::string kAlphabet = "0123456789+-*/%^().,e E_!#$[]\t\n\xc3\xa9\x01";
    const int edits = 1 + pick(4);
    for (int i = 0; i < edits && !s.empty(); ++i) {
      const size_t at = static_cast<size_t>(pick(static_cast<int>(s.size())));
      if (pick(2)) {
        s.insert(at, 1, kAlphabet[static_cast<size_t>(pick(static_cast<int>(kAlphabet.size())))]);
      } else {
        s.erase(at, 1);
      }
    }
    return s;
  }

  std::string noise() {
    switch (pick(5)) {
      case 0:
        return std::string(static_cast<size_t>(20 + pick(30)), '(') + "1";
      case 1:
        return std::string(static_cast<size_t>(1000 + pick(60)), '9');
      case 2: {
        std::string s = "2";
        const int n = 100 + pick(200);
        for (int i = 0; i < n; ++i) s += "^2";
        return s;
      }
      case 3: {
        std::string s = "9";
        const int n = 1 + pick(6);
        for (int i = 0; i < n; ++i) s += "**9";
        return s;
      }
      default: {
        std::string s;
        const int n = pick(40);
        for (int i = 0; i < n; ++i) s += static_cast<char>(pick(256));
        return s;
      }
    }
  }

  std::mt19937 rng_;
};

TEST(MathGate4, GeneratedExpressionsEvaluateOrFailWithOneOfTheEightCodes) {
  const std::set<std::string> codes = {
      "tool.invalid_arguments.syntax",
      "tool.invalid_arguments.unknown_name",
      "tool.invalid_arguments.arity",
      "tool.invalid_arguments.domain",
      "tool.invalid_arguments.division_by_zero",
      "tool.invalid_arguments.result_out_of_range",
      "tool.invalid_arguments.expression_too_long",
      "tool.invalid_arguments.expression_too_deep",
  };
  // The rendering grammar: positional or one-digit scientific, no trailing
  // zeros after a point, lowercase e with a signed exponent.
  const std::regex rendered(
      R"(0|-?(0|[1-9][0-9]*)(\.[0-9]*[1-9])?|-?[1-9](\.[0-9]*[1-9])?e[+-][1-9][0-9]*)");
  ExpressionGenerator generator(20240);
  int evaluated = 0;
  int failed = 0;
  std::chrono::nanoseconds slowest{0};
  for (int i = 0; i < 4000; ++i) {
    const std::string expression = generator.next();
    const auto start = std::chrono::steady_clock::now();
    const auto outcome = toolhost::math::evaluate(expression);
    const auto elapsed = std::chrono::steady_clock::now() - start;
    slowest = std::max(slowest, std::chrono::duration_cast<std::chrono::nanoseconds>(elapsed));
    // Generous bound: the declared timeout, not a performance target.
    ASSERT_LT(elapsed, std::chrono::seconds(2)) << expression;
    if (outcome.ok) {
      ++evaluated;
      ASSERT_TRUE(std::regex_match(outcome.result, rendered))
          << expression << " rendered " << outcome.result;
      ASSERT_TRUE(outcome.reason_code.empty());
    } else {
      ++failed;
      ASSERT_TRUE(codes.count(outcome.reason_code)) << expression << " -> " << outcome.reason_code;
    }
  }
  // Both halves of the property must actually have been exercised.
  EXPECT_GT(evaluated, 500);
  EXPECT_GT(failed, 500);
  RecordProperty("slowest_ns", std::to_string(slowest.count()));
}

}  // namespace
