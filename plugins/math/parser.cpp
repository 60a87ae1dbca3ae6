#include "parser.hpp"

#include <array>
#include <utility>

namespace toolhost::math {
namespace {

struct FunctionEntry {
  std::string_view name;
  Function function;
  uint32_t min_arguments;
  uint32_t max_arguments;
};

constexpr uint32_t kUnbounded = UINT32_MAX;

constexpr std::array<FunctionEntry, 10> kFunctions = {{
    {"abs", Function::abs, 1, 1},
    {"ceil", Function::ceil, 1, 1},
    {"exp", Function::exp, 1, 1},
    {"floor", Function::floor, 1, 1},
    {"ln", Function::ln, 1, 1},
    {"log10", Function::log10, 1, 1},
    {"max", Function::max, 1, kUnbounded},
    {"min", Function::min, 1, kUnbounded},
    {"round", Function::round, 1, 2},
    {"sqrt", Function::sqrt, 1, 1},
}};

class Parser {
 public:
  Parser(const std::vector<Token>& tokens, SyntaxTree& tree) : tokens_(tokens), tree_(tree) {}

  // Errors return early instead of throwing: unwinding 33 frames through a
  // dlopen'ed plugin costs tens of microseconds, the whole budget of a
  // hostile input.
  std::optional<Failure> run() {
    tree_.nodes.clear();
    tree_.arguments.clear();
    tree_.root = expression(0);
    if (!failure_ && peek().kind != TokenKind::end) fail_unexpected();
    return std::move(failure_);
  }

 private:
  const Token& peek() const { return tokens_[position_]; }
  const Token& take() { return tokens_[position_++]; }

  // Records the first failure; the returned index is never used.
  uint32_t fail(Reason reason, std::string detail) {
    if (!failure_) failure_ = Failure{reason, std::move(detail)};
    return 0;
  }
  uint32_t fail_unexpected() {
    return fail(Reason::syntax,
                describe_position(peek().offset, peek().text) + " was not expected");
  }

  // The depth of a new level, or nullopt (with the failure recorded).
  std::optional<uint32_t> deeper(uint32_t depth) {
    if (depth + 1 > kMaxDepth) {
      fail(Reason::expression_too_deep,
           describe_position(peek().offset, peek().text) + " opens level 33, the limit is 32");
      return std::nullopt;
    }
    return depth + 1;
  }

  uint32_t add(Node node) {
    tree_.nodes.push_back(node);
    return static_cast<uint32_t>(tree_.nodes.size() - 1);
  }

  uint32_t binary(NodeKind kind, const Token& op, uint32_t left, uint32_t right) {
    Node n;
    n.kind = kind;
    n.offset = op.offset;
    n.text = op.text;
    n.left = left;
    n.right = right;
    return add(n);
  }

  uint32_t expression(uint32_t depth) {
    uint32_t left = term(depth);
    for (;;) {
      if (failure_) return 0;
      const Token& op = peek();
      if (op.kind != TokenKind::plus && op.kind != TokenKind::minus) return left;
      ++position_;
      const uint32_t right = term(depth);
      left =
          binary(op.kind == TokenKind::plus ? NodeKind::add : NodeKind::subtract, op, left, right);
    }
  }

  uint32_t term(uint32_t depth) {
    uint32_t left = unary(depth);
    for (;;) {
      if (failure_) return 0;
      const Token& op = peek();
      NodeKind kind;
      switch (op.kind) {
        case TokenKind::star:
          kind = NodeKind::multiply;
          break;
        case TokenKind::slash:
          kind = NodeKind::divide;
          break;
        case TokenKind::double_slash:
          kind = NodeKind::floor_divide;
          break;
        case TokenKind::percent:
          kind = NodeKind::modulo;
          break;
        default:
          return left;
      }
      ++position_;
      const uint32_t right = unary(depth);
      if (failure_) return 0;
      left = binary(kind, op, left, right);
    }
  }

