// A Backend that stands in for the invocation pipeline in the MCP tests and
// in toolhost_mcp_fake_server: the ToolSpecs come from the checked-in
// manifests (math.calculate, demo.external_write), the behaviour is a tiny
// integer calculator and an approval-gated recorder.
#pragma once

#include "mcp/backend.hpp"

#include <map>
#include <string>
#include <vector>

namespace toolhost::mcp::testing {

class FakeBackend : public Backend {
 public:
  // pins: tool name -> version. The fake offers math.calculate 1.0.0 (from
  // the manifest) and a 1.1.0 copy, so a pin is observable.
  explicit FakeBackend(const std::string& manifest_dir,
                       std::map<std::string, std::string> pins = {});

  // Extra tools for catalog tests; calling them returns ok with {}.
  void add_tool(ToolDescriptor tool) { extra_.push_back(std::move(tool)); }

  std::vector<ToolDescriptor> list_tools() override;
  CallOutcome call_tool(std::string_view name, const boost::json::object& arguments) override;
  CallOutcome approve(std::string_view invocation_id) override;
  CallOutcome deny(std::string_view invocation_id) override;

  int list_count = 0;
  int call_count = 0;
  int approve_count = 0;
  int deny_count = 0;
  std::vector<std::string> pending_invocations() const;

 private:
  std::string next_invocation_id();

  std::vector<ToolDescriptor> versions_;  // every version of every tool
  std::vector<ToolDescriptor> extra_;
  std::map<std::string, std::string> pins_;
  std::map<std::string, boost::json::object> pending_;  // invocation id -> arguments
  int next_id_ = 1;
};

// Evaluates + - * and parentheses over integers; false on a syntax error or
// an overflow.
bool evaluate_integer_expression(std::string_view expression, long long& value);

}  // namespace toolhost::mcp::testing
