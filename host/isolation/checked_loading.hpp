// Loading a plugin directory with the risky part in a child process: for
// every plugin that is third-party or isolated, a worker process loads it,
// negotiates the ABI and reads the manifest first. A plugin that crashes,
// hangs or fails there is refused with the reason (and remembered until its
// file changes) and never touches the host process. Only a plugin that
// passed, and is to run in process, is then loaded into the host.
#pragma once

#include <functional>
#include <string>

#include "isolation/refusal_memory.hpp"
#include "isolation/worker_settings.hpp"
#include "loader/plugin_directory.hpp"

namespace toolhost::isolation {

struct CheckedLoadOptions {
  bool third_party = false;
  // Whether the plugin at this path runs in a worker process.
  std::function<bool(const std::string& path)> isolated;
  WorkerSettings worker;
  RefusalMemory* memory = nullptr;  // optional
};

void load_directory_checked(const std::string& dir, const CheckedLoadOptions& options,
                            loader::DirectoryLoad& out);

}  // namespace toolhost::isolation
