// The MCP server's Backend, served by the invocation pipeline: one MCP
// connection is one pipeline session, so tools/call writes the same
// tool_invocations rows under the same policy as `toolhost call`.
#pragma once

#include <string>
#include <vector>

#include "mcp/backend.hpp"
#include "pipeline/pipeline.hpp"

namespace toolhost::bridge {

class PipelineBackend final : public mcp::Backend {
 public:
  PipelineBackend(pipeline::Pipeline& pipeline, std::string session_id)
      : pipeline_(pipeline), session_id_(std::move(session_id)) {}

  std::vector<mcp::ToolDescriptor> list_tools() override;
  mcp::CallOutcome call_tool(std::string_view name, const boost::json::object& arguments) override;
  // One Pipeline::call_batch: the batch's rows and completions commit together.
  std::vector<mcp::CallOutcome> call_tools(const std::vector<ToolCall>& calls) override;
  mcp::CallOutcome approve(std::string_view invocation_id) override;
  mcp::CallOutcome deny(std::string_view invocation_id) override;

  const std::string& session_id() const { return session_id_; }

 private:
  pipeline::Pipeline& pipeline_;
  std::string session_id_;
  // call_tools' requests, reused batch after batch.
  std::vector<pipeline::CallRequest> requests_;
};

// The ToolDescriptor MCP advertises for one registered version.
mcp::ToolDescriptor describe(const registry::ToolSpec& spec);
mcp::CallOutcome to_mcp(pipeline::CallOutcome&& outcome);

}  // namespace toolhost::bridge
