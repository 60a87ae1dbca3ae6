#include "sandbox/pids_cgroup.hpp"

#include <signal.h>
#include <sys/stat.h>
#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <chrono>
#include <fstream>
#include <sstream>
#include <thread>
#include <vector>

namespace toolhost::sandbox {

namespace {

std::vector<pid_t> read_members(const std::string& procs_path) {
  std::vector<pid_t> pids;
  std::ifstream in(procs_path);
  long pid = 0;
  while (in >> pid) pids.push_back(static_cast<pid_t>(pid));
  return pids;
}

bool write_file(const std::string& path, const std::string& text) {
  std::ofstream out(path);
  out << text;
  out.flush();
  return static_cast<bool>(out);
}

}  // namespace

std::optional<PidsCgroup> PidsCgroup::create(const std::string& root, uint64_t max_processes) {
  if (root.empty() || ::access((root + "/cgroup.procs").c_str(), W_OK) != 0) return std::nullopt;
  static std::atomic<uint64_t> counter{0};
  std::string dir = root + "/toolhost-sandbox-" + std::to_string(::getpid()) + "-" +
                    std::to_string(counter.fetch_add(1));
  if (::mkdir(dir.c_str(), 0755) != 0) return std::nullopt;
  PidsCgroup group(dir);
  if (!write_file(dir + "/pids.max", std::to_string(max_processes))) return std::nullopt;
  return group;
}

PidsCgroup::PidsCgroup(std::string dir)
    : dir_(std::move(dir)), procs_path_(dir_ + "/cgroup.procs") {}

PidsCgroup::PidsCgroup(PidsCgroup&& other) noexcept
    : dir_(std::move(other.dir_)), procs_path_(std::move(other.procs_path_)) {
  other.dir_.clear();
}

PidsCgroup::~PidsCgroup() {
  if (dir_.empty()) return;
  kill_all();
  // rmdir fails with EBUSY until the last member is reaped by its parent;
  // the runner has reaped its child, so only stragglers of the namespace
  // being torn down remain, which takes a moment.
  for (int attempt = 0; attempt < 50; ++attempt) {
    if (::rmdir(dir_.c_str()) == 0 || errno == ENOENT) return;
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
}

void PidsCgroup::kill_all() const {
  for (int round = 0; round < 20; ++round) {
    auto members = read_members(procs_path_);
    if (members.empty()) return;
    for (pid_t pid : members) ::kill(pid, SIGKILL);
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
}

uint64_t PidsCgroup::member_count() const {
  return read_members(procs_path_).size();
}

}  // namespace toolhost::sandbox
