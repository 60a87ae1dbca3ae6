#include "small_integers.hpp"

#include <string_view>

namespace toolhost::math {
namespace {

// Up to 18 ASCII digits: below 10^18, so any such literal fits int64.
std::optional<int64_t> literal(std::string_view text) {
  if (text.empty() || text.size() > 18) return std::nullopt;
  int64_t value = 0;
  for (const char c : text) {
    if (c < '0' || c > '9') return std::nullopt;
    value = value * 10 + (c - '0');
  }
  return value;
}

// The parser bounds the tree's depth, so the recursion is bounded too.
std::optional<int64_t> value_of(const SyntaxTree& tree, uint32_t index) {
  const Node& node = tree.nodes[index];
  int64_t result = 0;
  switch (node.kind) {
    case NodeKind::number:
      return literal(node.text);
    case NodeKind::negate: {
      const auto operand = value_of(tree, node.left);
      if (!operand || __builtin_sub_overflow(int64_t{0}, *operand, &result)) return std::nullopt;
      return result;
    }
    case NodeKind::add:
    case NodeKind::subtract:
    case NodeKind::multiply: {
      const auto left = value_of(tree, node.left);
      if (!left) return std::nullopt;
      const auto right = value_of(tree, node.right);
      if (!right) return std::nullopt;
      const bool overflow =
          node.kind == NodeKind::add        ? __builtin_add_overflow(*left, *right, &result)
          : node.kind == NodeKind::subtract ? __builtin_sub_overflow(*left, *right, &result)
                                            : __builtin_mul_overflow(*left, *right, &result);
      if (overflow) return std::nullopt;
      return result;
    }
    default:
      return std::nullopt;
  }
}

}  // namespace

std::optional<int64_t> small_integer_value(const SyntaxTree& tree) {
  if (tree.nodes.empty() || tree.root >= tree.nodes.size()) return std::nullopt;
  const auto value = value_of(tree, tree.root);
  // INT64_MIN has no positive counterpart; the decimal path renders it.
  if (!value || *value == INT64_MIN) return std::nullopt;
  return value;
}

}  // namespace toolhost::math
