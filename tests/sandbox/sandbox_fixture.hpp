// Shared by the sandbox tests: a scratch workspace bound to a handle, a run
// helper, and a look at the host's process table for leftovers.
#pragma once

#include <dirent.h>
#include <unistd.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <memory>
#include <sstream>
#include <string>

#include "sandbox/sandbox_runner.hpp"
#include "workspace/memory_provenance_ledger.hpp"
#include "workspace/workspace_handle.hpp"

namespace toolhost::sandbox_test {

namespace fs = std::filesystem;

inline fs::path scratch_dir(const std::string& purpose) {
  static int counter = 0;
  auto dir = fs::temp_directory_path() / ("toolhost-sandbox-test-" + std::to_string(::getpid()) +
                                          "-" + purpose + "-" + std::to_string(counter++));
  fs::remove_all(dir);
  fs::create_directories(dir);
  return dir;
}

inline std::string read_file(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

inline void write_file(const fs::path& path, const std::string& bytes) {
  std::ofstream out(path, std::ios::binary);
  out << bytes;
}

// Host processes whose command line contains `marker` (other than us).
inline int processes_with_marker(const std::string& marker) {
  int found = 0;
  DIR* proc = ::opendir("/proc");
  if (!proc) return -1;
  while (const dirent* e = ::readdir(proc)) {
    std::string name = e->d_name;
    if (name.empty() || name.find_first_not_of("0123456789") != std::string::npos) continue;
    if (std::stoi(name) == ::getpid()) continue;
    std::string cmdline = read_file(fs::path("/proc") / name / "cmdline");
    if (cmdline.find(marker) != std::string::npos) ++found;
  }
  ::closedir(proc);
  return found;
}

struct TestWorkspace {
  fs::path root = scratch_dir("ws");
  std::unique_ptr<workspace::WorkspaceHandle> handle;
  sandbox::SandboxConfig config;

  TestWorkspace() {
    auto opened = workspace::WorkspaceHandle::open_root(
        root.string(), std::make_unique<workspace::MemoryProvenanceLedger>());
    handle = std::move(opened.handle);
    config.drain_after_kill = std::chrono::milliseconds(1000);
  }
  ~TestWorkspace() {
    std::error_code ec;
    fs::remove_all(root, ec);
  }

  sandbox::SandboxOutcome run(const std::string& command, int timeout_s = 20,
                              const std::function<bool()>& cancelled = {}) {
    sandbox::SandboxRequest request{command, std::chrono::seconds(timeout_s)};
    return sandbox::run_in_sandbox(config, *handle, request,
                                   std::chrono::steady_clock::time_point::max(), cancelled);
  }
  workspace::Provenance provenance(const std::string& path) const {
    return handle->provenance(path).provenance;
  }
};

}  // namespace toolhost::sandbox_test
