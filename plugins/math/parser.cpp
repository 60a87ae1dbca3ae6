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

// A parse error unwinds the recursive descent in one step.
struct ParseError {
  Failure failure;
};

class Parser {
 public:
  Parser(const std::vector<Token>& tokens, SyntaxTree& tree) : tokens_(tokens), tree_(tree) {}

  void run() {
    tree_.nodes.clear();
    tree_.arguments.clear();
    tree_.root = expression(0);
    if (peek().kind != TokenKind::end) fail_unexpected();
  }

 private:
  const Token& peek() const { return tokens_[position_]; }
  const Token& take() { return tokens_[position_++]; }

  [[noreturn]] void fail(Reason reason, std::string detail) {
    throw ParseError{Failure{reason, std::move(detail)}};
  }
  [[noreturn]] void fail_unexpected() {
    fail(Reason::syntax, describe_position(peek().offset, peek().text) + " was not expected");
  }

  uint32_t deeper(uint32_t depth) {
    if (depth + 1 > kMaxDepth) {
      fail(Reason::expression_too_deep,
           describe_position(peek().offset, peek().text) + " opens level 33, the limit is 32");
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
      left = binary(kind, op, left, right);
    }
  }

  uint32_t unary(uint32_t depth) {
    const Token& op = peek();
    if (op.kind == TokenKind::plus || op.kind == TokenKind::minus) {
      const uint32_t inner = deeper(depth);
      ++position_;
      const uint32_t operand = unary(inner);
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
    const Token& op = peek();
    if (op.kind != TokenKind::power) return base;
    ++position_;
    const uint32_t exponent = unary(depth);  // right-associative, and 2^-1 parses
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
        const uint32_t inner = deeper(depth);
        ++position_;
        const uint32_t value = expression(inner);
        if (peek().kind != TokenKind::right_paren) fail_unexpected();
        ++position_;
        return value;
      }
      default:
        fail_unexpected();
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
      fail(Reason::unknown_name, describe_position(name.offset, name.text) + " is no constant");
    }
    return add(n);
  }

  uint32_t call(const Token& name, uint32_t depth) {
    const FunctionEntry* entry = nullptr;
    for (const auto& f : kFunctions) {
      if (f.name == name.text) entry = &f;
    }
    if (!entry) {
      fail(Reason::unknown_name, describe_position(name.offset, name.text) + " is no function");
    }
    ++position_;  // (
    std::vector<uint32_t> arguments;
    if (peek().kind != TokenKind::right_paren) {
      for (;;) {
        const uint32_t inner = deeper(depth);
        arguments.push_back(expression(inner));
        if (peek().kind != TokenKind::comma) break;
        ++position_;
      }
    }
    if (peek().kind != TokenKind::right_paren) fail_unexpected();
    ++position_;
    if (arguments.size() < entry->min_arguments || arguments.size() > entry->max_arguments) {
      fail(Reason::arity, describe_position(name.offset, name.text) + " called with " +
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
};

}  // namespace

std::optional<Failure> parse(const std::vector<Token>& tokens, SyntaxTree& tree) {
  try {
    Parser(tokens, tree).run();
  } catch (ParseError& e) {
    return std::move(e.failure);
  }
  return std::nullopt;
}

}  // namespace toolhost::math
