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
  // Runs an invocation awaiting approval, exactly once.
  CallOutcome approve(std::string_view invocation_id);
  CallOutcome deny(std::string_view invocation_id);

  // A new session: the latest version of every tool, overridden by pins.
  // An error string when a pin does not resolve or the store fails.
  store::StoreResult<store::Session> create_session(const SessionRequest& request,
                                                    std::string* error);
  store::StoreResult<store::Session> get_session(std::string_view id);

  store::InvocationStore& invocations() { return invocations_; }
  artifacts::ArtifactStore& artifact_store() { return artifacts_; }
  const startup::LoadedHost& host() const { return host_; }
  // The scopes every builtin tool requires (the default grant).
  static std::vector<std::string> all_required_scopes(const registry::Catalog& catalog);

 private:
  struct Resolved;
  CallOutcome fail_before_run(const CallRequest& request, const std::string& session_id,
                              const registry::ToolSpec* spec, const std::string& arguments_json,
                              const std::string& policy, const std::string& reason_code,
                              std::string detail);
  CallOutcome run(const registry::ToolSpec& spec, const store::Session& session,
                  const std::string& invocation_id, const std::string& arguments_json,
                  const std::string& workspace_override);
  CallOutcome finish(const registry::ToolSpec& spec, const store::Session& session,
                     const std::string& invocation_id, PluginResult result, bool escaped,
                     int64_t started_us);
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
  std::map<std::string, store::Session> session_cache_;
  std::map<std::string, std::shared_ptr<workspace::WorkspaceHandle>> workspaces_;
};

}  // namespace toolhost::pipeline
