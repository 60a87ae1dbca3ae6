// Runs one process tree to completion under a deadline, draining its stdout
// and stderr continuously into bounded captures.
//
// The child becomes the leader of a new process group, gets its resource
// limits and (when given) its pids cgroup before exec, and is executed with
// an explicit environment. Killing means SIGKILL to the group and the child,
// and to every member of the cgroup: bubblewrap's --die-with-parent then
// takes the sandbox's pid namespace, and with it every descendant, even one
// that left the group with setsid. There is no SIGTERM grace: a sandboxed
// command has nothing to save, its workspace is discarded with the run.
#pragma once

#include <chrono>
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "sandbox/bounded_capture.hpp"

namespace toolhost::sandbox {

struct ResourceLimit {
  int resource = 0;  // RLIMIT_*
  uint64_t value = 0;
};

struct ProcessSpec {
  std::vector<std::string> argv;  // argv[0]: the executable's path (no PATH search)
  std::vector<std::string> environment;
  std::vector<ResourceLimit> limits;
  // A pipe is placed at this fd in the child and its contents returned as
  // `status_bytes` (bubblewrap's --json-status-fd); -1 for none.
  int status_fd = -1;
  // cgroup.procs of a group the child joins before exec; empty for none.
  std::string cgroup_procs_path;
};

struct ProcessLimits {
  std::chrono::steady_clock::time_point deadline;
  std::chrono::milliseconds drain_after_kill{2000};
  size_t head_bytes = 16 * 1024;
  size_t tail_bytes = 48 * 1024;
  size_t status_bytes = 64 * 1024;
};

enum class ProcessEnd {
  exited,        // exited on its own (exit_status valid)
  signalled,     // killed by a signal it did not get from us
  timed_out,     // we killed it at the deadline
  cancelled,     // we killed it because the caller cancelled
  spawn_failed,  // fork, pipe or exec failed (detail says which)
};

struct ProcessOutcome {
  ProcessEnd end = ProcessEnd::spawn_failed;
  int exit_status = -1;  // exited: the status; otherwise 128 + signal when known
  CapturedText stdout_text;
  CapturedText stderr_text;
  std::string status_bytes;
  std::chrono::milliseconds duration{0};
  std::string detail;  // spawn_failed: why
};

// `cancelled` is polled at least every 50 ms; `kill_extra` runs with every
// kill (the runner uses it for the cgroup). Never throws for process errors.
ProcessOutcome run_process(const ProcessSpec& spec, const ProcessLimits& limits,
                           const std::function<bool()>& cancelled,
                           const std::function<void()>& kill_extra);

}  // namespace toolhost::sandbox
