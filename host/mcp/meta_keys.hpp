// The _meta keys toolhost reads and writes. toolhost's own travel under the
// dev.toolhost/ prefix (a prefix MCP does not reserve).
#pragma once

#include <string_view>

namespace toolhost::mcp {

// Reserved per-request _meta keys of 2026-07-28.
inline constexpr std::string_view kMetaProtocolVersion = "io.modelcontextprotocol/protocolVersion";
inline constexpr std::string_view kMetaClientCapabilities =
    "io.modelcontextprotocol/clientCapabilities";
inline constexpr std::string_view kMetaServerInfo = "io.modelcontextprotocol/serverInfo";

inline constexpr std::string_view kMetaVersion = "dev.toolhost/version";
inline constexpr std::string_view kMetaName = "dev.toolhost/name";
inline constexpr std::string_view kMetaOutputTrust = "dev.toolhost/output_trust";
inline constexpr std::string_view kMetaInvocationId = "dev.toolhost/invocation_id";
inline constexpr std::string_view kMetaFailureKind = "dev.toolhost/failure_kind";
inline constexpr std::string_view kMetaReasonCode = "dev.toolhost/reason_code";
inline constexpr std::string_view kMetaRetryable = "dev.toolhost/retryable";
inline constexpr std::string_view kMetaApproval = "dev.toolhost/approval";

}  // namespace toolhost::mcp
