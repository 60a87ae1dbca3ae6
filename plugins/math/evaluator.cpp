#include "evaluator.hpp"

#include "arithmetic.hpp"
#include "power.hpp"
#include "transcendental.hpp"

#include <utility>

namespace toolhost::math {
namespace {

// Sixty significant digits, so the fiftieth is right after rounding.
constexpr std::string_view kPi = "3.14159265358979323846264338327950288419716939937510582097494";
constexpr std::string_view kE = "2.71828182845904523536028747135266249775724709369995957496696";

// Exponents are read saturated: anything this large is out of every range
// (or clamps a zero), and the saturation keeps the arithmetic in int64.
constexpr int64_t kExponentSaturation = int64_t{1} << 40;

Reason reason_for(Fault fault) {
  switch (fault) {
    case Fault::division_by_zero:
      return Reason::division_by_zero;
    case Fault::domain:
      return Reason::domain;
    case Fault::out_of_range:
    case Fault::none:
      break;
  }
  return Reason::result_out_of_range;
}

std::string_view function_name(Function f) {
  switch (f) {
    case Function::abs:
      return "abs";
    case Function::ceil:
      return "ceil";
    case Function::floor:
      return "floor";
    case Function::round:
      return "round";
    case Function::sqrt:
      return "sqrt";
    case Function::ln:
      return "ln";
    case Function::log10:
      return "log10";
    case Function::exp:
      return "exp";
    case Function::min:
      return "min";
    case Function::max:
      return "max";
  }
  return "";
}

struct RoundedConstant {
  Decimal value;
  bool inexact = false;
};

RoundedConstant rounded_constant(std::string_view digits) {
  RoundedConstant c;
  Flags flags;
  literal_value(digits, c.value, flags);  // 60 digits in range: never a fault
  c.inexact = flags.inexact;
  return c;
}

class Evaluator {
 public:
  Evaluator(const SyntaxTree& tree, Flags& flags) : tree_(tree), flags_(flags) {}

  Decimal value(uint32_t index) {
    const Node& node = tree_.nodes[index];
    Decimal out;
    switch (node.kind) {
      case NodeKind::number:
        check(node, literal_value(node.text, out, flags_), "literal");
        return out;
      case NodeKind::constant: {
        // The constants enter through the context like any literal; their
        // rounded values (both inexact) are computed once.
        static const RoundedConstant pi = rounded_constant(kPi);
        static const RoundedConstant e = rounded_constant(kE);
        const RoundedConstant& c = node.constant == Constant::pi ? pi : e;
        if (c.inexact) flags_.inexact = true;
        return c.value;
      }
      case NodeKind::negate:
        return negate(value(node.left));  // a failed operand's value is unused
      case NodeKind::call:
        return call(node);
      default:
        break;
    }
    const Decimal a = value(node.left);
    if (failure_) return out;
    const Decimal b = value(node.right);
    if (failure_) return out;
    Fault fault = Fault::none;
    switch (node.kind) {
      case NodeKind::add:
        fault = add(a, b, out, flags_);
        break;
      case NodeKind::subtract:
        fault = subtract(a, b, out, flags_);
        break;
      case NodeKind::multiply:
        fault = multiply(a, b, out, flags_);
        break;
      case NodeKind::divide:
        fault = divide(a, b, out, flags_);
        break;
      case NodeKind::floor_divide:
        fault = floor_divide(a, b, out, flags_);
        break;
      case NodeKind::modulo:
        fault = modulo(a, b, out, flags_);
        break;
      case NodeKind::power:
        fault = power(a, b, out, flags_);
        break;
      default:
        break;
    }
    check(node, fault, "operator");
    return out;
  }

  std::optional<Failure> take_failure() { return std::move(failure_); }

 private:
  // Records the first failure: evaluation is left to right and stops there.
  void check(const Node& node, Fault fault, std::string_view what) {
    if (fault == Fault::none || failure_) return;
    failure_ = Failure{reason_for(fault),
                       describe_position(node.offset, node.text) + " (" + std::string(what) + ")"};
  }

