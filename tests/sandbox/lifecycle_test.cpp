// The life of a run: exit codes, the deadline, cancellation, descendants
// that try to stay, fork bombs, floods of output, bytes that are not text,
// and a backend that is missing.
#include <gtest/gtest.h>

#include <atomic>
#include <thread>

#include "sandbox/bounded_capture.hpp"
#include "sandbox/pids_cgroup.hpp"
#include "sandbox/utf8_text.hpp"
#include "sandbox_fixture.hpp"

namespace toolhost::sandbox_test {
namespace {

using sandbox::SandboxStatus;
using Clock = std::chrono::steady_clock;

std::string unique_marker(const std::string& what) {
  static int n = 0;
  return "toolhost-" + what + "-" + std::to_string(::getpid()) + "-" + std::to_string(n++);
}

int64_t elapsed_ms(Clock::time_point since) {
  return std::chrono::duration_cast<std::chrono::milliseconds>(Clock::now() - since).count();
}

TEST(SandboxLifecycle, ANonZeroExitIsARunReportingItsCode) {
  TestWorkspace ws;
  auto o = ws.run("echo out; echo err >&2; exit 7");
  ASSERT_EQ(o.status, SandboxStatus::ran) << o.detail;
  EXPECT_EQ(o.result.exit_code, 7);
  EXPECT_EQ(o.result.stdout_text.text, "out\n");
  EXPECT_EQ(o.result.stderr_text.text, "err\n");
  EXPECT_FALSE(o.result.timed_out);
  EXPECT_FALSE(o.result.stdout_text.truncated);
  EXPECT_GE(o.result.duration_ms, 0);
}

TEST(SandboxLifecycle, TheDeadlineKillsAProcessThatIgnoresSigterm) {
  TestWorkspace ws;
  auto marker = unique_marker("ignore-term");
  auto start = Clock::now();
  auto o = ws.run("trap '' TERM INT HUP; echo armed; while :; do sleep 1; done # " + marker, 1);
  ASSERT_EQ(o.status, SandboxStatus::ran) << o.detail;
  EXPECT_TRUE(o.result.timed_out);
  EXPECT_EQ(o.result.exit_code, 128 + 9) << "killed by SIGKILL";
  EXPECT_EQ(o.result.stdout_text.text, "armed\n") << "output before the kill is kept";
  EXPECT_LT(elapsed_ms(start), 8000);
  EXPECT_EQ(processes_with_marker(marker), 0);
}

TEST(SandboxLifecycle, ADetachedGrandchildDiesWhenTheCommandEnds) {
  TestWorkspace ws;
  auto marker = unique_marker("grandchild");
  auto o = ws.run("setsid sh -c 'while :; do echo beat >> /workspace/beat; sleep 0.05; done # " +
                  marker + "' > /dev/null 2>&1 & sleep 0.5; echo parent-done");
  ASSERT_EQ(o.status, SandboxStatus::ran) << o.detail;
  EXPECT_FALSE(o.result.timed_out);
  EXPECT_EQ(o.result.stdout_text.text, "parent-done\n");
  ASSERT_TRUE(fs::exists(ws.root / "beat")) << "control: the grandchild did run";
  auto size = fs::file_size(ws.root / "beat");
  std::this_thread::sleep_for(std::chrono::milliseconds(600));
  EXPECT_EQ(fs::file_size(ws.root / "beat"), size) << "nothing writes after the run";
  EXPECT_EQ(processes_with_marker(marker), 0);
}

TEST(SandboxLifecycle, ADetachedGrandchildDiesAtTheDeadline) {
  TestWorkspace ws;
  auto marker = unique_marker("grandchild-deadline");
  auto o = ws.run(
      "(setsid nohup sh -c 'trap \"\" TERM; while :; do echo beat >> /workspace/beat;"
      " sleep 0.05; done # " +
          marker + "' > /dev/null 2>&1 &); sleep 100",
      1);
  ASSERT_EQ(o.status, SandboxStatus::ran) << o.detail;
  EXPECT_TRUE(o.result.timed_out);
  ASSERT_TRUE(fs::exists(ws.root / "beat"));
  auto size = fs::file_size(ws.root / "beat");
  std::this_thread::sleep_for(std::chrono::milliseconds(600));
  EXPECT_EQ(fs::file_size(ws.root / "beat"), size);
  EXPECT_EQ(processes_with_marker(marker), 0);
}

TEST(SandboxLifecycle, CancellationKillsTheTree) {
  TestWorkspace ws;
  auto marker = unique_marker("cancel");
  auto start = Clock::now();
  auto o = ws.run("sleep 100 & sleep 100; # " + marker, 60,
                  [start] { return Clock::now() - start > std::chrono::milliseconds(500); });
  EXPECT_EQ(o.status, SandboxStatus::cancelled);
  EXPECT_LT(elapsed_ms(start), 5000);
  EXPECT_EQ(processes_with_marker(marker), 0);
}

TEST(SandboxLifecycle, AForkBombIsCappedAndCleanedUp) {
  TestWorkspace ws;
  ws.config.max_processes = 64;
  auto marker = unique_marker("bomb");
  bool capped_by_cgroup = sandbox::PidsCgroup::create(ws.config.pids_cgroup_root, 1).has_value();
  std::atomic<bool> done{false};
  std::atomic<int> peak{0};
  std::thread sampler([&] {
    while (!done) {
      peak = std::max(peak.load(), processes_with_marker(marker));
      std::this_thread::sleep_for(std::chrono::milliseconds(100));
    }
  });
  auto start = Clock::now();
  auto o = ws.run("bomb() { bomb | bomb & }; bomb; sleep 100 # " + marker, 3);
  done = true;
  sampler.join();
  ASSERT_EQ(o.status, SandboxStatus::ran) << o.detail;
  EXPECT_LT(elapsed_ms(start), 15000);
  EXPECT_EQ(processes_with_marker(marker), 0);
  EXPECT_GT(peak.load(), 1) << "control: the bomb did fork";
  if (capped_by_cgroup) {
    EXPECT_LE(peak.load(), 64) << "the pids cgroup holds the tree to max_processes";
  }
  auto after = ws.run("echo still-fine");
  ASSERT_EQ(after.status, SandboxStatus::ran);
  EXPECT_EQ(after.result.stdout_text.text, "still-fine\n");
}

TEST(SandboxLifecycle, GigabytesOfOutputStayBounded) {
  TestWorkspace ws;
  constexpr uint64_t kBytes = 2ull << 30;
  auto o = ws.run("yes 0123456789abcdefghijklmnopqrstu | head -c " + std::to_string(kBytes) +
                      "; yes e | head -c 100000000 >&2; echo done >&2",
                  50);
  ASSERT_EQ(o.status, SandboxStatus::ran) << o.detail;
  const auto& r = o.result;
  EXPECT_FALSE(r.timed_out);
  EXPECT_EQ(r.exit_code, 0);
  EXPECT_TRUE(r.stdout_text.truncated);
  EXPECT_EQ(r.stdout_text.total_bytes, kBytes);
  EXPECT_LE(r.stdout_text.text.size(),
            ws.config.stream_head_bytes + ws.config.stream_tail_bytes + 64);
  EXPECT_NE(r.stdout_text.text.find(sandbox::omission_marker(r.stdout_text.dropped_bytes)),
            std::string::npos);
  EXPECT_EQ(r.stdout_text.text.rfind("0123456789abcdefghijklmnopqrstu\n", 0), 0u)
      << "the head is kept";
  EXPECT_TRUE(r.stderr_text.truncated);
  EXPECT_EQ(r.stderr_text.text.substr(r.stderr_text.text.size() - 7), "e\ndone\n")
      << "the tail is kept";
}

TEST(SandboxLifecycle, NulBytesAndInvalidUtf8BecomeReplacementCharacters) {
  TestWorkspace ws;
  const std::string R(sandbox::kReplacementCharacter);
  auto o = ws.run("printf 'a\\000b\\000'; printf '\\377ok\\342\\202\\n' >&2");
  ASSERT_EQ(o.status, SandboxStatus::ran) << o.detail;
  EXPECT_EQ(o.result.stdout_text.text, "a" + R + "b" + R);
  EXPECT_EQ(o.result.stderr_text.text, R + "ok" + R + "\n");
}

TEST(SandboxLifecycle, MultiByteTextIsNeverSplitAtTheCut) {
  TestWorkspace ws;
  ws.config.stream_head_bytes = 1001;  // odd sizes, so a cut lands inside a character
  ws.config.stream_tail_bytes = 2003;
  auto o = ws.run("yes '\xE2\x82\xAC\xC3\xA9' | head -c 999996");  // whole lines: the command
                                                                   // itself ends on a character
  ASSERT_EQ(o.status, SandboxStatus::ran) << o.detail;
  const auto& text = o.result.stdout_text.text;
  EXPECT_TRUE(o.result.stdout_text.truncated);
  EXPECT_EQ(text.find(sandbox::kReplacementCharacter), std::string::npos)
      << "no character was split";
  EXPECT_EQ(sandbox::sanitize_utf8(text), text);
}

TEST(SandboxLifecycle, FilesTheCommandWritesAreRecordedSandboxWritten) {
  TestWorkspace ws;
  ASSERT_EQ(ws.handle->write("tool.txt", "by a tool").status, workspace::WorkspaceStatus::ok);
  ASSERT_EQ(ws.handle->write("edited.txt", "by a tool").status, workspace::WorkspaceStatus::ok);
  auto o = ws.run("echo more >> edited.txt; mkdir -p out/deep; echo made > out/deep/new.txt");
  ASSERT_EQ(o.status, SandboxStatus::ran) << o.detail;
  EXPECT_EQ(o.result.written_paths,
            (std::vector<std::string>{"edited.txt", "out", "out/deep", "out/deep/new.txt"}));
  EXPECT_EQ(ws.provenance("edited.txt"), workspace::Provenance::sandbox_written);
  EXPECT_EQ(ws.provenance("out/deep/new.txt"), workspace::Provenance::sandbox_written);
  EXPECT_EQ(ws.provenance("tool.txt"), workspace::Provenance::tool_written)
      << "untouched files keep theirs";
}

TEST(SandboxLifecycle, AMissingOrRefusingBackendIsUnavailable) {
  TestWorkspace ws;
  ws.config.bwrap_path = "/nonexistent/bwrap";
  auto o = ws.run("echo never");
  EXPECT_EQ(o.status, SandboxStatus::unavailable);
  EXPECT_NE(o.detail.find("/nonexistent/bwrap"), std::string::npos) << o.detail;
  // A backend that exits without ever starting the sandbox.
  ws.config.bwrap_path = "/bin/false";
  o = ws.run("echo never");
  EXPECT_EQ(o.status, SandboxStatus::unavailable);
  EXPECT_NE(o.detail.find("did not start"), std::string::npos) << o.detail;
}

}  // namespace
}  // namespace toolhost::sandbox_test
