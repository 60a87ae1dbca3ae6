// A corpus of hostile paths, each tried with all three tools: every one is
// refused, and nothing outside the workspace is read, opened, created or
// changed (watched with inotify and compared by snapshot). The workspace
// itself is left unchanged too.
#include "plugin_harness.hpp"
#include "temp_tree.hpp"
#include "workspace/memory_provenance_ledger.hpp"

#include <gtest/gtest.h>

#include <boost/json.hpp>

#include <sys/inotify.h>
#include <unistd.h>

#include <array>
#include <climits>

namespace toolhost::workspace_test {
namespace {

namespace fs = std::filesystem;
using std::string_literals::operator""s;
using workspace::WorkspaceStatus;

struct HostilePath {
  std::string path;
  WorkspaceStatus expected = WorkspaceStatus::escape;
};

std::vector<HostilePath> corpus(const TempTree& tree) {
  const std::string sentinel = (tree.outside() / "sentinel.txt").string();
  std::string deep_traversal;
  for (int i = 0; i < 200; ++i) deep_traversal += "../";
  std::string long_inside;
  for (int i = 0; i < 2100; ++i) long_inside += "a/";
  std::vector<HostilePath> paths = {
      // traversal and absolute paths
      {"../outside/sentinel.txt"},
      {".."},
      {"../"},
      {"../outside"},
      {"/etc/passwd"},
      {"/"},
      {sentinel},
      {"//etc/passwd"},
      {deep_traversal + "etc/passwd"},
      {"/" + std::string(5000, 'a')},
      {"/proc/self/root/etc/passwd"},
      // '.' and '..' mixes
      {"./../outside/sentinel.txt"},
      {"dir/../../outside/sentinel.txt"},
      {"dir/../file.txt"},
      {"./file.txt"},
      {"."},
      {"dir/./inner.txt"},
      {"dir/."},
      {"a/.."},
      {"dir/../dir/inner.txt"},
      {"dir/inner.txt/.."},
      {"link_out_dir/../outside/sentinel.txt"},
      // symlinks out, in, looping, dangling, and in the middle of a path
      {"link_out_file"},
      {"link_out_abs"},
      {"link_out_dir"},
      {"link_out_dir/sentinel.txt"},
      {"link_out_dir/new.txt"},
      {"link_in_file"},
      {"link_in_dir/inner.txt"},
      {"link_in_dir"},
      {"dir/link_up"},
      {"dir/link_up/file.txt"},
      {"dir/link_escape"},
      {"dir/link_escape/sentinel.txt"},
      {"dir/mid_link/sentinel.txt"},
      {"dir/mid_link/fresh.txt"},
      {"loop_a"},
      {"loop_a/x"},
      {"loop_b/loop_a/x"},
      {"self_loop"},
      {"dangling"},
      {"proc_link/etc/passwd"},
      {"proc_link"},
      // backslashes and NUL
      {"..\\outside\\sentinel.txt"},
      {"dir\\inner.txt"},
      {".\\..\\outside"},
      {"file.txt\0../outside"s},
      {"\0"s},
      {"\0/../outside/sentinel.txt"s},
      // empty segments and trailing slashes
      {"dir//inner.txt"},
      {"dir/"},
      {"file.txt/"},
      {"dir/inner.txt/"},
      {"link_in_dir/"},
      {"link_out_dir//sentinel.txt"},
      {"dangling/"},
      {"dir/link_escape/"},
      // not UTF-8
      {"\xff\xfe"s},
      {"dir/\xc0\xaf"s},
      {"\xed\xa0\x80"s},
      {"\xc0\xae\xc0\xae/outside"s},
      {"file\x80.txt"s},
      // very long but lexically fine: it cannot exist
      {long_inside + "x", WorkspaceStatus::no_such_path},
  };
  return paths;
}

void build_fixture(const TempTree& tree) {
  put_file(tree.outside() / "sentinel.txt", "outside bytes");
  const fs::path ws = tree.workspace();
  put_file(ws / "file.txt", "inside");
  put_file(ws / "dir" / "inner.txt", "inner");
  fs::create_symlink("../outside/sentinel.txt", ws / "link_out_file");
  fs::create_symlink(tree.outside() / "sentinel.txt", ws / "link_out_abs");
  fs::create_directory_symlink("../outside", ws / "link_out_dir");
  fs::create_symlink("file.txt", ws / "link_in_file");
  fs::create_directory_symlink("dir", ws / "link_in_dir");
  fs::create_directory_symlink("..", ws / "dir" / "link_up");
  fs::create_directory_symlink("../../outside", ws / "dir" / "link_escape");
  fs::create_directory_symlink(tree.outside(), ws / "dir" / "mid_link");
  fs::create_symlink("loop_b", ws / "loop_a");
  fs::create_symlink("loop_a", ws / "loop_b");
  fs::create_symlink("self_loop", ws / "self_loop");
  fs::create_symlink("../outside/not_there.txt", ws / "dangling");
  fs::create_directory_symlink("/proc/self/root", ws / "proc_link");
}

// Every inotify event on `outside/` and on `base/` (except those about the
// workspace directory itself) is access the workspace must never make.
class OutsideWatch {
 public:
  explicit OutsideWatch(const TempTree& tree) : fd_(::inotify_init1(IN_NONBLOCK | IN_CLOEXEC)) {
    const uint32_t all = IN_ALL_EVENTS;
    outside_ = ::inotify_add_watch(fd_, tree.outside().c_str(), all);
    base_ = ::inotify_add_watch(fd_, tree.base().c_str(), all);
    sentinel_ = ::inotify_add_watch(fd_, (tree.outside() / "sentinel.txt").c_str(), all);
  }
  ~OutsideWatch() { ::close(fd_); }
  bool armed() const { return fd_ >= 0 && outside_ >= 0 && base_ >= 0 && sentinel_ >= 0; }

