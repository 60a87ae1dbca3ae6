#include "conformance/isolated_runner.hpp"

#include <poll.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <string>

#include "isolation/worker_process.hpp"

namespace toolhost::conformance {

using Clock = std::chrono::steady_clock;

namespace {

void write_all(int fd, const std::string& bytes) {
  size_t done = 0;
  while (done < bytes.size()) {
    ssize_t n = ::write(fd, bytes.data() + done, bytes.size() - done);
    if (n <= 0 && errno != EINTR) return;
    if (n > 0) done += static_cast<size_t>(n);
  }
}

// Child: run the check, send "<verdict digit><reason>", leave without
// running the parent's exit handlers.
[[noreturn]] void run_in_child(const CheckDef& def, const SuiteOptions& options, int fd) {
  CheckResult r;
  try {
    r = def.run(options);
  } catch (const std::exception& e) {
    r = fail(std::string("the check threw: ") + e.what());
  }
  write_all(fd, std::to_string(static_cast<int>(r.verdict)) + r.reason);
  ::close(fd);
  ::_exit(0);
}

CheckResult run_one(const CheckDef& def, const SuiteOptions& options, const RunnerOptions& runner) {
  int fds[2];
  if (::pipe(fds) != 0) return fail(std::string("pipe: ") + std::strerror(errno));
  pid_t pid = ::fork();
  if (pid < 0) {
    ::close(fds[0]);
    ::close(fds[1]);
    return fail(std::string("fork: ") + std::strerror(errno));
  }
  if (pid == 0) {
    ::close(fds[0]);
    run_in_child(def, options, fds[1]);
  }
  ::close(fds[1]);
  std::string message;
  auto deadline = Clock::now() + runner.watchdog;
  bool timed_out = false;
  while (true) {
    auto left =
        std::chrono::duration_cast<std::chrono::milliseconds>(deadline - Clock::now()).count();
    if (left <= 0) {
      timed_out = true;
      break;
    }
    pollfd p{fds[0], POLLIN, 0};
    int rc = ::poll(&p, 1, static_cast<int>(left));
    if (rc < 0 && errno == EINTR) continue;
    if (rc <= 0) continue;
    char buffer[4096];
    ssize_t n = ::read(fds[0], buffer, sizeof buffer);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) break;
    message.append(buffer, static_cast<size_t>(n));
  }
  ::close(fds[0]);
  if (timed_out) ::kill(pid, SIGKILL);
  int status = 0;
  while (::waitpid(pid, &status, 0) < 0 && errno == EINTR) {
  }
  if (timed_out)
    return fail("the plugin did not finish this check within " +
                std::to_string(runner.watchdog.count()) + " s (killed)");
  bool clean_exit = WIFEXITED(status) && WEXITSTATUS(status) == 0;
  if (message.empty() || !clean_exit)
    return fail("the plugin crashed the check's process: " +
                isolation::describe_wait_status(status));
  CheckResult r;
  int v = message[0] - '0';
  r.verdict = v == 0 ? Verdict::pass : v == 2 ? Verdict::skip : Verdict::fail;
  r.reason = message.substr(1);
  return r;
}

}  // namespace

std::vector<CheckResult> run_suite(const SuiteOptions& options, const RunnerOptions& runner,
                                   const std::function<void(const CheckResult&)>& on_result) {
  std::vector<CheckResult> results;
  for (const auto& def : all_checks()) {
    auto started = Clock::now();
    CheckResult r = options.level < def.min_level
                        ? skip("runs from level " + std::to_string(def.min_level))
                        : run_one(def, options, runner);
    r.name = def.name;
    r.seconds = std::chrono::duration<double>(Clock::now() - started).count();
    if (on_result) on_result(r);
    results.push_back(std::move(r));
  }
  return results;
}

}  // namespace toolhost::conformance
