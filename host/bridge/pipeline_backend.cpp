#include "bridge/pipeline_backend.hpp"

#include "common/json_writer.hpp"

namespace toolhost::bridge {

mcp::ToolDescriptor describe(const registry::ToolSpec& spec) {
  mcp::ToolDescriptor d;
  d.name = spec.name;
  d.version = spec.version;
  d.title = spec.title;
  d.description = spec.description;
  d.side_effect = spec.side_effect;
  d.risk = spec.risk;
  d.idempotency = spec.idempotency;
  d.output_trust = spec.output_trust;
  d.input_schema = spec.input_schema;
  d.output_schema = spec.output_schema;
  // Tools that act on the world outside the host (or run there).
  d.open_world = spec.side_effect == "EXTERNAL_WRITE" || spec.target_kind == "remote";
  return d;
}

// Fills `m` (a fresh outcome) from `o`, taking its strings.
void to_mcp(pipeline::CallOutcome&& o, mcp::CallOutcome& m) {
  m.invocation_id = std::move(o.invocation_id);
  m.content = std::move(o.content);
  m.output_trust = std::move(o.output_trust);
  switch (o.status) {
    case pipeline::CallStatus::ok:
      m.status = mcp::CallOutcome::Status::ok;
      m.output.swap(o.output);  // same storage: cheaper than move-assignment
      m.output_json = std::move(o.output_json);
      break;
    case pipeline::CallStatus::awaiting_approval:
      m.status = mcp::CallOutcome::Status::awaiting_approval;
      break;
    case pipeline::CallStatus::failed:
      m.status = mcp::CallOutcome::Status::failed;
      break;
  }
  if (o.failure) {
    m.failure_kind = o.failure->kind;
    m.reason_code = o.failure->reason_code;
    m.retryable = o.failure->retryable;
    if (o.failure->reason_code == "tool.not_found.unknown_tool")
      m.status = mcp::CallOutcome::Status::unknown_tool;
  }
}

mcp::CallOutcome to_mcp(pipeline::CallOutcome&& o) {
  mcp::CallOutcome m;
  to_mcp(std::move(o), m);
  return m;
}

std::vector<mcp::ToolDescriptor> PipelineBackend::list_tools() {
  std::vector<mcp::ToolDescriptor> out;
  auto session = pipeline_.get_session(session_id_);
  if (!session) return out;
  for (const auto& [name, version] : session->catalog) {
    if (const auto* spec = pipeline_.host().catalog.exact(name, version))
      out.push_back(describe(*spec));
  }
  return out;
}

mcp::CallOutcome PipelineBackend::call_tool(std::string_view name,
                                            const boost::json::object& arguments) {
  pipeline::CallRequest request;
  request.session_id = session_id_;
  request.tool.name = std::string(name);
  request.arguments_json = common::serialize_json(arguments);
  request.arguments_serialized = true;
  return to_mcp(pipeline_.call(request));
}

std::vector<mcp::CallOutcome> PipelineBackend::call_tools(const std::vector<ToolCall>& calls) {
  // The requests are kept from one batch to the next: assigning a string
  // into one that already has the room allocates nothing, and every call of
  // a connection names the same session.
  requests_.resize(calls.size());
  for (size_t i = 0; i < calls.size(); ++i) {
    auto& request = requests_[i];
    request.session_id = session_id_;
    request.tool.name = calls[i].name;
    request.tool.version.reset();
    request.arguments_json.clear();
    common::append_serialized(request.arguments_json, *calls[i].arguments);
    request.arguments_serialized = true;
    request.arguments = calls[i].arguments_value;
  }
  std::vector<mcp::CallOutcome> out;
  out.reserve(calls.size());
  for (auto& o : pipeline_.call_batch(requests_)) to_mcp(std::move(o), out.emplace_back());
  for (auto& request : requests_) request.arguments = nullptr;  // borrowed for the batch only
  return out;
}

mcp::CallOutcome PipelineBackend::approve(std::string_view invocation_id) {
  return to_mcp(pipeline_.approve(invocation_id));
}

mcp::CallOutcome PipelineBackend::deny(std::string_view invocation_id) {
  return to_mcp(pipeline_.deny(invocation_id));
}

}  // namespace toolhost::bridge
