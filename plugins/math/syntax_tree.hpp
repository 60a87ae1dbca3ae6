// The parsed expression: a flat array of nodes referring to each other by
// index, built by the parser and walked once by the evaluator.
#pragma once

#include <cstdint>
#include <string_view>
#include <vector>

namespace toolhost::math {

enum class NodeKind : uint8_t {
  number,
  constant,
  negate,
  add,
  subtract,
  multiply,
  divide,
  floor_divide,
  modulo,
  power,
  call,
};

enum class Function : uint8_t { abs, ceil, floor, round, sqrt, ln, log10, exp, min, max };
enum class Constant : uint8_t { pi, e };

struct Node {
  NodeKind kind = NodeKind::number;
  Function function = Function::abs;  // kind == call
  Constant constant = Constant::pi;   // kind == constant
  uint32_t offset = 0;                // of the token that names the node
  std::string_view text;              // that token
  uint32_t left = 0;                  // operand of negate, left of a binary node
  uint32_t right = 0;                 // right of a binary node
  uint32_t first_argument = 0;        // kind == call: index into SyntaxTree::arguments
  uint32_t argument_count = 0;
};

struct SyntaxTree {
  std::vector<Node> nodes;
  std::vector<uint32_t> arguments;
  uint32_t root = 0;
};

}  // namespace toolhost::math
