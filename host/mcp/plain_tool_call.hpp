// The request a pipelining client sends most: a tools/call with an id, a
// tool name and arguments, and nothing else. Such a line is read in one pass
// with Boost.JSON's event parser, building only the arguments as a value,
// instead of a whole document that is then classified and picked apart. It
// accepts exactly the lines the general path would parse to that same
// request (same parser, same limits, same UTF-8 rules); anything else (a
// _meta, another key, a duplicate, a type the general path would refuse) is
// declined and takes the general path, which words its answer.
#pragma once

#include <boost/json/value.hpp>

#include <optional>
#include <string>
#include <string_view>

namespace toolhost::mcp {

struct PlainToolCall {
  boost::json::value id;  // a string or an integer
  std::string name;
  boost::json::value arguments;  // an object ({} when the request has none)
};

// `line` is one whole message: {"jsonrpc":"2.0","id":…,"method":"tools/call",
// "params":{"name":"…","arguments":{…}}} in any key order and spacing.
std::optional<PlainToolCall> parse_plain_tool_call(std::string_view line);

}  // namespace toolhost::mcp
