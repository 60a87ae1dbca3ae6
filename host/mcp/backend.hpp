// The seam between the MCP protocol layer and whatever runs tool calls (the
// invocation pipeline in production, a fake in tests). The protocol layer
// never sees plugins, policy or storage: only this interface.
#pragma once

#include <boost/json.hpp>

#include <string>
#include <string_view>
#include <vector>

namespace toolhost::mcp {

// One tool version as the session sees it (after version pinning).
struct ToolDescriptor {
  std::string name;     // dotted toolhost name, e.g. "math.calculate"
  std::string version;  // semver of the version this session resolves
  std::string title;
  std::string description;
  std::string side_effect;  // NONE, WORKSPACE_READ, WORKSPACE_WRITE, EXTERNAL_WRITE, CODE_EXECUTION
  std::string risk;         // LOW, MEDIUM, HIGH
  std::string idempotency;  // READ_ONLY, IDEMPOTENT, NON_IDEMPOTENT
  std::string output_trust;  // USER, INTERNAL_TOOL, MEMORY, EXTERNAL_UNTRUSTED
  boost::json::object input_schema;
  boost::json::object output_schema;
  bool open_world = false;  // reaches the network / outside world
};

// What one call (or one approval decision) came to.
struct CallOutcome {
  enum class Status { ok, failed, awaiting_approval, unknown_tool };
  Status status = Status::failed;
  std::string invocation_id;
  boost::json::value output;  // structured result (ok only)
  std::string output_json;    // `output` serialized, when the backend already had the text
  std::string content;        // model-facing text, or the static failure message
  std::string output_trust;   // effective (possibly clamped) trust label
  std::string failure_kind;   // e.g. INVALID_ARGUMENTS (failed only)
  std::string reason_code;    // e.g. tool.invalid_arguments.syntax (failed only)
  bool retryable = false;
};

// Implemented by the pipeline. Calls arrive on the serving thread, one at a
// time per session; a Backend instance serves exactly one session.
class Backend {
 public:
  virtual ~Backend() = default;
  // The session's catalog: one entry per tool, already resolved to the
  // version this session is pinned to. Order does not matter; the server sorts.
  virtual std::vector<ToolDescriptor> list_tools() = 0;
  // Runs the tool (dotted name). unknown_tool when the name does not resolve.
  virtual CallOutcome call_tool(std::string_view name, const boost::json::object& arguments) = 0;
  // Runs several calls in order and answers them together (requests that
  // arrived pipelined). A backend that can share work across them (one
  // commit for the batch) overrides this; the default calls call_tool.
  struct ToolCall {
    std::string_view name;
    const boost::json::object* arguments;
    // The same arguments as the value that holds them, when the caller has
    // one: a backend can then validate them where they are, without a copy.
    const boost::json::value* arguments_value = nullptr;
  };
  virtual std::vector<CallOutcome> call_tools(const std::vector<ToolCall>& calls) {
    std::vector<CallOutcome> outcomes;
    outcomes.reserve(calls.size());
    for (const auto& call : calls) outcomes.push_back(call_tool(call.name, *call.arguments));
    return outcomes;
  }
  // Resume or refuse an invocation that returned awaiting_approval.
  virtual CallOutcome approve(std::string_view invocation_id) = 0;
  virtual CallOutcome deny(std::string_view invocation_id) = 0;
};

}  // namespace toolhost::mcp