  uint32_t unary(uint32_t depth) {
    const Token& op = peek();
    if (op.kind == TokenKind::plus || op.kind == TokenKind::minus) {
      const auto inner = deeper(depth);
      if (!inner) return 0;
      ++position_;
      const uint32_t operand = unary(*inner);
      if (failure_) return 0;
      if (op.kind == TokenKind::plus) return operand;  // identity: no node
      Node n;
      n.kind = NodeKind::negate;
      n.offset = op.offset;
      n.text = op.text;
      n.left = operand;
      return add(n);
    }
    return power(depth);
  }

  uint32_t power(uint32_t depth) {
    const uint32_t base = primary(depth);
    if (failure_) return 0;
    const Token& op = peek();
    if (op.kind != TokenKind::power) return base;
    ++position_;
    const uint32_t exponent = unary(depth);  // right-associative, and 2^-1 parses
    if (failure_) return 0;
    return binary(NodeKind::power, op, base, exponent);
  }

  uint32_t primary(uint32_t depth) {
    const Token& t = peek();
    switch (t.kind) {
      case TokenKind::number: {
        ++position_;
        Node n;
        n.kind = NodeKind::number;
        n.offset = t.offset;
        n.text = t.text;
        return add(n);
      }
      case TokenKind::name:
        ++position_;
        if (peek().kind == TokenKind::left_paren) return call(t, depth);
        return constant(t);
      case TokenKind::left_paren: {
        const auto inner = deeper(depth);
        if (!inner) return 0;
        ++position_;
        const uint32_t value = expression(*inner);
        if (failure_) return 0;
        if (peek().kind != TokenKind::right_paren) return fail_unexpected();
        ++position_;
        return value;
      }
      default:
        return fail_unexpected();
    }
  }

  uint32_t constant(const Token& name) {
    Node n;
    n.kind = NodeKind::constant;
    n.offset = name.offset;
    n.text = name.text;
    if (name.text == "pi") {
      n.constant = Constant::pi;
    } else if (name.text == "e") {
      n.constant = Constant::e;
    } else {
      return fail(Reason::unknown_name,
                  describe_position(name.offset, name.text) + " is no constant");
    }
    return add(n);
  }

  uint32_t call(const Token& name, uint32_t depth) {
    const FunctionEntry* entry = nullptr;
    for (const auto& f : kFunctions) {
      if (f.name == name.text) entry = &f;
    }
    if (!entry) {
      return fail(Reason::unknown_name,
                  describe_position(name.offset, name.text) + " is no function");
    }
    ++position_;  // (
    std::vector<uint32_t> arguments;
    if (peek().kind != TokenKind::right_paren) {
      for (;;) {
        const auto inner = deeper(depth);
        if (!inner) return 0;
        arguments.push_back(expression(*inner));
        if (failure_) return 0;
        if (peek().kind != TokenKind::comma) break;
        ++position_;
      }
    }
    if (peek().kind != TokenKind::right_paren) return fail_unexpected();
    ++position_;
    if (arguments.size() < entry->min_arguments || arguments.size() > entry->max_arguments) {
      return fail(Reason::arity, describe_position(name.offset, name.text) + " called with " +
                                     std::to_string(arguments.size()) + " arguments");
    }
    Node n;
    n.kind = NodeKind::call;
    n.function = entry->function;
    n.offset = name.offset;
    n.text = name.text;
    n.first_argument = static_cast<uint32_t>(tree_.arguments.size());
    n.argument_count = static_cast<uint32_t>(arguments.size());
    tree_.arguments.insert(tree_.arguments.end(), arguments.begin(), arguments.end());
    return add(n);
  }

  const std::vector<Token>& tokens_;
  SyntaxTree& tree_;
  size_t position_ = 0;
  std::optional<Failure> failure_;
};

}  // namespace

std::optional<Failure> parse(const std::vector<Token>& tokens, SyntaxTree& tree) {
  return Parser(tokens, tree).run();
}

}  // namespace toolhost::math
