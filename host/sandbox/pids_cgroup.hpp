// A per-run cgroup (v1 pids hierarchy) that caps how many processes the
// sandboxed tree may hold at once, and can kill every member.
//
// Why a cgroup: RLIMIT_NPROC is not enforced for uid 0, and a host running as
// root runs the sandbox as uid 0 of the host (the user namespace only renames
// it), so the rlimit alone does not stop a fork bomb there.
#pragma once

#include <cstdint>
#include <optional>
#include <string>

namespace toolhost::sandbox {

class PidsCgroup {
 public:
  // A new group under `root` named after this process and a counter, with
  // pids.max = max_processes; nullopt when the hierarchy is absent or not
  // writable (the caller falls back to RLIMIT_NPROC and the deadline).
  static std::optional<PidsCgroup> create(const std::string& root, uint64_t max_processes);

  PidsCgroup(PidsCgroup&& other) noexcept;
  PidsCgroup& operator=(PidsCgroup&&) = delete;
  PidsCgroup(const PidsCgroup&) = delete;
  PidsCgroup& operator=(const PidsCgroup&) = delete;
  // Kills any member left and removes the group.
  ~PidsCgroup();

  // The file a child writes "0" to (itself) before exec.
  const std::string& procs_path() const { return procs_path_; }
  // SIGKILL to every member, repeated until the group is empty (a member may
  // fork while being listed) or a few rounds have passed.
  void kill_all() const;
  // Members right now (0 when unreadable).
  uint64_t member_count() const;

 private:
  explicit PidsCgroup(std::string dir);
  std::string dir_;
  std::string procs_path_;
};

}  // namespace toolhost::sandbox
