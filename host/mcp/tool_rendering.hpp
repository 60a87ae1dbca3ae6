// Turning catalog entries and call outcomes into MCP result objects. toolhost
// specifics travel in _meta under the dev.toolhost/ prefix (a prefix MCP does
// not reserve): version, output trust, invocation id, failure diagnosis.
#pragma once

#include "mcp/backend.hpp"
#include "mcp/tool_catalog.hpp"

#include <boost/json.hpp>

#include <string>
#include <string_view>

namespace toolhost::mcp {

inline constexpr std::string_view kMetaVersion = "dev.toolhost/version";
inline constexpr std::string_view kMetaName = "dev.toolhost/name";
inline constexpr std::string_view kMetaOutputTrust = "dev.toolhost/output_trust";
inline constexpr std::string_view kMetaInvocationId = "dev.toolhost/invocation_id";
inline constexpr std::string_view kMetaFailureKind = "dev.toolhost/failure_kind";
inline constexpr std::string_view kMetaReasonCode = "dev.toolhost/reason_code";
inline constexpr std::string_view kMetaRetryable = "dev.toolhost/retryable";
inline constexpr std::string_view kMetaApproval = "dev.toolhost/approval";

// The MCP Tool object for tools/list.
boost::json::object render_tool(const CatalogEntry& entry);

// CallToolResult for a settled outcome (ok or failed): the model-facing text
// as the one text content block, the structured result as
// structuredContent, isError for failures.
// Built in `storage` (a caller's per-answer arena on the hot path).
boost::json::object render_call_result(const CallOutcome& outcome, const ToolDescriptor& tool,
                                       boost::json::storage_ptr storage = {});

// CallToolResult for a call left waiting for an out-of-band approval: an
// isError result whose text names the invocation and the command to approve it.
boost::json::object render_pending_approval(const CallOutcome& outcome, const ToolDescriptor& tool);
std::string pending_approval_text(std::string_view invocation_id);

}  // namespace toolhost::mcp
