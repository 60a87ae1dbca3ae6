// One sandboxed run of a shell command against a session's workspace:
// snapshot, run under bubblewrap, diff, record provenance.
#pragma once

#include <chrono>
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "sandbox/bounded_capture.hpp"
#include "sandbox/sandbox_config.hpp"
#include "workspace/workspace_handle.hpp"

namespace toolhost::sandbox {

struct SandboxRequest {
  std::string command;
  std::chrono::seconds timeout{300};  // clamped to config.max_timeout
};

struct SandboxResult {
  int exit_code = -1;  // the command's status; 128 + signal when it was killed
  CapturedText stdout_text;
  CapturedText stderr_text;
  bool timed_out = false;
  int64_t duration_ms = 0;
  // Workspace paths created or modified by the run, recorded SANDBOX_WRITTEN.
  std::vector<std::string> written_paths;
};

enum class SandboxStatus {
  ran,          // the command ran (whatever its exit code)
  unavailable,  // the backend is missing or refused to start the sandbox
  cancelled,    // the caller cancelled; the tree was killed
};

struct SandboxOutcome {
  SandboxStatus status = SandboxStatus::unavailable;
  SandboxResult result;
  std::string detail;  // operator-only: why the backend was unavailable
};

// Runs `request` with `workspace` mounted at /workspace. The run ends at the
// earlier of request.timeout and `call_deadline` minus config.deadline_margin;
// `cancelled` is polled while it runs. Never throws for process errors.
SandboxOutcome run_in_sandbox(const SandboxConfig& config, workspace::WorkspaceHandle& workspace,
                              const SandboxRequest& request,
                              std::chrono::steady_clock::time_point call_deadline,
                              const std::function<bool()>& cancelled);

}  // namespace toolhost::sandbox
