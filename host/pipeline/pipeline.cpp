#include "pipeline/pipeline.hpp"

#include <algorithm>
#include <boost/container/small_vector.hpp>
#include <filesystem>
#include <set>

#include "common/json_text.hpp"
#include "common/json_writer.hpp"
#include "isolation/process_executor.hpp"
#include "pipeline/failure.hpp"
#include "pipeline/output_bounds.hpp"
#include "workspace/sqlite_provenance_ledger.hpp"

namespace toolhost::pipeline {

namespace json = boost::json;

namespace {

// A batch is usually one call (`toolhost call`, a lone MCP request): its
// bookkeeping stays on the stack.
template <class T>
using BatchVector = boost::container::small_vector<T, 1>;

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
  if (r.succeeded) r.output_json = common::serialize_json(o.output);
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
  for (const auto& s : catalog.all())
    scopes.insert(s.required_scopes.begin(), s.required_scopes.end());
  return {scopes.begin(), scopes.end()};
}

store::StoreResult<store::Session> Pipeline::create_session(const SessionRequest& request,
                                                            std::string* error) {
  store::NewSession s;
  for (const auto& name : host_.catalog.names())
    s.catalog[name] = host_.catalog.latest(name)->version;
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
  if (created)
    session_cache_[created->id] = std::make_shared<const store::Session>(*created);
  else if (error)
    *error = created.status().message;
  return created;
}

std::shared_ptr<const store::Session> Pipeline::session_ref(std::string_view id) {
  std::lock_guard lock(store_mutex_);
  if (auto it = session_cache_.find(id); it != session_cache_.end()) return it->second;
  auto s = sessions_.get(id);
  if (!s) return nullptr;
  auto shared = std::make_shared<const store::Session>(std::move(*s));
  session_cache_[shared->id] = shared;
  return shared;
}

store::StoreResult<store::Session> Pipeline::get_session(std::string_view id) {
  if (auto s = session_ref(id)) return *s;
  std::lock_guard lock(store_mutex_);
  return sessions_.get(id);
}

Pipeline::Planned Pipeline::settled(const CallRequest& request, const std::string& session_id,
                                    const registry::ToolSpec* spec,
                                    const std::string& arguments_json, const std::string& policy,
                                    const std::string& reason_code, std::string detail) {
  Planned p;
  p.kind = Planned::Kind::settled;
  CallOutcome& o = p.outcome;
  o.status = CallStatus::failed;
  o.session_id = session_id;
  o.tool = spec ? spec->name : request.tool.name;
  o.version = spec ? spec->version : request.tool.version.value_or("");
  o.output_trust = spec ? clamp_trust(*spec, host_.implementation(*spec), 0) : "EXTERNAL_UNTRUSTED";
  o.failure = make_failure(*host_.messages, reason_code, std::move(detail));
  o.content = o.failure->message;
  // A refusal without a session (the session itself failed) has no row to belong to.
  if (!session_id.empty())
    p.row = store::NewInvocation{session_id, o.tool, o.version, arguments_json, policy, now_us()};
  return p;
}

CallOutcome Pipeline::call(const CallRequest& request) {
  return std::move(call_batch(std::span<const CallRequest>(&request, 1)).front());
}

Pipeline::Planned Pipeline::plan(const CallRequest& request) {
  // 1. Resolve: the session's snapshot, this call's pin, or NOT_FOUND.
  std::shared_ptr<const store::Session> session_ptr;
  if (request.session_id.empty()) {
    std::string error;
    auto created =
        create_session({request.session_pins, std::nullopt, request.workspace_dir}, &error);
    if (!created)
      return settled(request, "", nullptr, "", "", "tool.not_found.unknown_version", error);
    session_ptr = session_ref(created->id);
  } else {
    session_ptr = session_ref(request.session_id);
    if (!session_ptr)
      return settled(request, "", nullptr, "", "", "tool.not_found.unknown_session",
                     "no session " + request.session_id);
    if (!request.session_pins.empty()) {
      std::map<std::string, std::string> pins;
      for (const auto& pin : request.session_pins) {
        auto r = host_.catalog.resolve(pin);
        if (!r.spec)
          return settled(request, session_ptr->id, nullptr, "", "", r.reason_code, r.detail);
        pins[r.spec->name] = r.spec->version;
      }
      std::lock_guard lock(store_mutex_);
      auto updated = sessions_.update_pins(session_ptr->id, pins);
      if (updated)
        session_ptr = session_cache_[session_ptr->id] =
            std::make_shared<const store::Session>(*updated);
    }
  }
  if (!session_ptr)
    return settled(request, "", nullptr, "", "", "tool.internal.error",
                   "the session could not be read");
  const store::Session& session = *session_ptr;
  const registry::ToolSpec* spec = nullptr;
  if (request.tool.version) {
    auto r = host_.catalog.resolve(request.tool);
    if (!r.spec) return settled(request, session.id, nullptr, "", "", r.reason_code, r.detail);
    spec = r.spec;
  } else {
    auto pinned = session.catalog.find(request.tool.name);
    if (pinned == session.catalog.end())
      return settled(request, session.id, nullptr, "", "", "tool.not_found.unknown_tool",
                     "session " + session.id + " has no tool \"" + request.tool.name + "\"");
    spec = host_.catalog.exact(pinned->first, pinned->second);
    if (!spec)
      return settled(request, session.id, nullptr, "", "", "tool.not_found.unknown_version",
                     "session " + session.id + " is pinned to " + pinned->first + "@" +
                         pinned->second + ", which this host no longer has");
  }

  // 2. Validate input: defaults first, then the schema. Invalid input never invokes.
  const std::string_view raw_args = request.arguments_json.empty()
                                        ? std::string_view("{}")
                                        : std::string_view(request.arguments_json);
  // The parsed arguments live only through validation and serialization, so
  // they go into a stack arena: no allocation for an ordinary call.
  unsigned char arena[4096];
  json::monotonic_resource scratch(arena, sizeof arena);
  json::value parsed;
  // Arguments a front end parsed are checked where they are, unless
  // defaults could be added to them (which needs a copy of our own).
  const bool borrow = request.arguments != nullptr && request.arguments_serialized &&
                      request.arguments->is_object() && !spec->compiled_input->declares_defaults();
  if (!borrow) {
    json::error_code ec;
    parsed = common::parse_json(raw_args, ec, &scratch);
    if (ec || !parsed.is_object())
      return settled(
          request, session.id, spec, std::string(raw_args), "", "tool.invalid_arguments.not_json",
          ec ? "arguments are not valid JSON: " + ec.message() : "arguments are not a JSON object");
  }
  const json::value& args = borrow ? *request.arguments : parsed;
  const bool defaults_added = !borrow && spec->compiled_input->apply_defaults(parsed);
  std::string arguments_json = request.arguments_serialized && !defaults_added
                                   ? std::string(raw_args)
                                   : common::serialize_json(args);
  if (auto invalid = spec->compiled_input->validate(args))
    return settled(request, session.id, spec, arguments_json, "", "tool.invalid_arguments.schema",
                   "at " + invalid->pointer + " (" + invalid->keyword + "): " + invalid->message);

  // 3. Policy: scopes, then the side_effect x risk matrix.
  for (const auto& scope : spec->required_scopes) {
    if (std::find(session.scopes.begin(), session.scopes.end(), scope) == session.scopes.end())
      return settled(request, session.id, spec, arguments_json, "deny",
                     "tool.permission_denied.missing_scope", "session lacks scope " + scope);
  }
  auto decision = host_.policy.decide(spec->side_effect, spec->risk);
  std::string policy(tables::to_string(decision));
  if (decision == tables::PolicyDecision::deny)
    return settled(request, session.id, spec, arguments_json, policy,
                   "tool.permission_denied.policy",
                   "policy denies " + spec->side_effect + "/" + spec->risk);

  // 4. Approval: a durable pause, resolved exactly once (the row is written
  // with the batch's other rows; see call_batch).
  const auto kind = decision == tables::PolicyDecision::require_approval ? Planned::Kind::awaiting
                                                                         : Planned::Kind::runnable;
  const bool recorded = options_.persist_invocations || kind == Planned::Kind::awaiting;
  // Returned as one prvalue, so nothing is moved on the way out (plan() has
  // other return paths, which rule out returning a named local in place).
  return Planned{
      .kind = kind,
      .outcome = {},
      .row = recorded ? std::optional<store::NewInvocation>(
                            std::in_place, session.id, spec->name, spec->version,
                            std::move(arguments_json), policy, now_us())
                      : std::nullopt,
      .spec = spec,
      .session = std::move(session_ptr),
      // Initialised after `row`: holds the text only when there is no row.
      .arguments_json = recorded ? std::string() : std::move(arguments_json),
      .workspace_dir = request.workspace_dir,
      .approve_inline = request.approve_inline,
  };
}

std::vector<CallOutcome> Pipeline::call_batch(std::span<const CallRequest> requests) {
  BatchVector<Planned> plans;
  plans.reserve(requests.size());
  // Built in place: plan() returns into the vector's slot (a Planned is a
  // dozen strings, and moving one per call showed in the profile).
  struct PlanOf {
    Pipeline& pipeline;
    const CallRequest& request;
    operator Planned() const { return pipeline.plan(request); }
  };
  for (const auto& request : requests) plans.emplace_back(PlanOf{*this, request});

  // Every row before anything runs, in one commit: a crash from here on
  // leaves `running` rows for the calls that had started.
  record_plans(plans);

  // 5-8. Execute under the deadline, then check, clamp, bound. In order, one
  // at a time: a later call may depend on an earlier one's effects.
  // Consecutive calls on one executor go to it as one sequence (one
  // hand-off to a worker thread for the lot, each call under its own deadline).
  BatchVector<store::InvocationOutcome> records(plans.size());
  BatchVector<bool> ran(plans.size(), false);
  struct Pending {
    size_t plan;
    std::shared_ptr<CallContext> context;
  };
  BatchVector<Pending> pending;
  BatchVector<SequencedCall> sequence;
  pending.reserve(plans.size());
  sequence.reserve(plans.size());
  Executor* sequence_executor = nullptr;
  auto settle = [&](size_t i, PluginResult result, bool escaped) {
    Planned& p = plans[i];
    const bool recorded = options_.persist_invocations || p.approve_inline;
    int64_t elapsed = result.elapsed_us;
    int64_t started = recorded ? steady_us() : 0;
    finish_into(p.outcome, *p.spec, *p.session, std::move(result), escaped, p.impl);
    if (recorded) records[i] = record_of(p.outcome, now_us(), elapsed + (steady_us() - started));
    ran[i] = true;
  };
  auto run_sequence = [&] {
    if (sequence.empty()) return;
    if (sequence.size() == 1) {  // the common case: no sequence bookkeeping
      auto& c = sequence.front();
      const int64_t started = steady_us();
      auto result = sequence_executor->run(std::move(c.plugin), c.context, std::move(c.input));
      if (result.elapsed_us == 0) result.elapsed_us = steady_us() - started;
      settle(pending.front().plan, std::move(result), pending.front().context->workspace.escaped());
      sequence.clear();
      pending.clear();
      return;
    }
    auto results = sequence_executor->run_sequence(std::vector<SequencedCall>(
        std::make_move_iterator(sequence.begin()), std::make_move_iterator(sequence.end())));
    for (size_t k = 0; k < pending.size(); ++k)
      settle(pending[k].plan, std::move(results[k]), pending[k].context->workspace.escaped());
    sequence.clear();
    pending.clear();
  };
  for (size_t i = 0; i < plans.size(); ++i) {
    Planned& p = plans[i];
    if (p.kind == Planned::Kind::awaiting && p.approve_inline) {
      std::lock_guard lock(store_mutex_);
      auto claimed = invocations_.claim_for_approval(p.outcome.invocation_id, now_us());
      if (!claimed) {
        p.outcome = settled({}, "", p.spec, p.arguments(), "", "tool.internal.error",
                            claimed.status().message)
                        .outcome;
        continue;
      }
      p.kind = Planned::Kind::runnable;
    }
    if (p.kind != Planned::Kind::runnable) continue;
    PluginResult refused;
    auto context =
        context_for(*p.spec, *p.session, p.outcome.invocation_id, p.workspace_dir, &refused);
    if (!context) {
      settle(i, std::move(refused), false);
      continue;
    }
    const auto* impl = p.impl = host_.implementation(*p.spec);
    Executor& executor = executor_for(*impl);
    if (&executor != sequence_executor) run_sequence();
    sequence_executor = &executor;
    pending.push_back({i, context});
    sequence.push_back(
        {impl->library, context,
         InvokeInput{p.spec->name, p.spec->version, p.take_arguments(),
                     context->artifacts.invocation_id, context->artifacts.session_id},
         std::chrono::seconds(p.spec->timeout_s)});
  }
  run_sequence();

  // 9. Persist every completion in one commit; only then is anything answered.
  if (options_.persist_invocations ||
      std::any_of(plans.begin(), plans.end(), [](const Planned& p) { return p.approve_inline; })) {
    BatchVector<Completion> completions;
    for (size_t i = 0; i < plans.size(); ++i)
      if (ran[i] && (options_.persist_invocations || plans[i].approve_inline))
        completions.push_back({&plans[i].outcome, &records[i], plans[i].rowid});
    complete_all(completions);
    // The record's serialized result goes along, for a front end that
    // writes it out again.
    for (size_t i = 0; i < plans.size(); ++i)
      if (ran[i] && plans[i].outcome.status == CallStatus::ok)
        plans[i].outcome.output_json = std::move(records[i].output_json);
  }
  std::vector<CallOutcome> outcomes;
  outcomes.reserve(plans.size());
  for (auto& p : plans) outcomes.push_back(std::move(p.outcome));
  return outcomes;
}

void Pipeline::record_plans(std::span<Planned> plans) {
  auto wants_row = [this](const Planned& p) {
    switch (p.kind) {
      case Planned::Kind::settled:
        return options_.persist_invocations && p.row.has_value();
      case Planned::Kind::awaiting:
        return true;  // an approval is durable or it is nothing
      case Planned::Kind::runnable:
        return options_.persist_invocations;
    }
    return false;
  };
  bool any = false;
  for (auto& p : plans) {
    if (wants_row(p))
      any = true;
    else if (p.kind == Planned::Kind::runnable)
      p.outcome.invocation_id = ids_.next();
  }
  if (!any) return;

  std::string error;
  {
    std::lock_guard lock(store_mutex_);
    try {
      store::Transaction tx(db_);
      // The calls about to run go in together, several rows per statement.
      BatchVector<const store::NewInvocation*> running_rows;
      BatchVector<Planned*> running_plans;
      for (auto& p : plans) {
        if (p.kind != Planned::Kind::runnable || !wants_row(p)) continue;
        running_rows.push_back(&*p.row);
        running_plans.push_back(&p);
      }
      if (!running_rows.empty()) {
        auto ids = invocations_.insert_running_many({running_rows.data(), running_rows.size()});
        if (ids) {
          for (size_t i = 0; i < running_plans.size(); ++i) {
            running_plans[i]->outcome.invocation_id = std::move((*ids)[i].id);
            running_plans[i]->rowid = (*ids)[i].rowid;
          }
        } else {
          error = ids.status().message;
        }
      }
      for (auto& p : plans) {
        if (!error.empty()) break;
        if (!wants_row(p) || p.kind == Planned::Kind::runnable) continue;
        store::StoreResult<std::string> id = store::StoreStatus{};
        switch (p.kind) {
          case Planned::Kind::settled:
            id = invocations_.insert_completed(*p.row,
                                               record_of(p.outcome, p.row->created_at_us, 0));
            break;
          case Planned::Kind::awaiting:
            id = invocations_.insert_awaiting_approval(*p.row);
            break;
          case Planned::Kind::runnable:
            continue;  // written above, together
        }
        if (!id) {
          error = id.status().message;
          break;
        }
        p.outcome.invocation_id = *id;
      }
      if (error.empty()) tx.commit();
    } catch (const store::StoreException& e) {
      error = e.what();
    }
  }
  for (auto& p : plans) {
    if (!error.empty() && wants_row(p)) {
      // Nothing was recorded, so nothing may run or wait.
      p = settled({}, "", p.spec, p.arguments(), "", "tool.internal.error",
                  "the invocation record could not be written: " + error);
      p.row.reset();
      continue;
    }
    if (p.kind == Planned::Kind::awaiting && !p.approve_inline) {
      CallOutcome& o = p.outcome;
      o.status = CallStatus::awaiting_approval;
      o.session_id = p.session->id;
      o.tool = p.spec->name;
      o.version = p.spec->version;
      o.output_trust = clamp_trust(*p.spec, host_.implementation(*p.spec), 0);
      o.content = "Awaiting approval: invocation " + o.invocation_id;
    }
  }
}

void Pipeline::complete_all(std::span<const Completion> completions) {
  if (completions.empty()) return;
  std::string error;
  {
    std::lock_guard lock(store_mutex_);
    try {
      store::Transaction tx(db_);
      for (const auto& [outcome, record, rowid] : completions) {
        auto status = invocations_.complete(outcome->invocation_id, *record, rowid);
        if (!status.ok()) {
          error = status.message;
          break;
        }
      }
      if (error.empty()) tx.commit();
    } catch (const store::StoreException& e) {
      error = e.what();
    }
  }
  if (error.empty()) return;
  for (const auto& [o, record, rowid] : completions) {
    o->status = CallStatus::failed;
    o->output = nullptr;
    o->failure = make_failure(*host_.messages, "tool.internal.error",
                              "the invocation record could not be written: " + error);
    o->content = o->failure->message;
  }
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
    CallOutcome o = settled(request, "", nullptr, "", "", code, claimed.status().message).outcome;
    o.invocation_id = std::string(invocation_id);
    return o;
  }
  const auto& row = *claimed;
  auto session = session_ref(row.session_id);
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
  int64_t started = steady_us();
  CallOutcome o = run(*spec, *session, row.id, row.arguments_json, "");
  auto record = record_of(o, now_us(), steady_us() - started);
  const Completion completion{&o, &record};
  complete_all({&completion, 1});
  return o;
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
    o.failure =
        make_failure(*host_.messages,
                     status.code == store::StoreCode::not_found ? "tool.not_found.unknown_tool"
                                                                : "tool.internal.error",
                     status.message);
  } else {
    o.failure =
        make_failure(*host_.messages, "tool.approval_denied.denied", "denied by the operator");
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

std::shared_ptr<CallContext> Pipeline::context_for(const registry::ToolSpec& spec,
                                                   const store::Session& session,
                                                   const std::string& invocation_id,
                                                   const std::string& workspace_override,
                                                   PluginResult* refused) {
  std::shared_ptr<workspace::WorkspaceHandle> workspace;
  if (grants_workspace(spec)) {
    std::string error;
    workspace = workspace_for(session, workspace_override, &error);
    if (!workspace) {
      refused->returned = refused->filled = true;
      refused->reason_code = "tool.unavailable.not_granted";
      refused->detail = "workspace unavailable: " + error;
      return nullptr;
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
  return context;
}

CallOutcome Pipeline::run(const registry::ToolSpec& spec, const store::Session& session,
                          const std::string& invocation_id, const std::string& arguments_json,
                          const std::string& workspace_override) {
  PluginResult refused;
  auto context = context_for(spec, session, invocation_id, workspace_override, &refused);
  if (!context) return finish(spec, session, invocation_id, std::move(refused), false);
  const auto* impl = host_.implementation(spec);
  auto result = executor_for(*impl).run(
      impl->library, context,
      InvokeInput{spec.name, spec.version, arguments_json, context->artifacts.invocation_id,
                  context->artifacts.session_id});
  bool escaped = context->workspace.escaped();
  return finish(spec, session, invocation_id, std::move(result), escaped, impl);
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
  if (!executor)
    executor = std::make_unique<isolation::ProcessExecutor>(impl.plugin_path, options_.worker);
  return *executor;
}

CallOutcome Pipeline::finish(const registry::ToolSpec& spec, const store::Session& session,
                             std::string invocation_id, PluginResult result, bool escaped,
                             const startup::ToolImplementation* impl) {
  CallOutcome o;
  o.invocation_id = std::move(invocation_id);
  finish_into(o, spec, session, std::move(result), escaped, impl);
  return o;
}

void Pipeline::finish_into(CallOutcome& o, const registry::ToolSpec& spec,
                           const store::Session& session, PluginResult result, bool escaped,
                           const startup::ToolImplementation* impl) {
  const std::string& invocation_id = o.invocation_id;
  o.session_id = session.id;
  o.tool = spec.name;
  o.version = spec.version;
  if (impl == nullptr) impl = host_.implementation(spec);
  // A failure carries the tool's declared trust (clamped); a result, the
  // trust it returned, clamped (set below). A result that then fails its
  // bounds keeps the latter.
  auto fail = [&](const std::string& code, std::string detail) {
    if (o.output_trust.empty()) o.output_trust = clamp_trust(spec, impl, 0);
    o.status = CallStatus::failed;
    o.failure = make_failure(*host_.messages, code, std::move(detail));
    o.content = o.failure->message;
  };

  if (!result.returned || result.late) {
    fail("tool.timeout.deadline_exceeded",
         "no result within " + std::to_string(spec.timeout_s) + " s");
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
    json::value output = common::parse_json(result.output_json, ec);
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
      o.output.swap(output);  // same storage: cheaper than move-assignment
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
        meta.provenance = o.output_trust == "EXTERNAL_UNTRUSTED"
                              ? artifacts::Provenance::external_untrusted
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
          o.failure = make_failure(
              *host_.messages, "tool.output_too_large.hard_ceiling",
              std::to_string(o.content.size()) + " bytes; full output in artifact " + artifact_id);
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
                                         std::to_string(spec.max_output_bytes) +
                                         " bytes; artifact " + artifact_id);
            o.content = o.failure->message;
          }
        }
      }
    }
  }
}

}  // namespace toolhost::pipeline
