// Runs a plugin's invoke in a worker process (toolhost-plugin-worker), one
// executor per plugin file with a small pool of idle workers.
//
// What a worker's failure costs: only that call. A worker that dies
// (segfault, abort, memory limit), writes garbage to the protocol, or has not
// answered by the call's deadline is killed; the call fails PLUGIN_FAULT
// (tool.plugin_fault.crashed / .protocol) or TIMEOUT, the pipeline records
// it, and the next call gets a fresh worker. A worker is also replaced after
// any call that ended in a plugin fault, since its state is suspect.
//
// Host services are proxied over the socket (see service_ops.hpp), so a
// plugin sees the same clock, cancellation, log, credentials, workspace and
// artifact services, with the same rules, as it would in process.
#pragma once

#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include "isolation/worker_process.hpp"
#include "isolation/worker_settings.hpp"
#include "pipeline/executor.hpp"

namespace toolhost::isolation {

class ProcessExecutor final : public pipeline::Executor {
 public:
  ProcessExecutor(std::string plugin_path, WorkerSettings settings);
  ~ProcessExecutor() override;

  // `plugin` is ignored (may be null): the worker loads the plugin itself.
  pipeline::PluginResult run(std::shared_ptr<loader::PluginLibrary> plugin,
                             std::shared_ptr<pipeline::CallContext> context,
                             pipeline::InvokeInput input) override;

  // Workers started so far (the first one and every restart).
  size_t workers_started() const;

 private:
  std::unique_ptr<WorkerProcess> take_worker(std::string* error);
  void give_back(std::unique_ptr<WorkerProcess> worker);

  std::string plugin_path_;
  WorkerSettings settings_;
  mutable std::mutex mutex_;
  std::vector<std::unique_ptr<WorkerProcess>> idle_;
  size_t started_ = 0;
};

}  // namespace toolhost::isolation
