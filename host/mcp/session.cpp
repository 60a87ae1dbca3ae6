#include "mcp/session.hpp"

#include "common/json_text.hpp"

#include "mcp/approval_prompt.hpp"
#include "mcp/line_reader.hpp"
#include "mcp/plain_tool_call.hpp"
#include "mcp/protocol_versions.hpp"
#include "mcp/tool_rendering.hpp"

#include <cstdio>
#include <exception>
#include <random>

namespace toolhost::mcp {
namespace {

constexpr std::string_view kApprovalInputKey = "approval";

// Diagnostics go to stderr: stdout carries protocol messages only.
void log_line(std::string_view text) {
  std::fprintf(stderr, "toolhost mcp: %.*s\n", static_cast<int>(text.size()), text.data());
}

bool is_request_method(std::string_view method) {
  return method == "initialize" || method == "ping" || method == "server/discover" ||
         method == "tools/list" || method == "tools/call";
}

const boost::json::object* object_member(const boost::json::object* parent, std::string_view key) {
  if (parent == nullptr) return nullptr;
  const auto* member = parent->if_contains(key);
  return member != nullptr ? member->if_object() : nullptr;
}

boost::json::array version_list(std::span<const std::string_view> versions) {
  boost::json::array list;
  for (auto v : versions) list.emplace_back(v);
  return list;
}

}  // namespace

Session::Session(Backend& backend, const ServerOptions& options)
    : backend_(backend), options_(options) {
  server_info_["name"] = options_.server_name;
  server_info_["version"] = options_.server_version;
}

const ToolCatalog& Session::catalog() {
  if (!catalog_) {
    catalog_ = ToolCatalog::build(backend_.list_tools(), options_.map_names);
    for (const auto& refusal : catalog_->refusals()) log_line(refusal);
  }
  return *catalog_;
}

void Session::send_result(const boost::json::value& id, boost::json::object result, Era era,
                          std::string& out) {
  if (era == Era::modern) {
    // 2026-07-28: every result names its type and (SHOULD) the server.
    if (!result.contains("resultType")) result["resultType"] = "complete";
    auto& meta = result["_meta"];
    if (!meta.is_object()) meta.emplace_object();
    meta.get_object()[kMetaServerInfo] = server_info_;
  }
  jsonrpc::append_line(out, jsonrpc::result_response(id, std::move(result)));
}

void Session::send_error(const boost::json::value& id, std::int64_t code, std::string_view message,
                         std::string& out, boost::json::value data) {
  jsonrpc::append_line(out, jsonrpc::error_response(id, code, message, std::move(data)));
}

void Session::handle_line(std::string_view line, std::string& out) {
  if (line.find_first_not_of(" \t") == std::string_view::npos) return;  // blank keep-alive line
  // The common request of an initialized session, read in one pass: a
  // tools/call with nothing but an id, a name and arguments. It is held
  // exactly as handle_request would hold it; anything else (another era, an
  // unknown tool, any other shape) takes the general path below.
  if (batching_ && initialized_) {
    if (auto call = parse_plain_tool_call(line)) {
      if (const CatalogEntry* entry = catalog().find(call->name)) {
        // Built whole: its JSON values are move-constructed, not move-assigned.
        hold_call(Held{.is_call = true,
                       .rendered = {},
                       .id = std::move(call->id),
                       .era = Era::legacy,
                       .capabilities = {},
                       .entry = entry,
                       .name = std::move(call->name),
                       .arguments = std::move(call->arguments)},
                  *entry, out);
        return;
      }
    }
  }
  // Most messages fit this buffer, so parsing allocates nothing.
  unsigned char buffer[8192];
  boost::json::monotonic_resource resource(buffer, sizeof buffer);
  boost::system::error_code ec;
  boost::json::value parsed = common::parse_json(line, ec, &resource);
  if (ec) {
    Held text;
    send_error(nullptr, jsonrpc::kParseError, "Parse error: " + ec.message(),
               held_.empty() ? out : text.rendered);
    if (!held_.empty()) held_.push_back(std::move(text));
    return;
  }
  handle_message(parsed, out);
}

void Session::handle_oversized_line(std::string& out) {
  if (!held_.empty()) {
    Held text;
    send_error(nullptr, jsonrpc::kInvalidRequest,
               "Invalid Request: message longer than " + std::to_string(kMaxMessageBytes) +
                   " bytes was dropped",
               text.rendered);
    held_.push_back(std::move(text));
    return;
  }
  send_error(nullptr, jsonrpc::kInvalidRequest,
             "Invalid Request: message longer than " + std::to_string(kMaxMessageBytes) +
                 " bytes was dropped",
             out);
}

void Session::handle_message(const boost::json::value& parsed, std::string& out) {
  const jsonrpc::Message message = jsonrpc::classify(parsed);
  if (!held_.empty()) {
    // Anything that acts on an earlier call (an elicitation answer, a
    // cancellation, a resumed approval) runs after the calls held before it.
    const bool resumes = message.kind == jsonrpc::Message::Kind::request &&
                         message.params != nullptr && message.params->contains("requestState");
    if (message.kind == jsonrpc::Message::Kind::notification ||
        message.kind == jsonrpc::Message::Kind::response || resumes) {
      flush(out);
    } else {
      // Answered now, sent after the calls held before it.
      std::string answer;
      handle_classified(message, answer);
      if (!answer.empty()) {
        Held text;
        text.rendered = std::move(answer);
        held_.push_back(std::move(text));
      }
      return;
    }
  }
  handle_classified(message, out);
}

void Session::handle_classified(const jsonrpc::Message& message, std::string& out) {
  switch (message.kind) {
    case jsonrpc::Message::Kind::invalid:
      send_error(message.id, message.error_code, message.error_message, out);
      return;
    case jsonrpc::Message::Kind::notification:
      handle_notification(message);
      return;
    case jsonrpc::Message::Kind::response:
      handle_client_response(message, out);
      return;
    case jsonrpc::Message::Kind::request:
      try {
        handle_request(message, out);
      } catch (const std::exception& e) {
        log_line(std::string("internal error: ") + e.what());
        send_error(message.id, jsonrpc::kInternalError, "Internal error", out);
      }
      return;
  }
}

void Session::handle_request(const jsonrpc::Message& message, std::string& out) {
  const std::string_view method = message.method;
  if (!is_request_method(method)) {
    send_error(message.id, jsonrpc::kMethodNotFound, "Method not found: " + std::string(method),
               out);
    return;
  }
  // initialize selects the legacy era whatever else the request carries.
  if (method == "initialize") {
    initialize(message, out);
    return;
  }
  const auto* meta = object_member(message.params, "_meta");
  if (meta != nullptr && meta->contains(kMetaProtocolVersion)) {
    const auto* version = meta->if_contains(kMetaProtocolVersion);
    const auto* capabilities = object_member(meta, kMetaClientCapabilities);
    if (!version->is_string() || capabilities == nullptr) {
      send_error(message.id, jsonrpc::kInvalidParams,
                 "Invalid params: _meta needs io.modelcontextprotocol/protocolVersion (string) "
                 "and io.modelcontextprotocol/clientCapabilities (object)",
                 out);
      return;
    }
    if (!is_modern_revision(version->get_string())) {
      boost::json::object data;
      data["supported"] = version_list(modern_revisions());
      data["requested"] = version->get_string();
      send_error(message.id, jsonrpc::kUnsupportedProtocolVersion, "Unsupported protocol version",
                 out, std::move(data));
      return;
    }
    const RequestContext context{Era::modern, capabilities};
    if (method == "server/discover") {
      discover(message, out);
    } else if (method == "tools/list") {
      list_tools(message, context, out);
    } else if (method == "tools/call") {
      call_tool(message, context, out);
    } else {  // ping: removed in 2026-07-28
      send_error(message.id, jsonrpc::kMethodNotFound,
                 "Method not found: " + std::string(method) + " does not exist in 2026-07-28", out);
    }
    return;
  }
  if (method == "ping") {  // legacy: allowed even before initialize
    send_result(message.id, {}, Era::legacy, out);
    return;
  }
  if (!initialized_ || method == "server/discover") {
    send_error(message.id, jsonrpc::kInvalidParams,
               "Invalid params: no _meta io.modelcontextprotocol/protocolVersion; send "
               "initialize first (2025-06-18, 2025-11-25) or carry the 2026-07-28 per-request "
               "_meta",
               out);
    return;
  }
  const RequestContext context{Era::legacy, &legacy_client_capabilities_};
  if (method == "tools/list") {
    list_tools(message, context, out);
  } else {
    call_tool(message, context, out);
  }
}

void Session::handle_notification(const jsonrpc::Message& message) {
  if (message.method == "notifications/initialized") return;
  if (message.method == "notifications/cancelled") {
    const auto* request_id = message.params ? message.params->if_contains("requestId") : nullptr;
    if (request_id == nullptr) return;
    for (auto it = elicitations_.begin(); it != elicitations_.end(); ++it) {
      if (it->second.request_id == *request_id) {
        log_line("call cancelled while awaiting approval; invocation " + it->second.invocation_id +
                 " stays pending for out-of-band approval");
        elicitations_.erase(it);
        return;
      }
    }
    return;
  }
  // A request sent without an id cannot be answered; running it (a tool call
  // with side effects nobody can see) would be worse than ignoring it.
  if (is_request_method(message.method)) {
    log_line("ignored " + std::string(message.method) + " sent as a notification (no id)");
  }
}

void Session::initialize(const jsonrpc::Message& message, std::string& out) {
  if (initialized_) {
    send_error(message.id, jsonrpc::kInvalidRequest,
               "Invalid Request: the session is already initialized", out);
    return;
  }
  const auto* version =
      message.params != nullptr ? message.params->if_contains("protocolVersion") : nullptr;
  const auto* capabilities = object_member(message.params, "capabilities");
  if (version == nullptr || !version->is_string() || capabilities == nullptr) {
    send_error(message.id, jsonrpc::kInvalidParams,
               "Invalid params: initialize needs protocolVersion (string) and capabilities "
               "(object)",
               out);
    return;
  }
  initialized_ = true;
  legacy_revision_ = negotiate_legacy_revision(version->get_string());
  legacy_client_capabilities_ = *capabilities;

  boost::json::object tools;
  tools["listChanged"] = false;
  boost::json::object server_capabilities;
  server_capabilities["tools"] = std::move(tools);
  boost::json::object result;
  result["protocolVersion"] = legacy_revision_;
  result["capabilities"] = std::move(server_capabilities);
  result["serverInfo"] = server_info_;
  if (!options_.pinned_versions_note.empty()) {
    result["instructions"] = options_.pinned_versions_note;
  }
  send_result(message.id, std::move(result), Era::legacy, out);
}

void Session::discover(const jsonrpc::Message& message, std::string& out) {
  boost::json::object tools;
  tools["listChanged"] = false;
  boost::json::object server_capabilities;
  server_capabilities["tools"] = std::move(tools);
  boost::json::object result;
  result["supportedVersions"] = version_list(modern_revisions());
  result["capabilities"] = std::move(server_capabilities);
  if (!options_.pinned_versions_note.empty()) {
    result["instructions"] = options_.pinned_versions_note;
  }
  // The answer only changes with a new server process.
  result["ttlMs"] = 3600000;
  result["cacheScope"] = "public";
  send_result(message.id, std::move(result), Era::modern, out);
}

void Session::list_tools(const jsonrpc::Message& message, const RequestContext& context,
                         std::string& out) {
  if (message.params != nullptr && message.params->contains("cursor")) {
    // We never hand out cursors: the whole list is one page.
    send_error(message.id, jsonrpc::kInvalidParams, "Invalid params: unknown cursor", out);
    return;
  }
  if (!rendered_tools_) {
    boost::json::array tools;
    for (const auto& entry : catalog().entries()) tools.emplace_back(render_tool(entry));
    rendered_tools_ = std::move(tools);
  }
  boost::json::object result;
  result["tools"] = *rendered_tools_;
  if (context.era == Era::modern) {
    // Version pins make the list specific to this server's configuration.
    result["ttlMs"] = 3600000;
    result["cacheScope"] = "private";
  }
  send_result(message.id, std::move(result), context.era, out);
}

boost::json::object Session::render_settled(const CallOutcome& outcome, const CatalogEntry& entry) {
  if (outcome.status == CallOutcome::Status::awaiting_approval) {
    return render_pending_approval(outcome, entry.descriptor);
  }
  return render_call_result(outcome, entry.descriptor);
}

void Session::call_tool(const jsonrpc::Message& message, const RequestContext& context,
                        std::string& out) {
  const auto* name = message.params != nullptr ? message.params->if_contains("name") : nullptr;
  if (name == nullptr || !name->is_string()) {
    send_error(message.id, jsonrpc::kInvalidParams, "Invalid params: name must be a string", out);
    return;
  }
  static const boost::json::object kNoArguments;
  const boost::json::object* arguments = &kNoArguments;
  if (const auto* raw = message.params->if_contains("arguments")) {
    if (!raw->is_object()) {
      send_error(message.id, jsonrpc::kInvalidParams, "Invalid params: arguments must be an object",
                 out);
      return;
    }
    arguments = &raw->get_object();
  }
  const CatalogEntry* entry = catalog().find(name->get_string());
  if (entry == nullptr) {
    send_error(message.id, jsonrpc::kInvalidParams,
               "Unknown tool: " + std::string(name->get_string()), out);
    return;
  }
  if (context.era == Era::modern) {
    if (const auto* state = message.params->if_contains("requestState")) {
      if (!state->is_string()) {
        send_error(message.id, jsonrpc::kInvalidParams,
                   "Invalid params: requestState must be a string", out);
        return;
      }
      resume_with_request_state(message, *entry, state->get_string(), out);
      return;
    }
  }
  if (batching_) {
    Held call;
    call.id = message.id;  // copies out of the line's parse buffer
    call.era = context.era;
    // The legacy era's capabilities are the session's, fixed at initialize;
    // only a 2026-07-28 request carries its own.
    if (context.era != Era::legacy && context.client_capabilities != nullptr)
      call.capabilities = *context.client_capabilities;
    call.name = std::string(name->get_string());
    call.arguments.emplace_object() = *arguments;
    hold_call(std::move(call), *entry, out);
    return;
  }
  const CallOutcome outcome = backend_.call_tool(entry->descriptor.name, *arguments);
  settle_call(message.id, context, *entry, name->get_string(), *arguments, outcome, out);
}

void Session::hold_call(Held call, const CatalogEntry& entry, std::string& out) {
  call.is_call = true;
  call.entry = &entry;
  held_.push_back(std::move(call));
  if (++held_calls_ >= kMaxHeldCalls) flush(out);
}

void Session::flush(std::string& out) {
  if (held_.empty()) return;
  std::vector<Held> held;
  held.swap(held_);
  held_calls_ = 0;
  std::vector<Backend::ToolCall> calls;
  for (const auto& h : held)
    if (h.is_call)
      calls.push_back({h.entry->descriptor.name, &h.arguments.get_object(), &h.arguments});
  std::vector<CallOutcome> outcomes;
  try {
    outcomes = backend_.call_tools(calls);
  } catch (const std::exception& e) {
    log_line(std::string("internal error: ") + e.what());
  }
  std::size_t next = 0;
  for (const auto& h : held) {
    if (!h.is_call) {
      out += h.rendered;
      continue;
    }
    if (next >= outcomes.size()) {
      send_error(h.id, jsonrpc::kInternalError, "Internal error", out);
      continue;
    }
    const RequestContext context{
        h.era, h.era == Era::legacy ? &legacy_client_capabilities_ : &h.capabilities};
    settle_call(h.id, context, *h.entry, h.name, h.arguments.get_object(), outcomes[next++], out);
  }
  // The next batch reuses this one's storage.
  held.clear();
  if (held_.empty()) held_.swap(held);
}

void Session::settle_call(const boost::json::value& id, const RequestContext& context,
                          const CatalogEntry& entry, std::string_view name,
                          const boost::json::object& arguments, const CallOutcome& outcome,
                          std::string& out) {
  switch (outcome.status) {
    case CallOutcome::Status::unknown_tool:
      send_error(id, jsonrpc::kInvalidParams, "Unknown tool: " + std::string(name), out);
      return;
    case CallOutcome::Status::awaiting_approval:
      await_approval(id, context, entry, arguments, outcome, out);
      return;
    case CallOutcome::Status::ok:
    case CallOutcome::Status::failed: {
      append_call_result_line(out, id, outcome, entry.descriptor,
                              context.era == Era::modern ? &server_info_ : nullptr);
      return;
    }
  }
}

void Session::await_approval(const boost::json::value& id, const RequestContext& context,
                             const CatalogEntry& entry, const boost::json::object& arguments,
                             const CallOutcome& outcome, std::string& out) {
  const bool ask = options_.approval_mode == ServerOptions::ApprovalMode::elicit_if_supported &&
                   supports_form_elicitation(context.client_capabilities);
  if (ask && context.era == Era::modern) {
    // 2026-07-28 has no server-initiated requests: answer input_required and
    // let the client retry with the user's answer (multi round-trip request).
    std::string token = new_request_state();
    request_states_[token] = PendingRequestState{outcome.invocation_id, &entry};
    request_state_order_.push_back(token);
    boost::json::object elicit;
    elicit["method"] = "elicitation/create";
    elicit["params"] =
        approval_elicitation_params(entry.descriptor, outcome.invocation_id, arguments, true);
    boost::json::object input_requests;
    input_requests[kApprovalInputKey] = std::move(elicit);
    boost::json::object result;
    result["resultType"] = "input_required";
    result["inputRequests"] = std::move(input_requests);
    result["requestState"] = std::move(token);
    send_result(id, std::move(result), Era::modern, out);
    return;
  }
  if (ask && context.era == Era::legacy && elicitations_.size() < kMaxPendingElicitations) {
    std::string elicitation_id = "toolhost-approval-" + std::to_string(next_elicitation_++);
    const bool has_mode = legacy_revision_ != kRevision20250618;
    boost::json::object request;
    request["jsonrpc"] = "2.0";
    request["id"] = elicitation_id;
    request["method"] = "elicitation/create";
    request["params"] =
        approval_elicitation_params(entry.descriptor, outcome.invocation_id, arguments, has_mode);
    jsonrpc::append_line(out, request);
    elicitations_[elicitation_id] = PendingElicitation{id, outcome.invocation_id, &entry};
    return;
  }
  send_result(id, render_pending_approval(outcome, entry.descriptor), context.era, out);
}

void Session::handle_client_response(const jsonrpc::Message& message, std::string& out) {
  const auto* id = message.id.if_string();
  auto it = id != nullptr ? elicitations_.find(std::string(*id)) : elicitations_.end();
  if (it == elicitations_.end()) {
    log_line("ignored a response to a request we did not send: " +
             boost::json::serialize(message.id));
    return;
  }
  PendingElicitation pending = std::move(it->second);
  elicitations_.erase(it);
  const ApprovalAnswer answer =
      message.result != nullptr ? read_approval_answer(*message.result) : ApprovalAnswer::undecided;
  CallOutcome outcome;
  try {
    if (answer == ApprovalAnswer::approve) {
      outcome = backend_.approve(pending.invocation_id);
    } else if (answer == ApprovalAnswer::deny) {
      outcome = backend_.deny(pending.invocation_id);
    } else {
      outcome.status = CallOutcome::Status::awaiting_approval;
      outcome.invocation_id = pending.invocation_id;
    }
  } catch (const std::exception& e) {
    log_line(std::string("internal error: ") + e.what());
    send_error(pending.request_id, jsonrpc::kInternalError, "Internal error", out);
    return;
  }
  if (outcome.status == CallOutcome::Status::unknown_tool) {
    send_error(pending.request_id, jsonrpc::kInternalError,
               "Internal error: the invocation awaiting approval is gone", out);
    return;
  }
  send_result(pending.request_id, render_settled(outcome, *pending.entry), Era::legacy, out);
}

void Session::resume_with_request_state(const jsonrpc::Message& message, const CatalogEntry& entry,
                                        const boost::json::string& state, std::string& out) {
  auto it = request_states_.find(std::string(state));
  if (it == request_states_.end() || it->second.entry != &entry) {
    send_error(message.id, jsonrpc::kInvalidParams,
               "Invalid params: unknown or expired requestState for this tool", out);
    return;
  }
  const auto* responses = object_member(message.params, "inputResponses");
  const auto* answer_value =
      responses != nullptr ? responses->if_contains(kApprovalInputKey) : nullptr;
  if (answer_value == nullptr) {
    // The answer we need is missing: ask again rather than fail (MRTR guidance).
    boost::json::object elicit;
    elicit["method"] = "elicitation/create";
    elicit["params"] = approval_elicitation_params(entry.descriptor, it->second.invocation_id,
                                                   boost::json::object{}, true);
    boost::json::object input_requests;
    input_requests[kApprovalInputKey] = std::move(elicit);
    boost::json::object result;
    result["resultType"] = "input_required";
    result["inputRequests"] = std::move(input_requests);
    result["requestState"] = state;
    send_result(message.id, std::move(result), Era::modern, out);
    return;
  }
  const std::string invocation_id = it->second.invocation_id;
  request_states_.erase(it);  // single use
  std::erase(request_state_order_, std::string(state));
  CallOutcome outcome;
  switch (read_approval_answer(*answer_value)) {
    case ApprovalAnswer::approve:
      outcome = backend_.approve(invocation_id);
      break;
    case ApprovalAnswer::deny:
      outcome = backend_.deny(invocation_id);
      break;
    case ApprovalAnswer::undecided:
      outcome.status = CallOutcome::Status::awaiting_approval;
      outcome.invocation_id = invocation_id;
      break;
  }
  if (outcome.status == CallOutcome::Status::unknown_tool) {
    send_error(message.id, jsonrpc::kInternalError,
               "Internal error: the invocation awaiting approval is gone", out);
    return;
  }
  send_result(message.id, render_settled(outcome, entry), Era::modern, out);
}

std::string Session::new_request_state() {
  // Unguessable, so a client can only resume a call it was asked about;
  // the server keeps the mapping, so the token itself carries nothing.
  static thread_local std::random_device device;
  static constexpr char kHex[] = "0123456789abcdef";
  std::string token;
  for (int i = 0; i < 4; ++i) {
    std::uint32_t bits = device();
    for (int j = 0; j < 8; ++j, bits >>= 4) token += kHex[bits & 0xF];
  }
  if (request_states_.size() >= kMaxPendingRequestStates && !request_state_order_.empty()) {
    request_states_.erase(request_state_order_.front());
    request_state_order_.pop_front();
  }
  return token;
}

void Session::end_of_input() {
  for (const auto& [id, pending] : elicitations_) {
    log_line("input closed while awaiting approval; invocation " + pending.invocation_id +
             " stays pending for out-of-band approval");
  }
  elicitations_.clear();
}

}  // namespace toolhost::mcp
