// Parsing and serializing one complete JSON text on the hot paths (a request line, a call's
// arguments, a plugin's output). boost::json::parse builds and tears down a
// parser per call, whose setup costs more than parsing a small object; one
// parser per thread, reset for each text, parses the same texts with the same
// (default) options and limits.
#pragma once

#include <boost/json.hpp>
#include <string>
#include <string_view>

namespace toolhost::common {

inline boost::json::value parse_json(std::string_view text, boost::json::error_code& ec,
                                     boost::json::storage_ptr storage = {}) {
  thread_local boost::json::parser parser;
  parser.reset(std::move(storage));
  try {
    parser.write(text.data(), text.size(), ec);
  } catch (...) {  // allocation failure: never keep a caller's storage past the call
    parser.reset();
    throw;
  }
  if (ec) {
    parser.reset();  // drop the partial value and the caller's storage
    return nullptr;
  }
  return parser.release();
}

// `value` serialized onto the end of `out`, as boost::json::serialize writes
// it. The serializer is kept per thread and fills a stack buffer, so a small
// value costs neither a serializer's setup nor a string's regrowth.
inline void append_serialized(std::string& out, const boost::json::value& value) {
  thread_local boost::json::serializer serializer;
  serializer.reset(&value);
  char buffer[1024];
  while (!serializer.done()) out.append(serializer.read(buffer, sizeof buffer));
}

inline std::string serialize_json(const boost::json::value& value) {
  std::string out;
  append_serialized(out, value);
  return out;
}

}  // namespace toolhost::common
