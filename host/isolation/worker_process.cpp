#include "isolation/worker_process.hpp"

#include <fcntl.h>
#include <signal.h>
#include <spawn.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <vector>

#include "isolation/frame_channel.hpp"

extern char** environ;

namespace toolhost::isolation {

std::string default_worker_executable() {
  std::error_code ec;
  auto self = std::filesystem::read_symlink("/proc/self/exe", ec);
  if (!ec) {
    auto sibling = self.parent_path() / "toolhost-plugin-worker";
    if (std::filesystem::exists(sibling, ec)) return sibling.string();
  }
  return TOOLHOST_WORKER_BUILD_PATH;
}

std::string describe_wait_status(int status) {
  if (WIFSIGNALED(status)) {
    int sig = WTERMSIG(status);
    const char* name = ::strsignal(sig);
    return "killed by signal " + std::to_string(sig) + " (" + (name ? name : "?") + ")";
  }
  if (WIFEXITED(status)) return "exited with status " + std::to_string(WEXITSTATUS(status));
  return "ended (wait status " + std::to_string(status) + ")";
}

WorkerProcess::~WorkerProcess() {
  if (pid_ > 0) kill_and_describe();
  if (fd_ >= 0) ::close(fd_);
}

std::string WorkerProcess::kill_and_describe(std::chrono::milliseconds grace) {
  if (pid_ <= 0) return "not running";
  if (fd_ >= 0) {
    ::close(fd_);
    fd_ = -1;
  }
  // If it already died on its own, waitpid reports that death, not our kill.
  int status = 0;
  pid_t r = ::waitpid(pid_, &status, WNOHANG);
  auto give_up = std::chrono::steady_clock::now() + grace;
  while (r == 0 && std::chrono::steady_clock::now() < give_up) {
    ::usleep(1000);
    r = ::waitpid(pid_, &status, WNOHANG);
  }
  if (r == 0) {
    ::kill(pid_, SIGKILL);
    while ((r = ::waitpid(pid_, &status, 0)) < 0 && errno == EINTR) {
    }
  }
  pid_ = -1;
  return r > 0 ? describe_wait_status(status) : std::string("could not be reaped");
}

std::variant<std::unique_ptr<WorkerProcess>, std::string> WorkerProcess::spawn(
    const WorkerSettings& settings, const std::string& plugin_path, const std::string& extra_args) {
  int sockets[2];
  if (::socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, sockets) != 0)
    return std::string("socketpair: ") + std::strerror(errno);
  // Keep the child's end off fd 3 itself, so dup2 always clears close-on-exec.
  int child_end = ::fcntl(sockets[1], F_DUPFD_CLOEXEC, 10);
  ::close(sockets[1]);
  std::unique_ptr<WorkerProcess> worker(new WorkerProcess());
  worker->fd_ = sockets[0];

  std::string executable =
      settings.executable.empty() ? default_worker_executable() : settings.executable;
  std::vector<std::string> args{executable};
  if (settings.memory_limit_bytes > 0) {
    args.push_back("--memory-limit");
    args.push_back(std::to_string(settings.memory_limit_bytes));
  }
  if (!extra_args.empty()) {
    size_t start = 0;
    while (start <= extra_args.size()) {
      size_t end = extra_args.find(' ', start);
      if (end == std::string::npos) end = extra_args.size();
      if (end > start) args.push_back(extra_args.substr(start, end - start));
      start = end + 1;
    }
  }
  args.push_back(plugin_path);
  std::vector<char*> argv;
  for (auto& a : args) argv.push_back(a.data());
  argv.push_back(nullptr);

  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_adddup2(&actions, child_end, 3);
  pid_t pid = -1;
  int rc = ::posix_spawn(&pid, executable.c_str(), &actions, nullptr, argv.data(), environ);
  posix_spawn_file_actions_destroy(&actions);
  ::close(child_end);
  if (rc != 0) return "cannot start the plugin worker " + executable + ": " + std::strerror(rc);
  worker->pid_ = pid;

  auto first = read_frame(worker->fd_, std::chrono::steady_clock::now() + settings.startup_timeout);
  if (first.status == ReadStatus::ok && first.frame.type == MessageType::ready) {
    worker->manifest_ = std::move(first.frame.payload);
    return worker;
  }
  if (first.status == ReadStatus::ok && first.frame.type == MessageType::load_failed) {
    worker->kill_and_describe();
    return first.frame.payload;
  }
  std::string how = worker->kill_and_describe(first.status == ReadStatus::timeout
                                                  ? std::chrono::milliseconds(0)
                                                  : std::chrono::milliseconds(2000));
  switch (first.status) {
    case ReadStatus::timeout:
      return "loading the plugin did not finish within " +
             std::to_string(settings.startup_timeout.count()) + " ms (worker killed)";
    case ReadStatus::closed:
      return "the plugin crashed while loading or reading its manifest: worker " + how;
    default:
      return "the plugin's worker broke the protocol while loading: " +
             (first.problem.empty() ? std::string("unexpected message") : first.problem);
  }
}

}  // namespace toolhost::isolation
