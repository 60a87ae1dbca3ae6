// One running worker process hosting one plugin: spawned with its protocol
// socket on fd 3, ready once it has sent the plugin's manifest. Destroying it
// kills the process (SIGKILL) and reaps it, so no worker outlives its owner.
#pragma once

#include <sys/types.h>

#include <chrono>
#include <memory>
#include <string>
#include <variant>

#include "isolation/worker_settings.hpp"

namespace toolhost::isolation {

class WorkerProcess {
 public:
  ~WorkerProcess();
  WorkerProcess(const WorkerProcess&) = delete;
  WorkerProcess& operator=(const WorkerProcess&) = delete;

  // Starts a worker for `plugin_path` and waits for its manifest. The error
  // says why not: the plugin refused to load, or the worker died (with its
  // signal), hung, or sent garbage.
  static std::variant<std::unique_ptr<WorkerProcess>, std::string> spawn(
      const WorkerSettings& settings, const std::string& plugin_path,
      const std::string& extra_args = {});

  int fd() const { return fd_; }
  pid_t pid() const { return pid_; }
  const std::string& manifest() const { return manifest_; }

  // Kills the worker and describes how it ended ("killed by signal 11
  // (Segmentation fault)", "exited with status 1"). `grace` lets a worker
  // that is already dying (its socket closed) finish, so its own cause of
  // death is reported rather than our SIGKILL.
  std::string kill_and_describe(std::chrono::milliseconds grace = std::chrono::milliseconds(0));

 private:
  WorkerProcess() = default;
  pid_t pid_ = -1;
  int fd_ = -1;
  std::string manifest_;
};

// "killed by signal N (name)" / "exited with status N" for a waitpid status.
std::string describe_wait_status(int status);

}  // namespace toolhost::isolation
