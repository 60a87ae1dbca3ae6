// The sandbox_run member of th_host_services, served by run_in_sandbox.
//
// Request (JSON object): {"command": string, "timeout_s": integer 1..300}.
// Answer on TH_SERVICE_OK: {"exit_code", "stdout", "stderr",
// "stdout_truncated", "stderr_truncated", "timed_out", "duration_ms"} — a
// non-zero exit is still OK. Other statuses write {"detail": string}
// (operator-only): UNAVAILABLE (no workspace granted, or the backend missing
// or refusing), CANCELLED (the call was cancelled; the tree was killed),
// DENIED (the request is not the object above).
//
// Per-call state is a SandboxCallContext the caller owns for one invoke,
// found through a resolver fixed at compile time, as for the workspace
// services (workspace_services.hpp).
#pragma once

#include <toolhost/plugin.h>

#include <chrono>
#include <functional>
#include <string>

#include "sandbox/sandbox_config.hpp"
#include "sandbox/sandbox_runner.hpp"
#include "workspace/workspace_handle.hpp"

namespace toolhost::sandbox {

struct SandboxCallContext {
  // Null: the call is not granted the sandbox (UNAVAILABLE).
  workspace::WorkspaceHandle* workspace = nullptr;
  const SandboxConfig* config = &SandboxConfig::host_default();
  // True once the call was cancelled or abandoned.
  std::function<bool()> cancelled;
  std::chrono::steady_clock::time_point call_deadline =
      std::chrono::steady_clock::time_point::max();
};

// The result object of a run, as the service writes it.
std::string result_json(const SandboxResult& result);

namespace services {
int32_t run(SandboxCallContext* context, th_str request_json, th_sink out_result_json) noexcept;
}  // namespace services

template <SandboxCallContext* (*ContextOf)(void* host)>
void bind_sandbox_service(th_host_services& table) {
  table.sandbox_run = [](void* host, th_str request_json, th_sink out) -> int32_t {
    return services::run(ContextOf(host), request_json, out);
  };
}

}  // namespace toolhost::sandbox
