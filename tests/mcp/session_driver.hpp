// Test helper: feeds lines to a Session and parses what it sends back.
#pragma once

#include "fake_backend.hpp"
#include "mcp/session.hpp"
#include "mcp/tool_rendering.hpp"

#include <boost/json.hpp>

#include <string>
#include <string_view>
#include <vector>

namespace toolhost::mcp::testing {

inline std::vector<boost::json::value> parse_lines(const std::string& out) {
  std::vector<boost::json::value> messages;
  std::size_t start = 0;
  while (start < out.size()) {
    const std::size_t end = out.find('\n', start);
    messages.push_back(boost::json::parse(std::string_view(out).substr(start, end - start)));
    start = end + 1;
  }
  return messages;
}

struct SessionDriver {
  explicit SessionDriver(ServerOptions options = {}, std::map<std::string, std::string> pins = {})
      : backend(TOOLHOST_MANIFEST_DIR, std::move(pins)), session(backend, options) {}

  std::vector<boost::json::value> send(std::string_view line) {
    std::string out;
    session.handle_line(line, out);
    raw = out;
    return parse_lines(out);
  }
  // Sends one message that must produce exactly one answer.
  boost::json::value one(std::string_view line) {
    auto messages = send(line);
    if (messages.size() != 1) {
      throw std::runtime_error("expected one message, got " + std::to_string(messages.size()) +
                               ": " + raw);
    }
    return messages.front();
  }
  void initialize(std::string_view revision = "2025-11-25", std::string_view capabilities = "{}") {
    one(R"({"jsonrpc":"2.0","id":0,"method":"initialize","params":{"protocolVersion":")" +
        std::string(revision) + R"(","capabilities":)" + std::string(capabilities) +
        R"(,"clientInfo":{"name":"t","version":"1"}}})");
    send(R"({"jsonrpc":"2.0","method":"notifications/initialized"})");
  }

  FakeBackend backend;
  Session session;
  std::string raw;
};

// A tools/call request line.
inline std::string call_line(const boost::json::value& id, std::string_view name,
                             const boost::json::object& arguments,
                             const boost::json::object* meta = nullptr) {
  boost::json::object params;
  params["name"] = name;
  params["arguments"] = arguments;
  if (meta != nullptr) params["_meta"] = *meta;
  boost::json::object request;
  request["jsonrpc"] = "2.0";
  request["id"] = id;
  request["method"] = "tools/call";
  request["params"] = std::move(params);
  return boost::json::serialize(request);
}

inline boost::json::object modern_meta(std::string_view version = "2026-07-28",
                                       boost::json::object capabilities = {}) {
  boost::json::object meta;
  meta["io.modelcontextprotocol/protocolVersion"] = version;
  meta["io.modelcontextprotocol/clientCapabilities"] = std::move(capabilities);
  return meta;
}

}  // namespace toolhost::mcp::testing
