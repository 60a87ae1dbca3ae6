// Serializing a JSON value on the hot paths (a call's arguments and result,
// an answer's parts). Byte for byte what boost::json::serialize writes, but
// written straight into the caller's string: Boost's serializer costs about a
// thousand instructions to set up and drive for a small object, this about a
// tenth of that. Numbers that are doubles, and values nested deeper than the
// parser's own limit allows, still go through Boost's serializer, so the
// formatting of a double is Boost's by construction.
#pragma once

#include <boost/json/object.hpp>
#include <boost/json/value.hpp>

#include <string>

namespace toolhost::common {

// `value` serialized onto the end of `out`.
void append_serialized(std::string& out, const boost::json::value& value);
void append_serialized(std::string& out, const boost::json::object& object);

inline std::string serialize_json(const boost::json::value& value) {
  std::string out;
  out.reserve(128);  // most results and arguments fit: one allocation, no regrowth
  append_serialized(out, value);
  return out;
}

inline std::string serialize_json(const boost::json::object& object) {
  std::string out;
  out.reserve(128);
  append_serialized(out, object);
  return out;
}

}  // namespace toolhost::common
