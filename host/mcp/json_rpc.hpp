// JSON-RPC 2.0 framing: the shape checks every incoming message goes
// through, and builders for the responses we send.
#pragma once

#include <boost/json.hpp>

#include <cstdint>
#include <string>
#include <string_view>

namespace toolhost::mcp::jsonrpc {

inline constexpr std::int64_t kParseError = -32700;
inline constexpr std::int64_t kInvalidRequest = -32600;
inline constexpr std::int64_t kMethodNotFound = -32601;
inline constexpr std::int64_t kInvalidParams = -32602;
inline constexpr std::int64_t kInternalError = -32603;
// 2026-07-28: the request's protocol version is not one we serve.
inline constexpr std::int64_t kUnsupportedProtocolVersion = -32022;

// One incoming message after the shape checks. Views point into the parsed
// value, which must outlive the Message.
struct Message {
  enum class Kind { request, notification, response, invalid };
  Kind kind = Kind::invalid;
  // Request/response id (string or integer); null when absent or unusable.
  boost::json::value id;
  std::string_view method;
  const boost::json::object* params = nullptr;  // absent params
  const boost::json::value* result = nullptr;   // responses only
  const boost::json::value* error = nullptr;    // responses only
  // Why the message is invalid (kind == invalid).
  std::int64_t error_code = 0;
  std::string error_message;
};

Message classify(const boost::json::value& parsed);

// MCP ids are strings or integers, never null; a number that is not an exact
// integer cannot be echoed back faithfully and is refused.
bool is_valid_id(const boost::json::value& id);

boost::json::object error_response(const boost::json::value& id, std::int64_t code,
                                   std::string_view message, boost::json::value data = nullptr);
boost::json::object result_response(const boost::json::value& id, boost::json::value result);

// Serializes one message and terminates it with the newline that frames it.
void append_line(std::string& out, const boost::json::value& message);
// `value` serialized onto the end of `out` (no newline).
void append_json(std::string& out, const boost::json::value& value);
// `text` as a JSON string onto the end of `out`, escaped as serialize escapes it.
void append_json_string(std::string& out, std::string_view text);

}  // namespace toolhost::mcp::jsonrpc
