#include "mcp/json_rpc.hpp"

#include "common/json_escape.hpp"
#include "common/json_writer.hpp"

namespace toolhost::mcp::jsonrpc {
namespace {

Message invalid(boost::json::value id, std::string message) {
  Message m;
  m.kind = Message::Kind::invalid;
  m.id = std::move(id);
  m.error_code = kInvalidRequest;
  m.error_message = std::move(message);
  return m;
}

}  // namespace

bool is_valid_id(const boost::json::value& id) {
  return id.is_string() || id.is_int64() || id.is_uint64();
}

Message classify(const boost::json::value& parsed) {
  if (parsed.is_array()) {
    // Batching was removed from MCP in 2025-06-18; no revision we speak has it.
    return invalid(nullptr, "Invalid Request: JSON-RPC batches are not supported");
  }
  const auto* object = parsed.if_object();
  if (object == nullptr)
    return invalid(nullptr, "Invalid Request: a message must be a JSON object");

  boost::json::value id = nullptr;
  const auto* raw_id = object->if_contains("id");
  if (raw_id != nullptr && is_valid_id(*raw_id)) id = *raw_id;

  const auto* version = object->if_contains("jsonrpc");
  if (version == nullptr || !version->is_string() || version->get_string() != "2.0") {
    return invalid(std::move(id), "Invalid Request: jsonrpc must be \"2.0\"");
  }

  if (const auto* method = object->if_contains("method")) {
    if (!method->is_string())
      return invalid(std::move(id), "Invalid Request: method must be a string");
    if (object->contains("result") || object->contains("error")) {
      return invalid(std::move(id), "Invalid Request: a request cannot carry result or error");
    }
    Message m;
    m.method = method->get_string();
    if (raw_id != nullptr) {
      if (!is_valid_id(*raw_id)) {
        return invalid(nullptr, "Invalid Request: id must be a string or an integer");
      }
      m.kind = Message::Kind::request;
      m.id = std::move(id);
    } else {
      m.kind = Message::Kind::notification;
    }
    if (const auto* params = object->if_contains("params")) {
      if (params->is_object()) {
        m.params = &params->get_object();
      } else if (params->is_array()) {
        // Structured but not what MCP defines: the method exists, its params are wrong.
        Message bad;
        bad.kind = Message::Kind::invalid;
        bad.id = m.id;
        bad.error_code = kInvalidParams;
        bad.error_message = "Invalid params: params must be an object";
        if (m.kind == Message::Kind::notification) {
          bad.kind = Message::Kind::notification;  // never answered
          bad.method = m.method;
        }
        return bad;
      } else {
        return invalid(std::move(id), "Invalid Request: params must be an object");
      }
    }
    return m;
  }

  const auto* result = object->if_contains("result");
  const auto* error = object->if_contains("error");
  if ((result != nullptr) != (error != nullptr) && raw_id != nullptr) {
    Message m;
    m.kind = Message::Kind::response;
    m.id = raw_id->is_null() ? boost::json::value(nullptr) : std::move(id);
    m.result = result;
    m.error = error;
    return m;
  }
  return invalid(std::move(id),
                 "Invalid Request: neither a request, a notification nor a response");
}

boost::json::object error_response(const boost::json::value& id, std::int64_t code,
                                   std::string_view message, boost::json::value data) {
  boost::json::object error;
  error["code"] = code;
  error["message"] = message;
  if (!data.is_null()) error["data"] = std::move(data);
  boost::json::object response;
  response["jsonrpc"] = "2.0";
  response["id"] = id;
  response["error"] = std::move(error);
  return response;
}

boost::json::object result_response(const boost::json::value& id, boost::json::value result) {
  boost::json::object response;
  response.reserve(3);
  response["jsonrpc"] = "2.0";
  response["id"] = id;
  response["result"] = std::move(result);
  return response;
}

void append_json(std::string& out, const boost::json::value& value) {
  common::append_serialized(out, value);
}

void append_json_string(std::string& out, std::string_view text) {
  common::append_json_string(out, text);
}

void append_line(std::string& out, const boost::json::value& message) {
  append_json(out, message);
  out += '\n';
}

}  // namespace toolhost::mcp::jsonrpc
