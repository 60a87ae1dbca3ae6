// Escape attempts: each is contained, and each check is shown to be able to
// fail by a control that succeeds outside the sandbox.
#include <arpa/inet.h>
#include <fcntl.h>
#include <gtest/gtest.h>
#include <netinet/in.h>
#include <sys/socket.h>

#include <cstdlib>
#include <set>

#include "sandbox_fixture.hpp"
#include "support/run_command.hpp"

namespace toolhost::sandbox_test {
namespace {

using sandbox::SandboxStatus;

sandbox::SandboxResult ran(const sandbox::SandboxOutcome& o) {
  EXPECT_EQ(o.status, SandboxStatus::ran) << o.detail;
  return o.result;
}

TEST(SandboxContainment, HostFilesOutsideTheMountsCannotBeRead) {
  TestWorkspace ws;
  auto outside = scratch_dir("secret");
  write_file(outside / "secret.txt", "host-secret-7f3a");
  write_file(ws.root / "inside.txt", "inside-ok");
  ASSERT_EQ(read_file(outside / "secret.txt"), "host-secret-7f3a")
      << "control: the host can read it";

  auto r = ran(ws.run("cat inside.txt; echo; cat " + (outside / "secret.txt").string() +
                      "; echo cat=$?; test -e /etc/passwd && echo passwd-visible;"
                      " test -e /root && echo root-visible; ls /home 2>&1 | head -1; true"));
  EXPECT_NE(r.stdout_text.text.find("inside-ok"), std::string::npos) << "the workspace is readable";
  EXPECT_EQ(r.stdout_text.text.find("host-secret"), std::string::npos);
  EXPECT_NE(r.stdout_text.text.find("cat=1"), std::string::npos) << r.stdout_text.text;
  EXPECT_EQ(r.stdout_text.text.find("passwd-visible"), std::string::npos);
  EXPECT_EQ(r.stdout_text.text.find("root-visible"), std::string::npos);
  fs::remove_all(outside);
}

TEST(SandboxContainment, WritesOutsideTheWorkspaceNeverReachTheHost) {
  TestWorkspace ws;
  auto outside = scratch_dir("target");
  std::string tag = "toolhost-escape-" + std::to_string(::getpid());
  std::vector<fs::path> targets{outside / "planted", fs::path("/usr") / tag, fs::path("/etc") / tag,
                                fs::path("/") / tag, fs::path("/tmp") / tag};
  std::string command;
  for (const auto& t : targets)
    command += "echo x > " + t.string() + " && echo wrote:" + t.string() + "; ";
  command += "echo y > /workspace/allowed";
  auto r = ran(ws.run(command));
  for (const auto& t : targets) {
    EXPECT_FALSE(fs::exists(t)) << t;
  }
  // Only the private /tmp accepts the write, and it vanishes with the run.
  EXPECT_EQ(r.stdout_text.text, "wrote:/tmp/" + tag + "\n");
  EXPECT_EQ(read_file(ws.root / "allowed"), "y\n") << "control: /workspace is writable";
  fs::remove_all(outside);
}

// A listener on the host's loopback: the sandbox has its own network
// namespace, so 127.0.0.1 there is not ours.
struct LoopbackListener {
  int fd = -1;
  int port = 0;
  LoopbackListener() {
    fd = ::socket(AF_INET, SOCK_STREAM | SOCK_NONBLOCK | SOCK_CLOEXEC, 0);
    sockaddr_in addr{};
    addr.sin_family = AF_INET;
    addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    ::bind(fd, reinterpret_cast<sockaddr*>(&addr), sizeof addr);
    ::listen(fd, 8);
    socklen_t len = sizeof addr;
    ::getsockname(fd, reinterpret_cast<sockaddr*>(&addr), &len);
    port = ntohs(addr.sin_port);
  }
  ~LoopbackListener() { ::close(fd); }
  int accepted() const {
    int n = 0;
    while (true) {
      int c = ::accept(fd, nullptr, nullptr);
      if (c < 0) return n;
      ::close(c);
      ++n;
    }
  }
};

TEST(SandboxContainment, ALoopbackServiceOfTheHostIsUnreachable) {
  LoopbackListener listener;
  ASSERT_GT(listener.port, 0);
  std::string connect =
      "bash -c 'echo hello > /dev/tcp/127.0.0.1/" + std::to_string(listener.port) + "'";
  auto control = testing::run_command(connect + " 2>/dev/null; echo $?");
  ASSERT_EQ(control.output, "0\n") << "control: the host can connect";
  ASSERT_EQ(listener.accepted(), 1);

  TestWorkspace ws;
  auto r = ran(ws.run(connect + "; echo rc=$?; cat /proc/net/tcp | wc -l"));
  EXPECT_NE(r.stdout_text.text.find("rc=1"), std::string::npos)
      << r.stdout_text.text << r.stderr_text.text;
  EXPECT_EQ(listener.accepted(), 0) << "no connection reached the host's listener";
}

TEST(SandboxContainment, TheHostsProcessesAndEnvironmentAreInvisible) {
  std::string marker = "toolhost-sandbox-env-marker-" + std::to_string(::getpid());
  ::setenv("TOOLHOST_TEST_SECRET", marker.c_str(), 1);
  ::setenv("AWS_SECRET_ACCESS_KEY", marker.c_str(), 1);
  auto control =
      testing::run_command("cat /proc/self/environ | tr '\\0' '\\n' | grep -c " + marker);
  ASSERT_NE(control.output, "0\n") << "control: a host child sees the variables";

  TestWorkspace ws;
  auto r = ran(ws.run(
      "ls /proc | grep -c '^[0-9]'; for f in /proc/[0-9]*/environ; do tr '\\0' '\\n' < $f; done;"
      " env; echo uid=$(id -u); grep CapEff /proc/self/status"));
  ::unsetenv("TOOLHOST_TEST_SECRET");
  ::unsetenv("AWS_SECRET_ACCESS_KEY");
  const auto& out = r.stdout_text.text;
  EXPECT_EQ(out.find(marker), std::string::npos) << out;
  int visible = std::atoi(out.c_str());
  EXPECT_GT(visible, 0);
  EXPECT_LE(visible, 6) << "only the sandbox's own few processes:\n" << out;
  std::set<std::string> names;
  std::istringstream lines(out);
  for (std::string line; std::getline(lines, line);) {
    auto eq = line.find('=');
    if (eq != std::string::npos && eq > 0 && line.find_first_of(" /") > eq)
      names.insert(line.substr(0, eq));
  }
  for (const auto& name : names) {
    EXPECT_TRUE(name == "PATH" || name == "LANG" || name == "HOME" || name == "TMPDIR" ||
                name == "PWD" || name == "OLDPWD" || name == "SHLVL" || name == "_" ||
                name == "uid")
        << "unexpected variable " << name;
  }
  EXPECT_TRUE(names.count("HOME"));
  EXPECT_NE(out.find("HOME=/tmp/home"), std::string::npos);
  EXPECT_NE(out.find("uid=1000"), std::string::npos);
  EXPECT_NE(out.find("CapEff:\t0000000000000000"), std::string::npos) << "no capabilities inside";
}

TEST(SandboxContainment, FileSizeAndMemoryAreLimited) {
  TestWorkspace ws;
  ws.config.max_file_bytes = 1 << 20;
  ws.config.address_space_bytes = 256ull << 20;
  auto r = ran(ws.run("head -c 3000000 /dev/zero > big; echo head=$?"));
  EXPECT_LE(fs::file_size(ws.root / "big"), 1u << 20);
  EXPECT_EQ(r.stdout_text.text.find("head=0"), std::string::npos) << r.stdout_text.text;

  r = ran(ws.run("awk 'BEGIN { s = \"x\"; while (1) s = s s }'", 30));
  EXPECT_NE(r.exit_code, 0);
  EXPECT_FALSE(r.timed_out) << "the allocation failed long before the deadline";
}

}  // namespace
}  // namespace toolhost::sandbox_test
