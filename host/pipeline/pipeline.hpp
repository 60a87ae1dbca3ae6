// The one invocation pipeline every front end calls. Its steps, in order:
//
//   1 resolve          session snapshot and pins -> one tool version
//   2 validate input   schema defaults, then the input schema (invalid input never invokes)
//   3 policy           scopes, then the side_effect x risk matrix
//   4 approval         durable pause; approve/deny resolve it exactly once
//   5 execute          under the deadline, services bound to this call
//   6 validate output  invalid output never settles as success
//   7 trust            a result may lower its trust, never raise it
//   8 bound output     head-and-tail excerpt plus the full bytes as an artifact
//   9 persist          one tool_invocations row per call
//  10 render           failure messages from the outcome message table only
#pragma once

#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "artifacts/artifact_store.hpp"
#include "clock/clock.hpp"
#include "credentials/credential_source.hpp"
#include "isolation/worker_settings.hpp"
#include "pipeline/call_types.hpp"
#include "pipeline/executor.hpp"
#include "startup/host_startup.hpp"
#include "store/database.hpp"
#include "store/invocation_store.hpp"
#include "store/session_store.hpp"
#include "workspace/workspace_handle.hpp"

namespace toolhost::pipeline {

struct PipelineOptions {
  // Scopes a new session gets when none are given.
  std::vector<std::string> default_scopes;
  // Benchmarks only: skip the tool_invocations rows.
  bool persist_invocations = true;
  // Workers for plugins that run out of process (ToolImplementation::isolated).
  isolation::WorkerSettings worker;
  // When set, every tool runs on this executor (the conformance suite wraps
  // the in-process executor to count invocations).
  std::shared_ptr<Executor> executor_override;
};

struct SessionRequest {
  std::vector<registry::ToolRef> pins;
  std::optional<std::vector<std::string>> scopes;
  std::string workspace_dir;
};

class Pipeline {
 public:
  Pipeline(const startup::LoadedHost& host, store::Database& db, store::IdGenerator& ids,
           const clock::Clock& clock, const credentials::CredentialSource& credentials,
           PipelineOptions options);
  ~Pipeline();

  CallOutcome call(const CallRequest& request);
  // Several calls, run one after another in order, with group commit: every
  // call's row (running, awaiting approval, or refused) is written in one
  // transaction before the first one runs, and every completion in one
  // transaction after the last; the outcomes are returned (acknowledged) only
  // then. call() is call_batch of one. Used by front ends that receive
  // pipelined requests (the MCP server).
  std::vector<CallOutcome> call_batch(std::span<const CallRequest> requests);
  // Runs an invocation awaiting approval, exactly once.
  CallOutcome approve(std::string_view invocation_id);
  CallOutcome deny(std::string_view invocation_id);

  // A new session: the latest version of every tool, overridden by pins.
  // An error string when a pin does not resolve or the store fails.
  store::StoreResult<store::Session> create_session(const SessionRequest& request,
                                                    std::string* error);
  store::StoreResult<store::Session> get_session(std::string_view id);
  // The cached session (nullptr when there is none); cheap, never copies it.
  std::shared_ptr<const store::Session> session_ref(std::string_view id);

  store::InvocationStore& invocations() { return invocations_; }
  artifacts::ArtifactStore& artifact_store() { return artifacts_; }
  const startup::LoadedHost& host() const { return host_; }
  // The scopes every builtin tool requires (the default grant).
  static std::vector<std::string> all_required_scopes(const registry::Catalog& catalog);

 private:
  // A request after steps 1-4: refused (with the row to record, if any),
  // awaiting approval, or ready to run.
  struct Planned {
    enum class Kind { settled, awaiting, runnable };
    Kind kind = Kind::settled;
    CallOutcome outcome;  // settled: the refusal; otherwise filled once it has an id
    std::optional<store::NewInvocation> row;
    const registry::ToolSpec* spec = nullptr;
    std::shared_ptr<const store::Session> session;
    std::string arguments_json;  // the validated arguments, unless `row` holds them
    std::string workspace_dir;
    bool approve_inline = false;
    int64_t rowid = 0;  // its row's, once written running (0: unknown)
    const startup::ToolImplementation* impl = nullptr;  // once it is handed to an executor

    // One copy of the arguments' text per call: the row's when there is a
    // row (it is written first), else arguments_json.
    const std::string& arguments() const { return row ? row->arguments_json : arguments_json; }
    // For the plugin, once the row is written.
    std::string take_arguments() { return std::move(row ? row->arguments_json : arguments_json); }
  };
  // One call's record, to be written on its row.
  struct Completion {
    CallOutcome* outcome;
    const store::InvocationOutcome* record;
    int64_t rowid = 0;  // store::WrittenInvocation::rowid, when known
  };
  Planned plan(const CallRequest& request);
  Planned settled(const CallRequest& request, const std::string& session_id,
                  const registry::ToolSpec* spec, const std::string& arguments_json,
                  const std::string& policy, const std::string& reason_code, std::string detail);
  // Writes the rows of a batch in one transaction and gives each its id.
  void record_plans(std::span<Planned> plans);
  // Writes the completions in one transaction; on failure every outcome
  // becomes the internal error (a result without its record is not answered).
  void complete_all(std::span<const Completion> completions);
  // The call's service table; nullptr (and `refused` filled) when its
  // workspace cannot be granted.
  std::shared_ptr<CallContext> context_for(const registry::ToolSpec& spec,
                                           const store::Session& session,
                                           const std::string& invocation_id,
                                           const std::string& workspace_override,
                                           PluginResult* refused);
  CallOutcome run(const registry::ToolSpec& spec, const store::Session& session,
                  const std::string& invocation_id, const std::string& arguments_json,
                  const std::string& workspace_override);
  // `impl` is the spec's implementation when the caller has it (else looked up).
  CallOutcome finish(const registry::ToolSpec& spec, const store::Session& session,
                     std::string invocation_id, PluginResult result, bool escaped,
                     const startup::ToolImplementation* impl = nullptr);
  // finish() into `o`, a fresh outcome that holds only its invocation id (a
  // batch's planned outcome, settled where it is instead of moved into).
  void finish_into(CallOutcome& o, const registry::ToolSpec& spec, const store::Session& session,
                   PluginResult result, bool escaped, const startup::ToolImplementation* impl);
  std::shared_ptr<workspace::WorkspaceHandle> workspace_for(const store::Session& session,
                                                            const std::string& override_dir,
                                                            std::string* error);
  int64_t now_us() const { return clock_.now_utc_us(); }
  // In process (the threaded executor) or, for an isolated plugin, its own process executor.
  Executor& executor_for(const startup::ToolImplementation& impl);

  const startup::LoadedHost& host_;
  store::Database& db_;
  store::IdGenerator& ids_;
  store::SessionStore sessions_;
  store::InvocationStore invocations_;
  artifacts::ArtifactStore artifacts_;
  const clock::Clock& clock_;
  const credentials::CredentialSource& credentials_;
  PipelineOptions options_;
  std::unique_ptr<Executor> executor_;
  std::mutex executors_mutex_;  // guards executor_ (created on first use) and the map
  std::map<std::string, std::unique_ptr<Executor>> isolated_executors_;  // by plugin path
  std::mutex store_mutex_;
  std::map<std::string, std::shared_ptr<const store::Session>, std::less<>> session_cache_;
  std::map<std::string, std::shared_ptr<workspace::WorkspaceHandle>> workspaces_;
};

}  // namespace toolhost::pipeline
