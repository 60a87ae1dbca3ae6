// The before/after comparison that decides which paths a run wrote.
#include "sandbox/workspace_snapshot.hpp"

#include <fcntl.h>
#include <gtest/gtest.h>
#include <sys/stat.h>

#include "sandbox_fixture.hpp"

namespace toolhost::sandbox_test {
namespace {

using sandbox::snapshot_workspace;
using sandbox::written_paths;

TEST(WorkspaceSnapshot, NewModifiedAndReplacedFilesAreWrittenUntouchedAreNot) {
  TestWorkspace ws;
  write_file(ws.root / "same.txt", "same");
  write_file(ws.root / "edit.txt", "abcd");
  write_file(ws.root / "swap.txt", "swap");
  fs::create_directories(ws.root / "dir");
  write_file(ws.root / "dir" / "inner.txt", "inner");
  auto before = snapshot_workspace(ws.handle->root_fd());
  EXPECT_EQ(before.size(), 5u);

  // Same size, mtime restored: only the ctime tells.
  struct stat st {};
  ASSERT_EQ(::stat((ws.root / "edit.txt").c_str(), &st), 0);
  write_file(ws.root / "edit.txt", "wxyz");
  timespec times[2] = {st.st_atim, st.st_mtim};
  ASSERT_EQ(::utimensat(AT_FDCWD, (ws.root / "edit.txt").c_str(), times, 0), 0);
  // Replaced by another inode with the same bytes.
  write_file(ws.root / "swap.tmp", "swap");
  fs::rename(ws.root / "swap.tmp", ws.root / "swap.txt");
  fs::create_directories(ws.root / "new" / "deeper");
  write_file(ws.root / "new" / "deeper" / "made.txt", "made");
  fs::create_symlink("/etc/passwd", ws.root / "link");

  auto after = snapshot_workspace(ws.handle->root_fd());
  EXPECT_EQ(after.count("link"), 0u) << "links are not entered or listed";
  EXPECT_EQ(written_paths(before, after),
            (std::vector<std::string>{"edit.txt", "new", "new/deeper", "new/deeper/made.txt",
                                      "swap.txt"}));
}

TEST(WorkspaceSnapshot, TheWalkDoesNotFollowASymlinkedDirectory) {
  TestWorkspace ws;
  auto outside = scratch_dir("outside");
  write_file(outside / "secret.txt", "s");
  fs::create_directory_symlink(outside, ws.root / "out");
  auto snapshot = snapshot_workspace(ws.handle->root_fd());
  EXPECT_TRUE(snapshot.empty());
  fs::remove_all(outside);
}

}  // namespace
}  // namespace toolhost::sandbox_test
