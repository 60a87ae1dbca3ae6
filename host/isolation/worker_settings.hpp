// How plugin worker processes are started.
#pragma once

#include <chrono>
#include <cstdint>
#include <string>

namespace toolhost::isolation {

struct WorkerSettings {
  // The worker executable; empty: next to the running executable, else the
  // one this build produced (see default_worker_executable).
  std::string executable;
  // RLIMIT_AS of each worker (0: none). Not applied in ASan builds.
  uint64_t memory_limit_bytes = 2ull * 1024 * 1024 * 1024;
  // How long a worker may take to load its plugin and send the manifest.
  std::chrono::milliseconds startup_timeout{10000};
  // Idle workers kept per plugin for reuse.
  size_t max_idle_workers = 4;
};

// `toolhost-plugin-worker` beside /proc/self/exe when it exists, else the
// path of the one built with this tree.
std::string default_worker_executable();

}  // namespace toolhost::isolation
