// What a sandboxed run may use. One value per host; tests build their own.
#pragma once

#include <chrono>
#include <cstddef>
#include <cstdint>
#include <string>

namespace toolhost::sandbox {

struct SandboxConfig {
  // The bubblewrap binary. A missing or refusing binary is a backend fault.
  std::string bwrap_path = "/usr/bin/bwrap";
  // The longest run, whatever the request asks (the tool's spec timeout).
  std::chrono::seconds max_timeout{300};
  // Kept free before the call's own deadline, so the sandbox kills the
  // command and answers `timed_out` before the pipeline gives up on the call.
  std::chrono::milliseconds deadline_margin{2000};
  // After the kill, how long the pipes are still drained before they are
  // closed regardless (the killed tree closes them at once in practice).
  std::chrono::milliseconds drain_after_kill{2000};

  // Resource limits, set with setrlimit before bubblewrap is executed and
  // inherited by everything inside. CPU time is the run's timeout plus one
  // second, so it is derived per run, not configured.
  uint64_t address_space_bytes = 2ull << 30;  // RLIMIT_AS per process
  uint64_t max_file_bytes = 256ull << 20;     // RLIMIT_FSIZE
  uint64_t max_open_files = 1024;             // RLIMIT_NOFILE
  uint64_t max_processes = 256;               // RLIMIT_NPROC and the pids cgroup
  // A cgroup v1 pids hierarchy in which each run gets its own group with
  // pids.max = max_processes. RLIMIT_NPROC is not enforced for uid 0, and
  // inside the sandbox's user namespace the processes are still uid 0 of the
  // host when the host runs as root, so without this group a fork bomb is
  // bounded only by the deadline. Empty, missing or not writable: not used.
  std::string pids_cgroup_root = "/sys/fs/cgroup/pids";

  // Bytes kept per stream: the head and the tail (see bounded_capture.hpp).
  size_t stream_head_bytes = 16 * 1024;
  size_t stream_tail_bytes = 48 * 1024;

  // The identity the command runs as inside its user namespace.
  uint32_t sandbox_uid = 1000;
  uint32_t sandbox_gid = 1000;

  // The host's configuration.
  static const SandboxConfig& host_default();
};

}  // namespace toolhost::sandbox
