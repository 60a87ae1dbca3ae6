#include "common/json_writer.hpp"

#include <boost/json/serializer.hpp>

#include <charconv>

#include "common/json_escape.hpp"

namespace toolhost::common {
namespace {

// Deeper than any parsed document (Boost's parser stops at 32 levels by
// default); a value built deeper than this is handed to Boost's serializer,
// which keeps its own stack, so the recursion here stays shallow.
constexpr int kMaxDepth = 64;

void append_with_boost(std::string& out, const boost::json::value& value) {
  thread_local boost::json::serializer serializer;
  serializer.reset(&value);
  char buffer[1024];
  while (!serializer.done()) out.append(serializer.read(buffer, sizeof buffer));
}

template <typename Integer>
void append_integer(std::string& out, Integer value) {
  char digits[24];
  const auto written = std::to_chars(digits, digits + sizeof digits, value);
  out.append(digits, written.ptr);
}

void append_value(std::string& out, const boost::json::value& value, int depth);

void append_members(std::string& out, const boost::json::object& object, int depth) {
  out += '{';
  bool first = true;
  for (const auto& member : object) {
    if (!first) out += ',';
    first = false;
    append_json_string(out, member.key());
    out += ':';
    append_value(out, member.value(), depth + 1);
  }
  out += '}';
}

void append_value(std::string& out, const boost::json::value& value, int depth) {
  switch (value.kind()) {
    case boost::json::kind::null:
      out += "null";
      return;
    case boost::json::kind::bool_:
      out += value.get_bool() ? "true" : "false";
      return;
    case boost::json::kind::int64:
      append_integer(out, value.get_int64());
      return;
    case boost::json::kind::uint64:
      append_integer(out, value.get_uint64());
      return;
    case boost::json::kind::double_:
      append_with_boost(out, value);
      return;
    case boost::json::kind::string:
      append_json_string(out, value.get_string());
      return;
    case boost::json::kind::array: {
      if (depth >= kMaxDepth) return append_with_boost(out, value);
      out += '[';
      bool first = true;
      for (const auto& element : value.get_array()) {
        if (!first) out += ',';
        first = false;
        append_value(out, element, depth + 1);
      }
      out += ']';
      return;
    }
    case boost::json::kind::object: {
      if (depth >= kMaxDepth) return append_with_boost(out, value);
      append_members(out, value.get_object(), depth);
      return;
    }
  }
}

}  // namespace

void append_serialized(std::string& out, const boost::json::value& value) {
  append_value(out, value, 0);
}

void append_serialized(std::string& out, const boost::json::object& object) {
  append_members(out, object, 0);
}

}  // namespace toolhost::common
