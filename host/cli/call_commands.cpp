// call, sessions, invocations, approvals: the subcommands that run the pipeline
// or read its records.
#include <boost/json.hpp>
#include <iostream>
#include <iterator>

#include "cli/commands.hpp"
#include "cli/exit_codes.hpp"
#include "cli/host_runtime.hpp"
#include "cli/text_table.hpp"

namespace toolhost::cli {

namespace json = boost::json;

namespace {

int exit_code_for(const pipeline::CallOutcome& o) {
  switch (o.status) {
    case pipeline::CallStatus::ok: return kExitOk;
    case pipeline::CallStatus::awaiting_approval: return kExitAwaitingApproval;
    case pipeline::CallStatus::failed: return kExitCallFailed;
  }
  return kExitCallFailed;
}

// Prints an outcome: --json prints the whole object; otherwise stdout gets
// exactly what the model reads, and stderr the operator's view of a failure.
int print_outcome(const pipeline::CallOutcome& o, bool as_json) {
  if (as_json) {
    std::cout << json::serialize(o.to_json()) << "\n";
  } else {
    std::cout << o.content << "\n";
    if (o.status == pipeline::CallStatus::failed && o.failure)
      std::cerr << "toolhost: call failed: " << o.failure->kind << " " << o.failure->reason_code
                << (o.failure->detail.empty() ? "" : ": " + o.failure->detail) << "\n";
    if (o.status == pipeline::CallStatus::awaiting_approval)
      std::cerr << "toolhost: approve with: toolhost approvals approve " << o.invocation_id
                << "  (or deny)\n";
  }
  return exit_code_for(o);
}

json::object session_json(const store::Session& s) {
  json::object catalog;
  for (const auto& [name, version] : s.catalog) catalog[name] = version;
  json::array scopes;
  for (const auto& sc : s.scopes) scopes.emplace_back(sc);
  return {{"id", s.id}, {"created_at_us", s.created_at_us}, {"catalog", std::move(catalog)},
          {"scopes", std::move(scopes)}, {"workspace_dir", s.workspace_dir}};
}

json::object invocation_json(const store::Invocation& i) {
  auto opt = [](const std::optional<int64_t>& v) { return v ? json::value(*v) : json::value(nullptr); };
  auto parsed_or_text = [](const std::string& text) -> json::value {
    if (text.empty()) return nullptr;
    json::error_code ec;
    auto v = json::parse(text, ec);
    return ec ? json::value(text) : v;
  };
  return {{"id", i.id},
          {"session_id", i.session_id},
          {"tool", i.tool},
          {"version", i.version},
          {"arguments", parsed_or_text(i.arguments_json)},
          {"policy_decision", i.policy_decision},
          {"status", store::to_string(i.status)},
          {"output", parsed_or_text(i.output_json)},
          {"content", i.content},
          {"output_trust", i.output_trust},
          {"failure_kind", i.failure_kind},
          {"reason_code", i.reason_code},
          {"detail", i.detail},
          {"created_at_us", i.created_at_us},
          {"started_at_us", opt(i.started_at_us)},
          {"approved_at_us", opt(i.approved_at_us)},
          {"finished_at_us", opt(i.finished_at_us)},
          {"duration_us", opt(i.duration_us)}};
}

bool read_arguments(const std::string& given, std::string& out) {
  if (given != "-") {
    out = given;
    return true;
  }
  out.assign(std::istreambuf_iterator<char>(std::cin), std::istreambuf_iterator<char>());
  return static_cast<bool>(std::cin) || std::cin.eof();
}

std::vector<registry::ToolRef> parse_pins(const std::vector<std::string>& pins, bool& ok) {
  std::vector<registry::ToolRef> out;
  ok = true;
  for (const auto& p : pins) {
    auto ref = registry::ToolRef::parse(p);
    if (!ref.version) {
      std::cerr << "toolhost: --pin " << p << ": expected NAME@VERSION\n";
      ok = false;
    }
    out.push_back(ref);
  }
  return out;
}

struct CallValues {
  std::string session, workspace, tool, args;
  std::vector<std::string> pins, scopes;
  bool approve = false, json = false;
  std::string id;
};

int run_call(const GlobalOptions& global, const CallValues& v) {
  bool pins_ok = true;
  pipeline::CallRequest request;
  request.session_pins = parse_pins(v.pins, pins_ok);
  if (!pins_ok) return kExitUsage;
  request.session_id = v.session;
  request.workspace_dir = v.workspace;
  request.approve_inline = v.approve;
  request.tool = registry::ToolRef::parse(v.tool);
  if (!read_arguments(v.args.empty() ? "{}" : v.args, request.arguments_json)) {
    std::cerr << "toolhost: call: cannot read arguments from standard input\n";
    return kExitUsage;
  }
  int code = kExitOk;
  auto rt = open_runtime(global, code);
  if (!rt) return code;
  return print_outcome(rt->pipeline->call(request), v.json);
}

int run_sessions_new(const GlobalOptions& global, const CallValues& v) {
  bool pins_ok = true;
  pipeline::SessionRequest request;
  request.pins = parse_pins(v.pins, pins_ok);
  if (!pins_ok) return kExitUsage;
  if (!v.scopes.empty()) request.scopes = v.scopes;
  request.workspace_dir = v.workspace;
  int code = kExitOk;
  auto rt = open_runtime(global, code);
  if (!rt) return code;
  std::string error;
  auto s = rt->pipeline->create_session(request, &error);
  if (!s) {
    std::cerr << "toolhost: sessions new: " << error << "\n";
    return kExitUsage;
  }
  if (v.json)
    std::cout << json::serialize(session_json(*s)) << "\n";
  else
    std::cout << s->id << "\n";
  return kExitOk;
}

int run_sessions_show(const GlobalOptions& global, const CallValues& v) {
  int code = kExitOk;
  auto rt = open_runtime(global, code);
  if (!rt) return code;
  auto s = rt->pipeline->get_session(v.id);
  if (!s) {
    std::cerr << "toolhost: sessions show: no session " << v.id << "\n";
    return kExitUsage;
  }
  std::cout << json::serialize(session_json(*s)) << "\n";
  return kExitOk;
}

int run_invocations_show(const GlobalOptions& global, const CallValues& v) {
  int code = kExitOk;
  auto rt = open_runtime(global, code);
  if (!rt) return code;
  auto i = rt->pipeline->invocations().get(v.id);
  if (!i) {
    std::cerr << "toolhost: invocations show: no invocation " << v.id << "\n";
    return kExitUsage;
  }
  std::cout << json::serialize(invocation_json(*i)) << "\n";
  return kExitOk;
}

int run_approvals_list(const GlobalOptions& global, const CallValues& v) {
  int code = kExitOk;
  auto rt = open_runtime(global, code);
  if (!rt) return code;
  auto pending = rt->pipeline->invocations().list_awaiting_approval();
  if (!pending) {
    std::cerr << "toolhost: approvals list: " << pending.status().message << "\n";
    return kExitInternal;
  }
  if (v.json) {
    json::array out;
    for (const auto& i : *pending) out.push_back(invocation_json(i));
    std::cout << json::serialize(json::object{{"awaiting_approval", std::move(out)}}) << "\n";
    return kExitOk;
  }
  TextTable table({"INVOCATION", "TOOL", "SESSION", "ARGUMENTS"});
  for (const auto& i : *pending) table.add({i.id, i.tool + "@" + i.version, i.session_id, i.arguments_json});
  table.print(std::cout);
  return kExitOk;
}

int run_approval_decision(const GlobalOptions& global, const CallValues& v, bool approve) {
  int code = kExitOk;
  auto rt = open_runtime(global, code);
  if (!rt) return code;
  auto existing = rt->pipeline->invocations().get(v.id);
  if (!existing) {
    std::cerr << "toolhost: approvals: no invocation " << v.id << "\n";
    return kExitUsage;
  }
  if (existing->status != store::InvocationStatus::awaiting_approval) {
    std::cerr << "toolhost: approvals: invocation " << v.id << " is "
              << store::to_string(existing->status) << ", not awaiting approval\n";
    return kExitUsage;
  }
  auto outcome = approve ? rt->pipeline->approve(v.id) : rt->pipeline->deny(v.id);
  return print_outcome(outcome, v.json);
}

}  // namespace

void add_call_commands(CLI::App& app, const GlobalOptions& global, int& exit_code) {
  auto v = std::make_shared<CallValues>();

  auto* call = app.add_subcommand("call", "Run one tool call through the pipeline");
  call->add_option("--session", v->session, "Use this session (default: a new one)");
  call->add_option("--pin", v->pins, "Pin NAME@VERSION in the session (repeatable)");
  call->add_option("--workspace", v->workspace, "Bind the call's session to this workspace directory");
  call->add_flag("--approve", v->approve, "Approve inline if the call needs approval");
  call->add_flag("--json", v->json, "Print the whole outcome as one JSON object");
  call->add_option("tool", v->tool, "NAME or NAME@VERSION (a version pins this call)")->required();
  call->add_option("arguments", v->args, "Arguments as a JSON object, or - for standard input (default {})");
  call->footer(kExitCodesHelp);
  call->callback([&global, &exit_code, v] { exit_code = run_call(global, *v); });

  auto* sessions = app.add_subcommand("sessions", "Create or inspect sessions");
  sessions->require_subcommand(1);
  auto* sessions_new = sessions->add_subcommand("new", "Create a session snapshotting the catalog; prints its id");
  sessions_new->add_option("--pin", v->pins, "Pin NAME@VERSION (repeatable)");
  sessions_new->add_option("--scope", v->scopes, "Grant a scope (repeatable; default: every scope the builtins use)");
  sessions_new->add_option("--workspace", v->workspace, "The session's workspace directory");
  sessions_new->add_flag("--json", v->json, "Print the session as JSON");
  sessions_new->callback([&global, &exit_code, v] { exit_code = run_sessions_new(global, *v); });
  auto* sessions_show = sessions->add_subcommand("show", "Print a session as JSON");
  sessions_show->add_option("id", v->id, "Session id")->required();
  sessions_show->callback([&global, &exit_code, v] { exit_code = run_sessions_show(global, *v); });

  auto* invocations = app.add_subcommand("invocations", "Inspect invocation records");
  invocations->require_subcommand(1);
  auto* show = invocations->add_subcommand("show", "Print one tool_invocations row as JSON");
  show->add_option("id", v->id, "Invocation id")->required();
  show->callback([&global, &exit_code, v] { exit_code = run_invocations_show(global, *v); });

  auto* approvals = app.add_subcommand("approvals", "List, approve or deny calls awaiting approval");
  approvals->require_subcommand(1);
  auto* list = approvals->add_subcommand("list", "List invocations awaiting approval");
  list->add_flag("--json", v->json, "Print JSON");
  list->callback([&global, &exit_code, v] { exit_code = run_approvals_list(global, *v); });
  auto* approve = approvals->add_subcommand("approve", "Approve and run an invocation (exactly once)");
  approve->add_option("id", v->id, "Invocation id")->required();
  approve->add_flag("--json", v->json, "Print the outcome as JSON");
  approve->callback([&global, &exit_code, v] { exit_code = run_approval_decision(global, *v, true); });
  auto* deny = approvals->add_subcommand("deny", "Deny an invocation");
  deny->add_option("id", v->id, "Invocation id")->required();
  deny->add_flag("--json", v->json, "Print the outcome as JSON");
  deny->callback([&global, &exit_code, v] { exit_code = run_approval_decision(global, *v, false); });
}

}  // namespace toolhost::cli
