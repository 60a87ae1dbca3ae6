#include "sandbox/process_runner.hpp"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <array>
#include <cerrno>
#include <cstring>
#include <utility>

#ifndef CLOSE_RANGE_CLOEXEC
#define CLOSE_RANGE_CLOEXEC (1U << 2)
#endif

namespace toolhost::sandbox {

namespace {

using Clock = std::chrono::steady_clock;

// An owned descriptor.
class Fd {
 public:
  Fd() = default;
  explicit Fd(int fd) : fd_(fd) {}
  Fd(const Fd&) = delete;
  Fd& operator=(const Fd&) = delete;
  ~Fd() { reset(); }
  int get() const { return fd_; }
  int release() { return std::exchange(fd_, -1); }
  void reset(int fd = -1) {
    if (fd_ >= 0) ::close(fd_);
    fd_ = fd;
  }

 private:
  int fd_ = -1;
};

// Moves a close-on-exec descriptor to 10 or above, so the child's dup2 onto
// 0..3 can never clobber a source it has yet to copy.
int high_fd(int fd) {
  if (fd < 0 || fd >= 10) return fd;
  int moved = ::fcntl(fd, F_DUPFD_CLOEXEC, 10);
  ::close(fd);
  return moved;
}

bool make_pipe(Fd& read_end, Fd& write_end) {
  int fds[2];
  if (::pipe2(fds, O_CLOEXEC) != 0) return false;
  read_end.reset(high_fd(fds[0]));
  write_end.reset(high_fd(fds[1]));
  return read_end.get() >= 0 && write_end.get() >= 0;
}

std::vector<char*> c_strings(const std::vector<std::string>& strings) {
  std::vector<char*> out;
  out.reserve(strings.size() + 1);
  for (const auto& s : strings) out.push_back(const_cast<char*>(s.c_str()));
  out.push_back(nullptr);
  return out;
}

// Between fork and exec only async-signal-safe calls: the parent has other
// threads whose locks may be held forever in this copy of the process.
[[noreturn]] void exec_child(const ProcessSpec& spec, char* const* argv, char* const* envp,
                             int null_fd, int out_fd, int err_fd, int status_fd, int error_fd) {
  ::setpgid(0, 0);
  sigset_t none;
  sigemptyset(&none);
  ::sigprocmask(SIG_SETMASK, &none, nullptr);
  struct sigaction dfl {};
  dfl.sa_handler = SIG_DFL;
  for (int sig = 1; sig < NSIG; ++sig) {
    if (sig != SIGKILL && sig != SIGSTOP) ::sigaction(sig, &dfl, nullptr);
  }
  if (!spec.cgroup_procs_path.empty()) {
    int fd = ::open(spec.cgroup_procs_path.c_str(), O_WRONLY | O_CLOEXEC);
    if (fd >= 0) {
      [[maybe_unused]] auto n = ::write(fd, "0", 1);
      ::close(fd);
    }
  }
  for (const auto& limit : spec.limits) {
    struct rlimit value {
      static_cast<rlim_t>(limit.value), static_cast<rlim_t>(limit.value)
    };
    ::setrlimit(static_cast<__rlimit_resource_t>(limit.resource), &value);
  }
  // Everything inherited from the parent becomes close-on-exec first; dup2
  // then clears the flag on exactly the descriptors the child keeps.
  ::close_range(3, ~0U, CLOSE_RANGE_CLOEXEC);
  ::dup2(null_fd, 0);
  ::dup2(out_fd, 1);
  ::dup2(err_fd, 2);
  if (spec.status_fd >= 0 && status_fd >= 0) ::dup2(status_fd, spec.status_fd);
  ::execve(argv[0], argv, envp);
  int error = errno;
  [[maybe_unused]] auto n = ::write(error_fd, &error, sizeof error);
  ::_exit(127);
}

int status_code(int wait_status) {
  if (WIFEXITED(wait_status)) return WEXITSTATUS(wait_status);
  if (WIFSIGNALED(wait_status)) return 128 + WTERMSIG(wait_status);
  return -1;
}

// One stream being drained: where its bytes go.
struct Stream {
  Fd fd;
  BoundedCapture* capture = nullptr;  // null: the status stream
  std::string* raw = nullptr;
  size_t raw_limit = 0;
};

// Reads what is available (at most 4 MiB per call, so the deadline is
// checked often even under a flood). Returns false at end of stream.
bool drain_some(Stream& s) {
  static thread_local std::array<char, 256 * 1024> buffer;
  for (size_t taken = 0; taken < (4u << 20);) {
    ssize_t n = ::read(s.fd.get(), buffer.data(), buffer.size());
    if (n > 0) {
      std::string_view bytes(buffer.data(), static_cast<size_t>(n));
      if (s.capture) s.capture->append(bytes);
      if (s.raw && s.raw->size() < s.raw_limit)
        s.raw->append(bytes.substr(0, s.raw_limit - s.raw->size()));
      taken += static_cast<size_t>(n);
      continue;
    }
    if (n < 0 && errno == EINTR) continue;
    if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK)) return true;
    return false;  // EOF or a read error: either way this stream is done
  }
  return true;
}

}  // namespace

