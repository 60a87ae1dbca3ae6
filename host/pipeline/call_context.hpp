// The per-call state behind a plugin's service table. It is shared between
// the pipeline and the worker running the plugin, because a plugin that
// overruns its deadline still holds the table: the context lives until the
// plugin returns, and once the call is abandoned every service refuses.
#pragma once

#include <toolhost/plugin.h>

#include <atomic>
#include <chrono>
#include <memory>
#include <string>

#include "artifacts/artifact_services.hpp"
#include "clock/clock.hpp"
#include "credentials/credential_source.hpp"
#include "sandbox/sandbox_service.hpp"
#include "workspace/workspace_services.hpp"

namespace toolhost::pipeline {

struct CallContext {
  workspace::WorkspaceCallContext workspace;
  artifacts::ArtifactCallContext artifacts;
  sandbox::SandboxCallContext sandbox;                           // bound by grant_sandbox only
  std::shared_ptr<workspace::WorkspaceHandle> workspace_handle;  // keeps workspace.handle alive
  const clock::Clock* clock = nullptr;
  const credentials::CredentialSource* credentials = nullptr;
  std::chrono::steady_clock::time_point deadline;
  std::atomic<bool> cancelled{false};
  // Set when the pipeline stopped waiting (deadline): services refuse from then on.
  std::atomic<bool> abandoned{false};
  std::string tool_id;  // name@version, for operator logs
  th_host_services services{};

  // Starts the call's clock now (a call queued behind others in a batch gets
  // its whole timeout from the moment it starts). Call on the thread that
  // then invokes the plugin, before it does.
  void start_deadline(
      std::chrono::steady_clock::duration timeout,
      std::chrono::steady_clock::time_point now = std::chrono::steady_clock::now()) {
    deadline = now + timeout;
    if (sandbox.call_deadline != std::chrono::steady_clock::time_point::max())
      sandbox.call_deadline = deadline;
  }
};

// A context with every service bound. `workspace` may be null (not granted).
std::shared_ptr<CallContext> make_call_context(
    const clock::Clock& clock, const credentials::CredentialSource& credentials,
    std::shared_ptr<workspace::WorkspaceHandle> workspace,
    std::chrono::steady_clock::time_point deadline);

// Binds sandbox_run for a call whose spec has target_kind "sandbox": the
// command runs against this call's workspace, under its deadline and
// cancellation. Other calls keep sandbox_run null.
void grant_sandbox(CallContext& context);

// Operator log verbosity for plugin log lines (default: warnings and errors).
void set_plugin_log_level(int minimum_level);

}  // namespace toolhost::pipeline
