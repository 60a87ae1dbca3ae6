#include "sandbox/sandbox_runner.hpp"

#include <sys/resource.h>

#include <algorithm>
#include <optional>

#include "sandbox/bwrap_command.hpp"
#include "sandbox/pids_cgroup.hpp"
#include "sandbox/process_runner.hpp"
#include "sandbox/workspace_snapshot.hpp"

namespace toolhost::sandbox {

namespace {

using Clock = std::chrono::steady_clock;

// bubblewrap reports {"child-pid": N} once the sandbox is set up and the
// command is about to run. Without it, bubblewrap refused (no user
// namespaces, a bad mount, ...) and nothing of the command ran.
bool sandbox_started(const std::string& status_bytes) {
  return status_bytes.find("\"child-pid\"") != std::string::npos;
}

std::vector<ResourceLimit> limits_for(const SandboxConfig& config, std::chrono::seconds timeout) {
  return {
      // CPU time cannot outlast the wall-clock deadline by much; the deadline
      // is what ends the run, this stops a process that escaped it somehow.
      {RLIMIT_CPU, static_cast<uint64_t>(timeout.count()) + 1},
      {RLIMIT_AS, config.address_space_bytes},
      {RLIMIT_FSIZE, config.max_file_bytes},
      {RLIMIT_NOFILE, config.max_open_files},
      {RLIMIT_NPROC, config.max_processes},
      {RLIMIT_CORE, 0},
  };
}

}  // namespace

SandboxOutcome run_in_sandbox(const SandboxConfig& config, workspace::WorkspaceHandle& workspace,
                              const SandboxRequest& request, Clock::time_point call_deadline,
                              const std::function<bool()>& cancelled) {
  SandboxOutcome outcome;
  if (cancelled && cancelled()) {
    outcome.status = SandboxStatus::cancelled;
    return outcome;
  }
  auto timeout = std::clamp(request.timeout, std::chrono::seconds(1), config.max_timeout);
  auto deadline = Clock::now() + timeout;
  if (call_deadline != Clock::time_point::max())
    deadline = std::min(deadline, call_deadline - config.deadline_margin);

  auto group = PidsCgroup::create(config.pids_cgroup_root, config.max_processes);
  ProcessSpec spec;
  spec.argv = bwrap_argv(config, workspace.root_path(), request.command);
  spec.environment = bwrap_environment();
  spec.limits = limits_for(config, timeout);
  spec.status_fd = kStatusFd;
  if (group) spec.cgroup_procs_path = group->procs_path();
  ProcessLimits limits;
  limits.deadline = deadline;
  limits.drain_after_kill = config.drain_after_kill;
  limits.head_bytes = config.stream_head_bytes;
  limits.tail_bytes = config.stream_tail_bytes;

  auto before = snapshot_workspace(workspace.root_fd());
  auto process = run_process(spec, limits, cancelled, [&group] {
    if (group) group->kill_all();
  });
  group.reset();  // every member is dead and the group removed before we look at the workspace

  // Even a refused or cancelled run may have written (bubblewrap might have
  // got far), so the diff is recorded whatever happened.
  auto written = written_paths(before, snapshot_workspace(workspace.root_fd()));
  for (const auto& path : written) workspace.record_sandbox_write(path);

  if (process.end == ProcessEnd::spawn_failed) {
    outcome.detail = process.detail;
    return outcome;
  }
  if (process.end == ProcessEnd::cancelled) {
    outcome.status = SandboxStatus::cancelled;
    return outcome;
  }
  if (!sandbox_started(process.status_bytes) && process.end != ProcessEnd::timed_out) {
    outcome.detail = "bubblewrap did not start the sandbox (status " +
                     std::to_string(process.exit_status) + "): " + process.stderr_text.text;
    return outcome;
  }
  outcome.status = SandboxStatus::ran;
  auto& r = outcome.result;
  r.exit_code = process.exit_status;
  r.stdout_text = std::move(process.stdout_text);
  r.stderr_text = std::move(process.stderr_text);
  r.timed_out = process.end == ProcessEnd::timed_out;
  r.duration_ms = process.duration.count();
  r.written_paths = std::move(written);
  return outcome;
}

}  // namespace toolhost::sandbox
