// Turning catalog entries and call outcomes into MCP result objects. toolhost
// specifics travel in _meta (keys in meta_keys.hpp): version, output trust,
// invocation id, failure diagnosis.
#pragma once

#include "mcp/backend.hpp"
#include "mcp/meta_keys.hpp"
#include "mcp/tool_catalog.hpp"

#include <boost/json.hpp>

#include <string>
#include <string_view>

namespace toolhost::mcp {

// The MCP Tool object for tools/list.
boost::json::object render_tool(const CatalogEntry& entry);

// CallToolResult for a settled outcome (ok or failed): the model-facing text
// as the one text content block, the structured result as
// structuredContent, isError for failures. (The hot path writes the same
// answer as text: append_call_result_line.)
boost::json::object render_call_result(const CallOutcome& outcome, const ToolDescriptor& tool);

// The whole JSON-RPC line answering `id` with render_call_result's object,
// written straight into `out` with the same bytes that serializing that
// object (plus, when `server_info` is given, the 2026-07-28 era's resultType
// and serverInfo) would give. The hot path: no tree is built, and a
// structured result the pipeline already serialized is copied as text.
void append_call_result_line(std::string& out, const boost::json::value& id,
                             const CallOutcome& outcome, const ToolDescriptor& tool,
                             const boost::json::object* server_info);

// CallToolResult for a call left waiting for an out-of-band approval: an
// isError result whose text names the invocation and the command to approve it.
boost::json::object render_pending_approval(const CallOutcome& outcome, const ToolDescriptor& tool);
std::string pending_approval_text(std::string_view invocation_id);

}  // namespace toolhost::mcp
