#include "workspace/workspace_handle.hpp"
#include "temp_tree.hpp"
#include "workspace/memory_provenance_ledger.hpp"
#include "workspace/sqlite_provenance_ledger.hpp"

#include <gtest/gtest.h>

#include <sys/stat.h>

#include <filesystem>
#include <vector>

namespace toolhost::workspace {
namespace {

namespace fs = std::filesystem;
using workspace_test::file_bytes;
using workspace_test::put_file;
using workspace_test::snapshot;
using workspace_test::TempTree;

class WorkspaceHandleTest : public ::testing::Test {
 protected:
  void SetUp() override {
    auto opened = WorkspaceHandle::open_root(tree.workspace().string(),
                                             std::make_unique<MemoryProvenanceLedger>());
    ASSERT_NE(opened.handle, nullptr) << opened.error;
    handle = std::move(opened.handle);
  }

  std::vector<std::string> chunks_of(std::string_view path, size_t chunk_size,
                                     ReadOutcome* outcome = nullptr) {
    std::vector<std::string> chunks;
    const auto result = handle->read(
        path,
        [&](std::string_view chunk) {
          chunks.emplace_back(chunk);
          return true;
        },
        chunk_size);
    if (outcome) *outcome = result;
    return chunks;
  }

  TempTree tree;
  std::unique_ptr<WorkspaceHandle> handle;
};

TEST_F(WorkspaceHandleTest, OpeningAMissingRootFails) {
  auto opened = WorkspaceHandle::open_root((tree.base() / "missing").string(),
                                           std::make_unique<MemoryProvenanceLedger>());
  EXPECT_EQ(opened.handle, nullptr);
  EXPECT_NE(opened.error.find("missing"), std::string::npos);
}

TEST_F(WorkspaceHandleTest, ReadStreamsInChunksOfTheRequestedSize) {
  put_file(tree.workspace() / "ten.txt", "0123456789");
  ReadOutcome outcome;
  EXPECT_EQ(chunks_of("ten.txt", 4, &outcome), (std::vector<std::string>{"0123", "4567", "89"}));
  EXPECT_EQ(outcome.status, WorkspaceStatus::ok);
  EXPECT_EQ(outcome.byte_count, 10u);
}

TEST_F(WorkspaceHandleTest, ReadUsesSixtyFourKibChunksByDefault) {
  put_file(tree.workspace() / "big.txt", std::string(kDefaultChunkSize + 3, 'x'));
  std::vector<size_t> sizes;
  handle->read("big.txt", [&](std::string_view chunk) {
    sizes.push_back(chunk.size());
    return true;
  });
  EXPECT_EQ(sizes, (std::vector<size_t>{65536, 3}));
}

TEST_F(WorkspaceHandleTest, ReadStopsWhenTheCallbackSaysSo) {
  put_file(tree.workspace() / "ten.txt", "0123456789");
  int calls = 0;
  const auto outcome = handle->read(
      "ten.txt",
      [&](std::string_view) {
        ++calls;
        return false;
      },
      4);
  EXPECT_EQ(outcome.status, WorkspaceStatus::stopped);
  EXPECT_EQ(outcome.byte_count, 4u);
  EXPECT_EQ(calls, 1);
}

TEST_F(WorkspaceHandleTest, ReadOfAnEmptyFileDeliversNoChunk) {
  put_file(tree.workspace() / "empty", "");
  ReadOutcome outcome;
  EXPECT_TRUE(chunks_of("empty", 4, &outcome).empty());
  EXPECT_EQ(outcome.status, WorkspaceStatus::ok);
  EXPECT_EQ(outcome.byte_count, 0u);
}

TEST_F(WorkspaceHandleTest, ReadRefusesWhatIsNotARegularFile) {
  put_file(tree.workspace() / "dir" / "f.txt", "x");
  ASSERT_EQ(::mkfifo((tree.workspace() / "fifo").c_str(), 0600), 0);
  const auto status_of = [&](std::string_view path) {
    return handle->read(path, [](std::string_view) { return true; }).status;
  };
  EXPECT_EQ(status_of("missing.txt"), WorkspaceStatus::no_such_path);
  EXPECT_EQ(status_of("dir"), WorkspaceStatus::not_a_file);
  EXPECT_EQ(status_of(""), WorkspaceStatus::not_a_file);
  EXPECT_EQ(status_of("fifo"), WorkspaceStatus::not_a_file);
  EXPECT_EQ(status_of("dir/f.txt/more"), WorkspaceStatus::no_such_path);
  EXPECT_EQ(status_of(std::string(300, 'n')), WorkspaceStatus::no_such_path);
}

TEST_F(WorkspaceHandleTest, WriteCreatesThenReplacesExactlyTheGivenBytes) {
  const std::string bytes = "\xef\xbb\xbfline one\r\nline two";  // BOM and CRLF kept
  auto first = handle->write("notes.md", bytes);
  EXPECT_EQ(first.status, WorkspaceStatus::ok);
  EXPECT_TRUE(first.created);
  EXPECT_EQ(first.byte_count, bytes.size());
  EXPECT_EQ(file_bytes(tree.workspace() / "notes.md"), bytes);

  auto second = handle->write("notes.md", "short");
  EXPECT_EQ(second.status, WorkspaceStatus::ok);
  EXPECT_FALSE(second.created);
  EXPECT_EQ(second.byte_count, 5u);
  EXPECT_EQ(file_bytes(tree.workspace() / "notes.md"), "short");
  // No temporary file is left behind.
  EXPECT_EQ(snapshot(tree.workspace()),
            (std::map<std::string, std::string>{{"notes.md", "file:short"}}));
}

TEST_F(WorkspaceHandleTest, WriteCreatesMissingParentsAndOwnsTheirNames) {
  put_file(tree.workspace() / "existing" / "keep.txt", "k");
  ASSERT_EQ(handle->write("existing/new/deeper/a.md", "a").status, WorkspaceStatus::ok);
  EXPECT_EQ(file_bytes(tree.workspace() / "existing/new/deeper/a.md"), "a");
  EXPECT_EQ(handle->provenance("existing").provenance, Provenance::unknown);
  EXPECT_EQ(handle->provenance("existing/new").provenance, Provenance::tool_written);
  EXPECT_EQ(handle->provenance("existing/new/deeper").provenance, Provenance::tool_written);
  EXPECT_EQ(handle->provenance("existing/new/deeper/a.md").provenance, Provenance::tool_written);
}

TEST_F(WorkspaceHandleTest, WriteKeepsTheReplacedFilesPermissions) {
  put_file(tree.workspace() / "run.sh", "old");
  fs::permissions(tree.workspace() / "run.sh", fs::perms(0750));
  ASSERT_EQ(handle->write("run.sh", "new").status, WorkspaceStatus::ok);
  EXPECT_EQ(fs::status(tree.workspace() / "run.sh").permissions() & fs::perms::mask,
            fs::perms(0750));
}

TEST_F(WorkspaceHandleTest, WriteRefusals) {
  put_file(tree.workspace() / "dir" / "f.txt", "f");
  fs::create_symlink("dir/f.txt", tree.workspace() / "link");
  const auto before = snapshot(tree.workspace());
  EXPECT_EQ(handle->write("dir", "x").status, WorkspaceStatus::not_a_file);
  EXPECT_EQ(handle->write("", "x").status, WorkspaceStatus::not_a_file);
  EXPECT_EQ(handle->write("dir/f.txt/x", "x").status, WorkspaceStatus::no_such_path);
  EXPECT_EQ(handle->write("link", "x").status, WorkspaceStatus::escape);
  EXPECT_EQ(handle->write(std::string(300, 'n'), "x").status, WorkspaceStatus::no_such_path);
  EXPECT_EQ(snapshot(tree.workspace()), before);
}

TEST_F(WorkspaceHandleTest, ReadsNeverEstablishProvenance) {
  put_file(tree.workspace() / "b.md", "placed");
  chunks_of("b.md", 4);
  EXPECT_EQ(handle->provenance("b.md").provenance, Provenance::unknown);
  ASSERT_EQ(handle->write("a.md", "mine").status, WorkspaceStatus::ok);
  EXPECT_EQ(handle->provenance("a.md").provenance, Provenance::tool_written);
}

TEST_F(WorkspaceHandleTest, SandboxWritesAreNeverLaundered) {
  ASSERT_EQ(handle->write("a.md", "mine").status, WorkspaceStatus::ok);
  ASSERT_EQ(handle->record_sandbox_write("a.md"), WorkspaceStatus::ok);
  EXPECT_EQ(handle->provenance("a.md").provenance, Provenance::sandbox_written);
  ASSERT_EQ(handle->write("a.md", "mine again").status, WorkspaceStatus::ok);
  EXPECT_EQ(handle->provenance("a.md").provenance, Provenance::sandbox_written);
  EXPECT_EQ(handle->record_sandbox_write("../x"), WorkspaceStatus::escape);
  EXPECT_EQ(handle->provenance("../x").status, WorkspaceStatus::escape);
}

TEST_F(WorkspaceHandleTest, ProvenanceOutlivesTheHandleWithTheSqliteLedger) {
  const auto db = (tree.base() / "toolhost.db").string();
  const auto root = tree.workspace().string();
  {
    auto opened = WorkspaceHandle::open_root(root, SqliteProvenanceLedger::at_path(db, root));
    ASSERT_NE(opened.handle, nullptr);
    ASSERT_EQ(opened.handle->write("a.md", "x").status, WorkspaceStatus::ok);
  }
  auto reopened = WorkspaceHandle::open_root(root, SqliteProvenanceLedger::at_path(db, root));
  ASSERT_NE(reopened.handle, nullptr);
  EXPECT_EQ(reopened.handle->provenance("a.md").provenance, Provenance::tool_written);
  ASSERT_EQ(reopened.handle->forget_provenance(), WorkspaceStatus::ok);
  EXPECT_EQ(reopened.handle->provenance("a.md").provenance, Provenance::unknown);
}

TEST_F(WorkspaceHandleTest, ListsOneDirectoryOrATreeInBytewiseOrder) {
  put_file(tree.workspace() / "a" / "b.txt", "bb");
  put_file(tree.workspace() / "a-c.txt", "ccc");
  put_file(tree.workspace() / "a0", "");
  put_file(tree.workspace() / "B.txt", "1");
  put_file(tree.workspace() / "\xc3\xa9.txt", "e");
  fs::create_directory(tree.workspace() / "empty");

  const auto flat = handle->list("", false, 100);
  ASSERT_EQ(flat.status, WorkspaceStatus::ok);
  EXPECT_FALSE(flat.truncated);
  EXPECT_EQ(flat.entries, (std::vector<ListEntry>{{"B.txt", EntryKind::file, 1},
                                                  {"a", EntryKind::directory, 0},
                                                  {"a-c.txt", EntryKind::file, 3},
                                                  {"a0", EntryKind::file, 0},
                                                  {"empty", EntryKind::directory, 0},
                                                  {"\xc3\xa9.txt", EntryKind::file, 1}}));

  // "a-c.txt" < "a/b.txt" < "a0": '-' (0x2d) < '/' (0x2f) < '0' (0x30).
  const auto deep = handle->list("", true, 100);
  ASSERT_EQ(deep.status, WorkspaceStatus::ok);
  EXPECT_EQ(deep.entries, (std::vector<ListEntry>{{"B.txt", EntryKind::file, 1},
                                                  {"a", EntryKind::directory, 0},
                                                  {"a-c.txt", EntryKind::file, 3},
                                                  {"a/b.txt", EntryKind::file, 2},
                                                  {"a0", EntryKind::file, 0},
                                                  {"empty", EntryKind::directory, 0},
                                                  {"\xc3\xa9.txt", EntryKind::file, 1}}));

  const auto sub = handle->list("a", true, 100);
  EXPECT_EQ(sub.entries, (std::vector<ListEntry>{{"a/b.txt", EntryKind::file, 2}}));

  const auto capped = handle->list("", true, 3);
  EXPECT_TRUE(capped.truncated);
  EXPECT_EQ(capped.entries,
            (std::vector<ListEntry>(deep.entries.begin(), deep.entries.begin() + 3)));
  EXPECT_FALSE(handle->list("", true, 7).truncated);
  EXPECT_TRUE(handle->list("", true, 6).truncated);
}

TEST_F(WorkspaceHandleTest, ListLeavesOutLinksSpecialFilesAndUnaddressableNames) {
  put_file(tree.workspace() / "real.txt", "r");
  put_file(tree.workspace() / "back\\slash", "b");
  put_file(tree.workspace() / "bad\xff", "b");
  fs::create_symlink("real.txt", tree.workspace() / "link.txt");
  fs::create_directory_symlink(tree.outside(), tree.workspace() / "out");
  ASSERT_EQ(::mkfifo((tree.workspace() / "fifo").c_str(), 0600), 0);
  const auto listing = handle->list("", true, 100);
  EXPECT_EQ(listing.entries, (std::vector<ListEntry>{{"real.txt", EntryKind::file, 1}}));
}

TEST_F(WorkspaceHandleTest, ListRefusals) {
  put_file(tree.workspace() / "f.txt", "f");
  EXPECT_EQ(handle->list("f.txt", false, 10).status, WorkspaceStatus::not_a_directory);
  EXPECT_EQ(handle->list("missing", false, 10).status, WorkspaceStatus::no_such_path);
  EXPECT_EQ(handle->list("f.txt/x", false, 10).status, WorkspaceStatus::no_such_path);
  EXPECT_EQ(handle->list("..", false, 10).status, WorkspaceStatus::escape);
}

}  // namespace
}  // namespace toolhost::workspace
