// Parsing one complete JSON text on the hot paths (a request line, a call's
// arguments, a plugin's output). boost::json::parse builds and tears down a
// parser per call, whose setup costs more than parsing a small object; one
// parser per thread, reset for each text, parses the same texts with the same
// (default) options and limits.
#pragma once

#include <boost/json.hpp>
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

}  // namespace toolhost::common