  Decimal call(const Node& node) {
    std::vector<Decimal> args;
    args.reserve(node.argument_count);
    for (uint32_t i = 0; i < node.argument_count; ++i) {
      args.push_back(value(tree_.arguments[node.first_argument + i]));
      if (failure_) return Decimal{};
    }
    Decimal out;
    Fault fault = Fault::none;
    std::string_view argument;  // which argument a failure names, if any
    switch (node.function) {
      case Function::abs:
        return absolute(args[0]);
      case Function::ceil:
        return to_integral(args[0], IntegralRounding::ceiling);
      case Function::floor:
        return to_integral(args[0], IntegralRounding::floor);
      case Function::round:
        if (args.size() == 1) return to_integral(args[0], IntegralRounding::half_even);
        {
          int64_t places = 0;
          if (!to_small_integer(args[1], places) || places < -50 || places > 50) {
            fault = Fault::domain;
            argument = ", argument 2";
          } else {
            fault = round_to_places(args[0], places, out);
          }
        }
        break;
      case Function::sqrt:
        fault = square_root(args[0], out, flags_);
        argument = ", argument 1";
        break;
      case Function::ln:
        fault = natural_log(args[0], out, flags_);
        argument = ", argument 1";
        break;
      case Function::log10:
        fault = log_base_ten(args[0], out, flags_);
        argument = ", argument 1";
        break;
      case Function::exp:
        fault = exponential(args[0], out, flags_);
        break;
      case Function::min:
      case Function::max: {
        size_t best = 0;
        for (size_t i = 1; i < args.size(); ++i) {
          const int order = compare(args[i], args[best]);
          if (node.function == Function::min ? order < 0 : order > 0) best = i;
        }
        return std::move(args[best]);
      }
    }
    if (fault != Fault::none && !failure_) {
      check(node, fault,
            "function " + std::string(function_name(node.function)) + std::string(argument));
    }
    return out;
  }

  const SyntaxTree& tree_;
  Flags& flags_;
  std::optional<Failure> failure_;
};

int64_t read_exponent(std::string_view digits, bool negative) {
  int64_t value = 0;
  for (char c : digits) {
    value = value * 10 + (c - '0');
    if (value > kExponentSaturation) {
      value = kExponentSaturation;
      break;
    }
  }
  return negative ? -value : value;
}

}  // namespace

Fault literal_value(std::string_view text, Decimal& out, Flags& flags) {
  size_t i = 0;
  // The coefficient's digits, accumulated in a word while they fit (up to
  // 19 significant digits) and collected as text only beyond that.
  std::string digits;
  uint64_t small = 0;
  size_t significant = 0;
  const auto take_digit = [&](char c) {
    if (significant == 0 && c == '0') return;
    if (significant < 19) {
      small = small * 10 + static_cast<uint64_t>(c - '0');
    } else {
      if (significant == 19) digits = std::to_string(small);
      digits += c;
    }
    ++significant;
  };
  while (i < text.size() && text[i] >= '0' && text[i] <= '9') take_digit(text[i++]);
  int64_t exponent = 0;
  if (i < text.size() && text[i] == '.') {
    ++i;
    while (i < text.size() && text[i] >= '0' && text[i] <= '9') {
      take_digit(text[i++]);
      --exponent;
    }
  }
  if (i < text.size() && (text[i] == 'e' || text[i] == 'E')) {
    ++i;
    bool negative = false;
    if (text[i] == '+' || text[i] == '-') negative = text[i++] == '-';
    exponent += read_exponent(text.substr(i), negative);
  }
  Integer coefficient;
  if (significant <= 19) {
    coefficient = small;
  } else {
    coefficient = Integer(digits);
  }
  return round_into_context(false, std::move(coefficient), exponent, false, out, flags);
}

std::optional<Failure> evaluate_tree(const SyntaxTree& tree, Decimal& result, Flags& flags) {
  Evaluator evaluator(tree, flags);
  result = evaluator.value(tree.root);
  return evaluator.take_failure();
}

}  // namespace toolhost::math
