#include "pipeline/pipeline.hpp"

#include <algorithm>
#include <filesystem>
#include <set>

#include "isolation/process_executor.hpp"
#include "pipeline/failure.hpp"
#include "pipeline/output_bounds.hpp"
#include "workspace/sqlite_provenance_ledger.hpp"

namespace toolhost::pipeline {

namespace json = boost::json;

namespace {

int64_t steady_us() {
  return std::chrono::duration_cast<std::chrono::microseconds>(
             std::chrono::steady_clock::now().time_since_epoch())
      .count();
}

bool grants_workspace(const registry::ToolSpec& spec) {
  return spec.side_effect == "WORKSPACE_READ" || spec.side_effect == "WORKSPACE_WRITE" ||
         spec.target_kind == "sandbox";
}

// The trust a result may carry: never above the declaration, and a
// third-party plugin the operator did not trust is capped at EXTERNAL_UNTRUSTED.
std::string clamp_trust(const registry::ToolSpec& spec, const startup::ToolImplementation* impl,
                        int32_t reported) {
  int rank = registry::trust_rank(spec.output_trust);
  if (reported > 0 && reported < rank) rank = reported;
  if (impl && impl->third_party && !impl->trusted) rank = std::min(rank, 1);
  return std::string(registry::trust_label(rank));
}

store::InvocationOutcome record_of(const CallOutcome& o, int64_t finished_us, int64_t duration_us) {
  store::InvocationOutcome r;
  r.succeeded = o.status == CallStatus::ok;
  if (r.succeeded) r.output_json = json::serialize(o.output);
  r.content = o.content;
  r.output_trust = o.output_trust;
  if (o.failure) {
    r.failure_kind = o.failure->kind;
    r.reason_code = o.failure->reason_code;
    r.detail = o.failure->detail;
  }
  r.finished_at_us = finished_us;
  r.duration_us = duration_us;
  return r;
}

}  // namespace

Pipeline::Pipeline(const startup::LoadedHost& host, store::Database& db, store::IdGenerator& ids,
                   const clock::Clock& clock, const credentials::CredentialSource& credentials,
                   PipelineOptions options)
    : host_(host),
      db_(db),
      ids_(ids),
      sessions_(db, ids),
      invocations_(db, ids),
      artifacts_(db, ids),
      clock_(clock),
      credentials_(credentials),
      options_(std::move(options)) {
  if (options_.default_scopes.empty()) options_.default_scopes = all_required_scopes(host.catalog);
}

Pipeline::~Pipeline() = default;

std::vector<std::string> Pipeline::all_required_scopes(const registry::Catalog& catalog) {
  std::set<std::string> scopes;
  for (const auto& s : catalog.all()) scopes.insert(s.required_scopes.begin(), s.required_scopes.end());
  return {scopes.begin(), scopes.end()};
}

store::StoreResult<store::Session> Pipeline::create_session(const SessionRequest& request,
                                                            std::string* error) {
  store::NewSession s;
  for (const auto& name : host_.catalog.names()) s.catalog[name] = host_.catalog.latest(name)->version;
  for (const auto& pin : request.pins) {
    auto r = host_.catalog.resolve(pin);
    if (!r.spec) {
      if (error) *error = r.detail;
      return store::StoreStatus::failure(store::StoreCode::not_found, r.detail);
    }
    s.catalog[r.spec->name] = r.spec->version;
  }
  s.scopes = request.scopes ? *request.scopes : options_.default_scopes;
  s.workspace_dir = request.workspace_dir;
  s.created_at_us = now_us();
  std::lock_guard lock(store_mutex_);
  auto created = sessions_.create(s);
  if (created) session_cache_[created->id] = *created;
  else if (error) *error = created.status().message;
  return created;
}

store::StoreResult<store::Session> Pipeline::get_session(std::string_view id) {
  std::lock_guard lock(store_mutex_);
  if (auto it = session_cache_.find(std::string(id)); it != session_cache_.end()) return it->second;
  auto s = sessions_.get(id);
  if (s) session_cache_[s->id] = *s;
  return s;
}

CallOutcome Pipeline::fail_before_run(const CallRequest& request, const std::string& session_id,
                                      const registry::ToolSpec* spec, const std::string& arguments_json,
                                      const std::string& policy, const std::string& reason_code,
                                      std::string detail) {
  CallOutcome o;
  o.status = CallStatus::failed;
  o.session_id = session_id;
  o.tool = spec ? spec->name : request.tool.name;
  o.version = spec ? spec->version : request.tool.version.value_or("");
  o.output_trust = spec ? clamp_trust(*spec, host_.implementation(*spec), 0) : "EXTERNAL_UNTRUSTED";
  o.failure = make_failure(*host_.messages, reason_code, std::move(detail));
  o.content = o.failure->message;
  if (options_.persist_invocations && !session_id.empty()) {
    store::NewInvocation row{session_id, o.tool, o.version, arguments_json, policy, now_us()};
    std::lock_guard lock(store_mutex_);
    auto id = invocations_.insert_completed(row, record_of(o, row.created_at_us, 0));
    if (id) o.invocation_id = *id;
  }
  return o;
}

CallOutcome Pipeline::call(const CallRequest& request) {
  // 1. Resolve: the session's snapshot, this call's pin, or NOT_FOUND.
  store::Session session;
  if (request.session_id.empty()) {
    std::string error;
    auto created = create_session({request.session_pins, std::nullopt, request.workspace_dir}, &error);
    if (!created) return fail_before_run(request, "", nullptr, "", "", "tool.not_found.unknown_version", error);
    session = *created;
  } else {
    auto found = get_session(request.session_id);
    if (!found)
      return fail_before_run(request, "", nullptr, "", "", "tool.not_found.unknown_session",
                             "no session " + request.session_id);
    session = *found;
    if (!request.session_pins.empty()) {
      std::map<std::string, std::string> pins;
      for (const auto& pin : request.session_pins) {
        auto r = host_.catalog.resolve(pin);
        if (!r.spec) return fail_before_run(request, session.id, nullptr, "", "", r.reason_code, r.detail);
        pins[r.spec->name] = r.spec->version;
      }
      std::lock_guard lock(store_mutex_);
      auto updated = sessions_.update_pins(session.id, pins);
      if (updated) session = session_cache_[session.id] = *updated;
    }
  }
  const registry::ToolSpec* spec = nullptr;
  if (request.tool.version) {
    auto r = host_.catalog.resolve(request.tool);
    if (!r.spec) return fail_before_run(request, session.id, nullptr, "", "", r.reason_code, r.detail);
    spec = r.spec;
  } else {
    auto pinned = session.catalog.find(request.tool.name);
    if (pinned == session.catalog.end())
      return fail_before_run(request, session.id, nullptr, "", "", "tool.not_found.unknown_tool",
                             "session " + session.id + " has no tool \"" + request.tool.name + "\"");
    spec = host_.catalog.exact(pinned->first, pinned->second);
    if (!spec)
      return fail_before_run(request, session.id, nullptr, "", "", "tool.not_found.unknown_version",
                             "session " + session.id + " is pinned to " + pinned->first + "@" +
                                 pinned->second + ", which this host no longer has");
  }

  // 2. Validate input: defaults first, then the schema. Invalid input never invokes.
  std::string raw_args = request.arguments_json.empty() ? std::string("{}") : request.arguments_json;
  json::error_code ec;
  json::value args = json::parse(raw_args, ec);
  if (ec || !args.is_object())
    return fail_before_run(request, session.id, spec, raw_args, "", "tool.invalid_arguments.not_json",
                           ec ? "arguments are not valid JSON: " + ec.message() : "arguments are not a JSON object");
  spec->compiled_input->apply_defaults(args);
  std::string arguments_json = json::serialize(args);
  if (auto invalid = spec->compiled_input->validate(args))
    return fail_before_run(request, session.id, spec, arguments_json, "", "tool.invalid_arguments.schema",
                           "at " + invalid->pointer + " (" + invalid->keyword + "): " + invalid->message);

  // 3. Policy: scopes, then the side_effect x risk matrix.
  for (const auto& scope : spec->required_scopes) {
    if (std::find(session.scopes.begin(), session.scopes.end(), scope) == session.scopes.end())
      return fail_before_run(request, session.id, spec, arguments_json, "deny",
                             "tool.permission_denied.missing_scope", "session lacks scope " + scope);
  }
  auto decision = host_.policy.decide(spec->side_effect, spec->risk);
  std::string policy(tables::to_string(decision));
  if (decision == tables::PolicyDecision::deny)
    return fail_before_run(request, session.id, spec, arguments_json, policy,
                           "tool.permission_denied.policy",
                           "policy denies " + spec->side_effect + "/" + spec->risk);

  // 4. Approval: a durable pause, resolved exactly once.
  store::NewInvocation row{session.id, spec->name, spec->version, arguments_json, policy, now_us()};
  std::string invocation_id;
  if (decision == tables::PolicyDecision::require_approval) {
    {
      std::lock_guard lock(store_mutex_);
      auto id = invocations_.insert_awaiting_approval(row);
      if (!id)
        return fail_before_run(request, "", spec, arguments_json, policy, "tool.internal.error",
                               id.status().message);
      invocation_id = *id;
    }
    if (!request.approve_inline) {
      CallOutcome o;
      o.status = CallStatus::awaiting_approval;
      o.invocation_id = invocation_id;
      o.session_id = session.id;
      o.tool = spec->name;
      o.version = spec->version;
      o.output_trust = clamp_trust(*spec, host_.implementation(*spec), 0);
      o.content = "Awaiting approval: invocation " + invocation_id;
      return o;
    }
    std::lock_guard lock(store_mutex_);
    auto claimed = invocations_.claim_for_approval(invocation_id, now_us());
    if (!claimed)
      return fail_before_run(request, "", spec, arguments_json, policy, "tool.internal.error",
                             claimed.status().message);
  } else if (options_.persist_invocations) {
    std::lock_guard lock(store_mutex_);
    auto id = invocations_.insert_running(row);
    if (!id)
      return fail_before_run(request, "", spec, arguments_json, policy, "tool.internal.error",
                             id.status().message);
    invocation_id = *id;
  } else {
    invocation_id = ids_.next();
  }

  // 5-10. Execute under the deadline, then check, clamp, bound, persist, render.
  return run(*spec, session, invocation_id, arguments_json, request.workspace_dir);
}

CallOutcome Pipeline::approve(std::string_view invocation_id) {
  store::StoreResult<store::Invocation> claimed = store::StoreStatus{};
  {
    std::lock_guard lock(store_mutex_);
    claimed = invocations_.claim_for_approval(invocation_id, now_us());
  }
  CallRequest request;
  if (!claimed) {
    auto code = claimed.code() == store::StoreCode::not_found ? "tool.not_found.unknown_tool"
                                                              : "tool.internal.error";
    CallOutcome o = fail_before_run(request, "", nullptr, "", "", code, claimed.status().message);
    o.invocation_id = std::string(invocation_id);
    return o;
  }
  const auto& row = *claimed;
  auto session = get_session(row.session_id);
  const auto* spec = host_.catalog.exact(row.tool, row.version);
  if (!session || !spec) {
    CallOutcome o;
    o.invocation_id = row.id;
    o.session_id = row.session_id;
    o.tool = row.tool;
    o.version = row.version;
    o.failure = make_failure(*host_.messages, "tool.not_found.unknown_version",
                             row.tool + "@" + row.version + " is no longer registered");
    o.content = o.failure->message;
    o.output_trust = "EXTERNAL_UNTRUSTED";
    std::lock_guard lock(store_mutex_);
    invocations_.complete(row.id, record_of(o, now_us(), 0));
    return o;
  }
  return run(*spec, *session, row.id, row.arguments_json, "");
}

CallOutcome Pipeline::deny(std::string_view invocation_id) {
  store::StoreStatus status;
  store::StoreResult<store::Invocation> row = store::StoreStatus{};
  {
    std::lock_guard lock(store_mutex_);
    status = invocations_.deny(invocation_id, now_us());
    row = invocations_.get(invocation_id);
  }
  CallOutcome o;
  o.invocation_id = std::string(invocation_id);
  if (row) {
    o.session_id = row->session_id;
    o.tool = row->tool;
    o.version = row->version;
  }
  o.output_trust = "EXTERNAL_UNTRUSTED";
  if (!status.ok()) {
    o.failure = make_failure(*host_.messages,
                             status.code == store::StoreCode::not_found ? "tool.not_found.unknown_tool"
                                                                        : "tool.internal.error",
                             status.message);
  } else {
    o.failure = make_failure(*host_.messages, "tool.approval_denied.denied", "denied by the operator");
  }
  o.content = o.failure->message;
  return o;
}

std::shared_ptr<workspace::WorkspaceHandle> Pipeline::workspace_for(const store::Session& session,
                                                                     const std::string& override_dir,
                                                                     std::string* error) {
  std::string dir = !override_dir.empty() ? override_dir
                    : !session.workspace_dir.empty()
                        ? session.workspace_dir
                        : (db_.state_dir() / "workspaces" / session.id).string();
  std::lock_guard lock(store_mutex_);
  if (auto it = workspaces_.find(dir); it != workspaces_.end()) return it->second;
  std::error_code ec;
  std::filesystem::create_directories(dir, ec);
  std::string ledger_error;
  auto ledger = workspace::SqliteProvenanceLedger::at_path(
      (db_.state_dir() / store::Database::kFileName).string(),
      std::filesystem::weakly_canonical(dir, ec).string(), &ledger_error);
  if (!ledger) {
    if (error) *error = ledger_error;
    return nullptr;
  }
  auto opened = workspace::WorkspaceHandle::open_root(dir, std::move(ledger));
  if (!opened.handle) {
    if (error) *error = opened.error;
    return nullptr;
  }
  std::shared_ptr<workspace::WorkspaceHandle> handle(std::move(opened.handle));
  workspaces_[dir] = handle;
  return handle;
}

CallOutcome Pipeline::run(const registry::ToolSpec& spec, const store::Session& session,
                          const std::string& invocation_id, const std::string& arguments_json,
                          const std::string& workspace_override) {
  int64_t started = steady_us();
  const auto* impl = host_.implementation(spec);
  std::shared_ptr<workspace::WorkspaceHandle> workspace;
  if (grants_workspace(spec)) {
    std::string error;
    workspace = workspace_for(session, workspace_override, &error);
    if (!workspace) {
      PluginResult r;
      r.returned = r.filled = true;
      r.reason_code = "tool.unavailable.not_granted";
      r.detail = "workspace unavailable: " + error;
      return finish(spec, session, invocation_id, std::move(r), false, started);
    }
  }
  auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(spec.timeout_s);
  auto context = make_call_context(clock_, credentials_, std::move(workspace), deadline);
  context->tool_id = spec.id();
  context->artifacts.store = &artifacts_;
  context->artifacts.session_id = session.id;
  context->artifacts.run_id = session.id;
  context->artifacts.invocation_id = invocation_id;
  context->artifacts.now_utc_us = [this] { return now_us(); };
  if (spec.target_kind == "sandbox") grant_sandbox(*context);
  auto result = executor_for(*impl).run(impl->library, context,
                               InvokeInput{spec.name, spec.version, arguments_json, invocation_id, session.id});
  bool escaped = context->workspace.escaped();
  return finish(spec, session, invocation_id, std::move(result), escaped, started);
}

Executor& Pipeline::executor_for(const startup::ToolImplementation& impl) {
  if (options_.executor_override) return *options_.executor_override;
  std::lock_guard lock(executors_mutex_);
  if (!impl.isolated) {
    // Created on first use: its worker pool is deliberately never freed, so
    // a host that only runs isolated plugins should not own one.
    if (!executor_) executor_ = std::make_unique<ThreadedExecutor>();
    return *executor_;
  }
  auto& executor = isolated_executors_[impl.plugin_path];
  if (!executor) executor = std::make_unique<isolation::ProcessExecutor>(impl.plugin_path, options_.worker);
  return *executor;
}

CallOutcome Pipeline::finish(const registry::ToolSpec& spec, const store::Session& session,
                             const std::string& invocation_id, PluginResult result, bool escaped,
                             int64_t started_us) {
  CallOutcome o;
  o.invocation_id = invocation_id;
  o.session_id = session.id;
  o.tool = spec.name;
  o.version = spec.version;
  const auto* impl = host_.implementation(spec);
  o.output_trust = clamp_trust(spec, impl, 0);
  auto fail = [&](const std::string& code, std::string detail) {
    o.status = CallStatus::failed;
    o.failure = make_failure(*host_.messages, code, std::move(detail));
    o.content = o.failure->message;
  };

  if (!result.returned || result.late) {
    fail("tool.timeout.deadline_exceeded", "no result within " + std::to_string(spec.timeout_s) + " s");
  } else if (escaped) {
    // The workspace refused a path as an escape: one failure for every tool,
    // whatever the plugin returned.
    fail("tool.invalid_arguments.path_outside_workspace", "the workspace refused a path");
  } else if (!result.filled) {
    fail("tool.plugin_fault.no_result", "invoke returned without filling a result");
  } else if (result.status != TH_INVOKE_OK) {
    fail(result.reason_code, result.detail);
  } else {
    // 6. Validate output.
    json::error_code ec;
    json::value output = json::parse(result.output_json, ec);
    std::optional<schema::ValidationError> invalid;
    if (!ec) invalid = spec.compiled_output->validate(output);
    if (ec) {
      fail("tool.output_invalid.schema", "output is not valid JSON: " + ec.message());
    } else if (invalid) {
      fail("tool.output_invalid.schema",
           "at " + invalid->pointer + " (" + invalid->keyword + "): " + invalid->message);
    } else {
      // 7. Trust: lower only.
      o.output_trust = clamp_trust(spec, impl, result.output_trust);
      o.status = CallStatus::ok;
      o.output = std::move(output);
      o.content = std::move(result.content);
      // 8. Bound output.
      bool content_over = o.content.size() > spec.max_output_bytes;
      size_t output_size = content_over || result.output_json.size() > spec.max_output_bytes
                               ? result.output_json.size()
                               : 0;
      if (content_over || output_size > spec.max_output_bytes) {
        artifacts::ArtifactMeta meta;
        meta.name = spec.name + "-" + invocation_id + (content_over ? ".txt" : ".json");
        meta.media_type = content_over ? "text/plain; charset=utf-8" : "application/json";
        meta.origin = artifacts::Origin::tool_output;
        meta.provenance = o.output_trust == "EXTERNAL_UNTRUSTED" ? artifacts::Provenance::external_untrusted
                                                                  : artifacts::Provenance::internal;
        meta.session_id = session.id;
        meta.run_id = session.id;
        meta.invocation_id = invocation_id;
        meta.created_at_us = now_us();
        std::lock_guard lock(store_mutex_);
        auto ref = artifacts_.put_bytes(meta, content_over ? std::string_view(o.content)
                                                           : std::string_view(result.output_json));
        std::string artifact_id = ref ? ref->id : std::string("(not stored)");
        if (ref) o.full_output_artifact = json::parse(ref->to_json()).as_object();
        if (o.content.size() > registry::kGlobalOutputCeiling) {
          o.status = CallStatus::failed;
          o.output = nullptr;
          o.failure = make_failure(*host_.messages, "tool.output_too_large.hard_ceiling",
                                   std::to_string(o.content.size()) + " bytes; full output in artifact " +
                                       artifact_id);
          o.content = o.failure->message;
        } else {
          if (content_over) {
            o.content = excerpt_head_and_tail(
                o.content, spec.max_output_bytes,
                elision_marker(o.content.size() - spec.max_output_bytes, artifact_id));
          }
          if (!bound_json_strings(o.output, spec.max_output_bytes, artifact_id)) {
            o.status = CallStatus::failed;
            o.output = nullptr;
            o.failure = make_failure(*host_.messages, "tool.output_too_large.hard_ceiling",
                                     "structured output cannot be bounded to " +
                                         std::to_string(spec.max_output_bytes) + " bytes; artifact " +
                                         artifact_id);
            o.content = o.failure->message;
          }
        }
      }
    }
  }

  // 9. Persist.
  if (options_.persist_invocations) {
    std::lock_guard lock(store_mutex_);
    auto status = invocations_.complete(invocation_id, record_of(o, now_us(), steady_us() - started_us));
    if (!status.ok()) {
      o.status = CallStatus::failed;
      o.failure = make_failure(*host_.messages, "tool.internal.error",
                               "the invocation record could not be written: " + status.message);
      o.content = o.failure->message;
    }
  }
  return o;
}

}  // namespace toolhost::pipeline