ProcessOutcome run_process(const ProcessSpec& spec, const ProcessLimits& limits,
                           const std::function<bool()>& cancelled,
                           const std::function<void()>& kill_extra) {
  ProcessOutcome outcome;
  if (spec.argv.empty()) {
    outcome.detail = "empty argv";
    return outcome;
  }
  auto argv = c_strings(spec.argv);
  auto envp = c_strings(spec.environment);
  Fd null_fd(high_fd(::open("/dev/null", O_RDONLY | O_CLOEXEC)));
  Fd out_r, out_w, err_r, err_w, status_r, status_w, error_r, error_w;
  if (null_fd.get() < 0 || !make_pipe(out_r, out_w) || !make_pipe(err_r, err_w) ||
      !make_pipe(error_r, error_w) || (spec.status_fd >= 0 && !make_pipe(status_r, status_w))) {
    outcome.detail = std::string("pipe: ") + std::strerror(errno);
    return outcome;
  }
  BoundedCapture out_capture(limits.head_bytes, limits.tail_bytes);
  BoundedCapture err_capture(limits.head_bytes, limits.tail_bytes);

  auto started = Clock::now();
  pid_t pid = ::fork();
  if (pid < 0) {
    outcome.detail = std::string("fork: ") + std::strerror(errno);
    return outcome;
  }
  if (pid == 0) {
    exec_child(spec, argv.data(), envp.data(), null_fd.get(), out_w.get(), err_w.get(),
               status_w.get(), error_w.get());
  }
  // Also from here, in case the child has not run setpgid yet when we kill.
  ::setpgid(pid, pid);
  null_fd.reset();
  out_w.reset();
  err_w.reset();
  status_w.reset();
  error_w.reset();

  int exec_error = 0;
  ssize_t got;
  do {
    got = ::read(error_r.get(), &exec_error, sizeof exec_error);
  } while (got < 0 && errno == EINTR);
  if (got == static_cast<ssize_t>(sizeof exec_error)) {
    int ignored;
    ::waitpid(pid, &ignored, 0);
    outcome.detail = "exec " + spec.argv[0] + ": " + std::strerror(exec_error);
    return outcome;
  }

  std::array<Stream, 3> streams;
  streams[0].fd.reset(out_r.release());
  streams[0].capture = &out_capture;
  streams[1].fd.reset(err_r.release());
  streams[1].capture = &err_capture;
  streams[2].fd.reset(status_r.release());
  streams[2].raw = &outcome.status_bytes;
  streams[2].raw_limit = limits.status_bytes;
  for (auto& s : streams) {
    if (s.fd.get() < 0) continue;
    ::fcntl(s.fd.get(), F_SETFL, ::fcntl(s.fd.get(), F_GETFL) | O_NONBLOCK);
    // Larger pipes mean fewer wake-ups under a flood (best effort: the
    // system's pipe-max-size may refuse).
    if (s.capture) ::fcntl(s.fd.get(), F_SETPIPE_SZ, 1 << 20);
  }

  bool reaped = false;
  int wait_status = 0;
  bool killed = false;
  ProcessEnd kill_reason = ProcessEnd::timed_out;
  auto grace_start = Clock::time_point::max();
  auto kill_tree = [&] {
    if (!reaped) ::kill(pid, SIGKILL);
    ::kill(-pid, SIGKILL);
    if (kill_extra) kill_extra();
  };

  while (true) {
    if (!reaped) {
      pid_t r = ::waitpid(pid, &wait_status, WNOHANG);
      if (r == pid) {
        reaped = true;
        outcome.duration =
            std::chrono::duration_cast<std::chrono::milliseconds>(Clock::now() - started);
        // Descendants still in the tree are part of the run; it is over.
        kill_tree();
        if (grace_start == Clock::time_point::max()) grace_start = Clock::now();
      }
    }
    size_t open = 0;
    for (auto& s : streams) open += s.fd.get() >= 0 ? 1 : 0;
    if (reaped && open == 0) break;

    auto now = Clock::now();
    if (!killed && !reaped) {
      bool cancel = cancelled && cancelled();
      if (cancel || now >= limits.deadline) {
        kill_reason = cancel ? ProcessEnd::cancelled : ProcessEnd::timed_out;
        killed = true;
        kill_tree();
        grace_start = now;
      }
    }
    if (grace_start != Clock::time_point::max() && now >= grace_start + limits.drain_after_kill) {
      // Something still holds a pipe open after the tree was killed: stop
      // reading, and make sure the child itself is gone.
      kill_tree();
      if (!reaped) {
        ::waitpid(pid, &wait_status, 0);
        reaped = true;
        outcome.duration =
            std::chrono::duration_cast<std::chrono::milliseconds>(Clock::now() - started);
      }
      break;
    }

    auto wait_for = std::chrono::milliseconds(50);
    if (!killed && limits.deadline > now) {
      auto left = std::chrono::duration_cast<std::chrono::milliseconds>(limits.deadline - now) +
                  std::chrono::milliseconds(1);
      if (left < wait_for) wait_for = left;
    }
    std::array<pollfd, 3> pfds{};
    std::array<Stream*, 3> owners{};
    nfds_t count = 0;
    for (auto& s : streams) {
      if (s.fd.get() < 0) continue;
      pfds[count] = pollfd{s.fd.get(), POLLIN, 0};
      owners[count++] = &s;
    }
    int ready = ::poll(pfds.data(), count, static_cast<int>(wait_for.count()));
    if (ready <= 0) continue;
    for (nfds_t i = 0; i < count; ++i) {
      if (pfds[i].revents == 0) continue;
      if (!drain_some(*owners[i])) owners[i]->fd.reset();
    }
  }

  outcome.stdout_text = out_capture.finish();
  outcome.stderr_text = err_capture.finish();
  outcome.exit_status = status_code(wait_status);
  if (killed) {
    outcome.end = kill_reason;
  } else {
    outcome.end = WIFSIGNALED(wait_status) ? ProcessEnd::signalled : ProcessEnd::exited;
  }
  return outcome;
}

}  // namespace toolhost::sandbox
