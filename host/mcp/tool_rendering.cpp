#include "mcp/tool_rendering.hpp"

#include "mcp/json_rpc.hpp"
#include "mcp/tool_annotations.hpp"

namespace toolhost::mcp {
namespace {

boost::json::array text_content(std::string_view text) {
  boost::json::object block;
  block.reserve(2);
  block.emplace("type", "text");
  block.emplace("text", text);
  boost::json::array content;
  content.emplace_back(std::move(block));  // a braced list would copy it
  return content;
}

void append_member(std::string& out, std::string_view key, std::string_view text) {
  out += '"';
  out += key;  // our own constant keys: nothing to escape
  out += "\":";
  jsonrpc::append_json_string(out, text);
}

}  // namespace

boost::json::object render_tool(const CatalogEntry& entry) {
  const ToolDescriptor& tool = entry.descriptor;
  boost::json::object rendered;
  rendered["name"] = entry.exposed_name;
  if (!tool.title.empty()) rendered["title"] = tool.title;
  rendered["description"] = tool.description;
  rendered["inputSchema"] = tool.input_schema;
  if (!tool.output_schema.empty()) rendered["outputSchema"] = tool.output_schema;
  rendered["annotations"] = derive_annotations(tool);
  boost::json::object meta;
  meta[kMetaName] = tool.name;
  meta[kMetaVersion] = tool.version;
  meta["dev.toolhost/side_effect"] = tool.side_effect;
  meta["dev.toolhost/risk"] = tool.risk;
  meta["dev.toolhost/idempotency"] = tool.idempotency;
  meta[kMetaOutputTrust] = tool.output_trust;
  rendered["_meta"] = std::move(meta);
  return rendered;
}

boost::json::object render_call_result(const CallOutcome& outcome, const ToolDescriptor& tool) {
  const bool ok = outcome.status == CallOutcome::Status::ok;
  boost::json::object result;
  result.reserve(4);
  result["content"] = text_content(outcome.content);
  if (ok && !outcome.output.is_null()) result["structuredContent"] = outcome.output;
  result["isError"] = !ok;
  boost::json::object meta;
  meta.reserve(ok ? 3 : 6);
  meta[kMetaVersion] = tool.version;
  if (!outcome.output_trust.empty()) meta[kMetaOutputTrust] = outcome.output_trust;
  if (!outcome.invocation_id.empty()) meta[kMetaInvocationId] = outcome.invocation_id;
  if (!ok) {
    meta[kMetaFailureKind] = outcome.failure_kind;
    meta[kMetaReasonCode] = outcome.reason_code;
    meta[kMetaRetryable] = outcome.retryable;
  }
  result["_meta"] = std::move(meta);
  return result;
}

void append_call_result_line(std::string& out, const boost::json::value& id,
                             const CallOutcome& outcome, const ToolDescriptor& tool,
                             const boost::json::object* server_info) {
  const bool ok = outcome.status == CallOutcome::Status::ok;
  out += R"({"jsonrpc":"2.0","id":)";
  jsonrpc::append_json(out, id);
  out += R"(,"result":{"content":[{"type":"text","text":)";
  jsonrpc::append_json_string(out, outcome.content);
  out += "}]";
  if (ok && !outcome.output.is_null()) {
    out += R"(,"structuredContent":)";
    if (!outcome.output_json.empty()) {
      out += outcome.output_json;
    } else {
      jsonrpc::append_json(out, outcome.output);
    }
  }
  out += ok ? R"(,"isError":false,"_meta":{)" : R"(,"isError":true,"_meta":{)";
  append_member(out, kMetaVersion, tool.version);
  if (!outcome.output_trust.empty()) {
    out += ',';
    append_member(out, kMetaOutputTrust, outcome.output_trust);
  }
  if (!outcome.invocation_id.empty()) {
    out += ',';
    append_member(out, kMetaInvocationId, outcome.invocation_id);
  }
  if (!ok) {
    out += ',';
    append_member(out, kMetaFailureKind, outcome.failure_kind);
    out += ',';
    append_member(out, kMetaReasonCode, outcome.reason_code);
    out += ",\"";
    out += kMetaRetryable;
    out += outcome.retryable ? "\":true" : "\":false";
  }
  if (server_info != nullptr) {
    out += ",\"";
    out += kMetaServerInfo;
    out += "\":";
    jsonrpc::append_json(out, *server_info);
    out += R"(},"resultType":"complete"}})";
  } else {
    out += "}}}";
  }
  out += '\n';
}

std::string pending_approval_text(std::string_view invocation_id) {
  std::string text = "Approval required: invocation ";
  text += invocation_id;
  text +=
      " is waiting for the owner's approval and has not run. The owner can run `toolhost "
      "approvals approve ";
  text += invocation_id;
  text += "` (or `toolhost approvals deny ";
  text += invocation_id;
  text += "`).";
  return text;
}

boost::json::object render_pending_approval(const CallOutcome& outcome,
                                            const ToolDescriptor& tool) {
  boost::json::object result;
  result["content"] = text_content(pending_approval_text(outcome.invocation_id));
  result["isError"] = true;
  boost::json::object approval;
  approval["status"] = "pending";
  approval["invocation_id"] = outcome.invocation_id;
  boost::json::object meta;
  meta[kMetaVersion] = tool.version;
  meta[kMetaInvocationId] = outcome.invocation_id;
  meta[kMetaApproval] = std::move(approval);
  result["_meta"] = std::move(meta);
  return result;
}

}  // namespace toolhost::mcp
