// A conservative checker for the schema shapes tools declare most: objects of
// typed properties with length limits, `required` and a boolean
// `additionalProperties`. valijson allocates per property visited (it copies
// its error-path context for every subschema), which made the two
// validations a quarter of the pipeline's per-call cost; this checker walks
// the instance without allocating. It answers only where it is certain and
// says `unsure` everywhere else, and a schema that uses any keyword outside
// its subset is not given one at all: valijson stays the validator of record
// (CompiledSchema asks it for every error it reports).
#pragma once

#include <boost/json/fwd.hpp>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace toolhost::schema {

class FastCheck {
 public:
  enum class Verdict { valid, invalid, unsure };

  struct Failure {
    std::string pointer;  // JSON pointer of the failing instance location
    std::string keyword;  // the keyword that failed
    std::string message;
  };

  // nullopt when the schema uses anything outside the subset.
  static std::optional<FastCheck> compile(const boost::json::value& schema);

  // `failure` is filled for `invalid` only.
  Verdict check(const boost::json::value& instance, Failure* failure) const;

  // A string's length as JSON Schema counts it: Unicode code points of the
  // whole string (an embedded U+0000 included).
  static uint64_t code_points(std::string_view utf8);

 private:
  enum TypeBit : uint8_t {
    kString = 1,
    kInteger = 2,
    kNumber = 4,
    kBoolean = 8,
    kNull = 16,
    kObject = 32,
    kArray = 64,
  };
  struct Node {
    uint8_t types = 0;  // 0: any type
    std::optional<uint64_t> min_length, max_length;
    std::vector<std::pair<std::string, Node>> properties;
    std::vector<std::string> required;
    bool additional_properties = true;
  };

  static bool compile_node(const boost::json::value& schema, Node& out);
  // On `invalid`, `failure->pointer` is relative to `instance`; callers
  // prepend their segment on the way out, so the valid path builds nothing.
  static Verdict check_node(const Node& node, const boost::json::value& instance, Failure* failure);

  Node root_;
};

}  // namespace toolhost::schema
