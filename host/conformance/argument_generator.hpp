// Arguments generated from a tool's input schema, for the conformance
// checks: valid ones (to exercise invoke and the output schema), invalid
// ones (that the host must stop before invoke), and mutated ones for fuzzing.
// Understands the subset tool schemas use: type, properties, required,
// additionalProperties, enum, const, minimum/maximum, minLength/maxLength,
// items/minItems/maxItems, examples (preferred when present), anyOf/oneOf.
#pragma once

#include <boost/json.hpp>
#include <cstdint>
#include <random>
#include <vector>

namespace toolhost::conformance {

class ArgumentGenerator {
 public:
  ArgumentGenerator(const boost::json::object& input_schema, uint64_t seed);

  // A value meant to satisfy the schema (the host's validator has the last word).
  boost::json::value valid();
  // Values that violate the schema in one way each: wrong types, unknown
  // property, missing required property, out-of-range numbers, not an object.
  std::vector<boost::json::value> invalid();
  // A valid value with one leaf replaced by an edge case (empty, huge, odd
  // Unicode, extreme numbers); may or may not still validate.
  boost::json::value mutated();

 private:
  boost::json::value value_for(const boost::json::object& schema, int depth);
  std::string random_string(size_t min_len, size_t max_len);
  boost::json::value edge_value();

  boost::json::object schema_;
  std::mt19937_64 rng_;
};

}  // namespace toolhost::conformance
