// JSON Pointer (RFC 6901) tokens, for the locations schema errors name.
#pragma once

#include <string>
#include <string_view>

namespace toolhost::schema {

// Appends `token` escaped ("~" as "~0", "/" as "~1"), without the leading "/".
inline void append_pointer_token(std::string& out, std::string_view token) {
  for (char c : token) {
    if (c == '~')
      out += "~0";
    else if (c == '/')
      out += "~1";
    else
      out += c;
  }
}

inline std::string escape_pointer_token(std::string_view token) {
  std::string out;
  append_pointer_token(out, token);
  return out;
}

}  // namespace toolhost::schema