  std::vector<std::string> events() {
    std::vector<std::string> out;
    alignas(inotify_event) std::array<char, 64 * 1024> buffer;
    while (true) {
      const ssize_t n = ::read(fd_, buffer.data(), buffer.size());
      if (n <= 0) break;
      for (ssize_t at = 0; at < n;) {
        const auto* event = reinterpret_cast<const inotify_event*>(buffer.data() + at);
        const std::string name = event->len ? event->name : "";
        if (!(event->wd == base_ && name == "ws"))
          out.push_back("wd " + std::to_string(event->wd) + " mask " + std::to_string(event->mask) +
                        " " + name);
        at += static_cast<ssize_t>(sizeof(inotify_event) + event->len);
      }
    }
    return out;
  }

 private:
  int fd_;
  int outside_ = -1, base_ = -1, sentinel_ = -1;
};

TEST(HostilePaths, TheWatchSeesAReadOutside) {
  TempTree tree;
  build_fixture(tree);
  OutsideWatch watch(tree);
  ASSERT_TRUE(watch.armed());
  EXPECT_EQ(file_bytes(tree.outside() / "sentinel.txt"), "outside bytes");
  EXPECT_FALSE(watch.events().empty());
}

TEST(HostilePaths, EveryToolRefusesEveryPathWithoutTouchingAnythingOutside) {
  TempTree tree;
  build_fixture(tree);
  LoadedPlugin plugin("workspace.so");
  auto opened = workspace::WorkspaceHandle::open_root(
      tree.workspace().string(), std::make_unique<workspace::MemoryProvenanceLedger>());
  ASSERT_NE(opened.handle, nullptr);
  auto& handle = *opened.handle;
  const auto paths = corpus(tree);
  ASSERT_GE(paths.size(), 50u);

  const auto outside_before = snapshot(tree.base());
  const auto workspace_before = snapshot(tree.workspace());
  OutsideWatch watch(tree);
  ASSERT_TRUE(watch.armed());

  size_t through_plugin = 0;
  for (const auto& [path, expected] : paths) {
    const std::string shown = testing::PrintToString(path);
    // The handle, directly.
    EXPECT_EQ(handle.read(path, [](std::string_view) { return true; }).status, expected) << shown;
    EXPECT_EQ(handle.write(path, "pwned").status, expected) << shown;
    EXPECT_EQ(handle.list(path, true, 1000).status,
              expected == WorkspaceStatus::escape ? expected : WorkspaceStatus::no_such_path)
        << shown;

    // The tools, for every path a JSON string can carry (not the non-UTF-8 ones).
    boost::system::error_code invalid;
    const std::string quoted = json_string(path);
    boost::json::parse(quoted, invalid);
    if (invalid) continue;
    ++through_plugin;
    const std::string expected_reason = expected == WorkspaceStatus::escape
                                            ? "tool.invalid_arguments.path_outside_workspace"
                                            : "tool.not_found.no_such_path";
    for (const auto& [tool, arguments] : std::vector<std::pair<std::string, std::string>>{
             {"workspace.read_text", R"({"path":)" + quoted + "}"},
             {"workspace.write_text", R"({"path":)" + quoted + R"(,"content":"pwned"})"},
             {"workspace.list_files", R"({"path":)" + quoted + R"(,"recursive":true})"}}) {
      const auto outcome = plugin.invoke(tool, arguments, &handle);
      EXPECT_EQ(outcome.status, TH_INVOKE_FAILED) << tool << " " << shown;
      EXPECT_EQ(outcome.reason_code, expected_reason) << tool << " " << shown;
      EXPECT_EQ(outcome.escaped, expected == WorkspaceStatus::escape) << tool << " " << shown;
    }
  }
  EXPECT_GE(through_plugin, 45u);

  EXPECT_EQ(watch.events(), std::vector<std::string>{});
  EXPECT_EQ(snapshot(tree.base()), outside_before);
  EXPECT_EQ(snapshot(tree.workspace()), workspace_before);
  EXPECT_EQ(file_bytes(tree.outside() / "sentinel.txt"), "outside bytes");
}

}  // namespace
}  // namespace toolhost::workspace_test
