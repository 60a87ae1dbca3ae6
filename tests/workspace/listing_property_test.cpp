// Gate 13: over generated workspaces, a listing is bytewise ascending on
// path, a truncated listing is a prefix of the untruncated one, and no entry
// names a symbolic link (or lies beneath one).
#include "temp_tree.hpp"
#include "workspace/memory_provenance_ledger.hpp"
#include "workspace/workspace_handle.hpp"

#include <gtest/gtest.h>

#include <sys/stat.h>

#include <algorithm>
#include <cstring>
#include <filesystem>
#include <random>
#include <set>

namespace toolhost::workspace {
namespace {

namespace fs = std::filesystem;
using workspace_test::put_file;
using workspace_test::TempTree;

// Name pieces chosen around '/' (0x2f) in byte order, plus multi-byte UTF-8,
// so that per-directory order and whole-path order disagree often.
const std::vector<std::string> kNamePieces = {"a",        "b", "A", "-", "_",  ".x", "0",
                                              "\xc3\xa9", "z", " ", "~", "a-", "a.", "a0"};

class WorkspaceGenerator {
 public:
  WorkspaceGenerator(uint32_t seed, const TempTree& tree) : random_(seed), tree_(tree) {}

  void fill(const fs::path& dir, int depth) {
    const int children = pick(0, depth == 0 ? 8 : 5);
    for (int i = 0; i < children; ++i) {
      std::string name = kNamePieces[static_cast<size_t>(pick(0, kNamePieces.size() - 1))];
      if (pick(0, 1)) name += kNamePieces[static_cast<size_t>(pick(0, kNamePieces.size() - 1))];
      const fs::path target = dir / name;
      if (fs::exists(fs::symlink_status(target))) continue;
      const int kind = pick(0, 9);
      if (kind <= 4) {
        put_file(target, std::string(static_cast<size_t>(pick(0, 40)), 'x'));
      } else if (kind <= 7 && depth < 3) {
        fs::create_directory(target);
        fill(target, depth + 1);
      } else {
        add_symlink(target);
      }
    }
  }

 private:
  int pick(int low, size_t high) {
    return std::uniform_int_distribution<int>(low, static_cast<int>(high))(random_);
  }

  void add_symlink(const fs::path& at) {
    switch (pick(0, 4)) {
      case 0:
        fs::create_directory_symlink(tree_.outside(), at);
        break;
      case 1:
        fs::create_directory_symlink("..", at);
        break;
      case 2:
        fs::create_symlink("missing-target", at);
        break;
      case 3:
        fs::create_symlink(at.filename(), at);
        break;  // a loop
      default:
        fs::create_directory_symlink(tree_.workspace(), at);
        break;
    }
  }

  std::mt19937 random_;
  const TempTree& tree_;
};

bool bytewise_less(const std::string& a, const std::string& b) {
  const int c = std::memcmp(a.data(), b.data(), std::min(a.size(), b.size()));
  return c != 0 ? c < 0 : a.size() < b.size();
}

bool passes_through_symlink(const fs::path& root, const std::string& relative) {
  fs::path at = root;
  for (const auto& part : fs::path(relative)) {
    at /= part;
    struct stat info {};
    if (::lstat(at.c_str(), &info) != 0 || S_ISLNK(info.st_mode)) return true;
  }
  return false;
}

// What the listing must contain, found by another walker: std::filesystem's
// directory_iterator, classifying each entry without following it.
void expected_into(const fs::path& root, const fs::path& dir, std::vector<ListEntry>& out) {
  for (const auto& entry : fs::directory_iterator(dir)) {
    const auto status = entry.symlink_status();
    const std::string path = entry.path().string().substr(root.string().size() + 1);
    if (fs::is_regular_file(status)) {
      out.push_back({path, EntryKind::file, static_cast<uint64_t>(fs::file_size(entry.path()))});
    } else if (fs::is_directory(status)) {
      out.push_back({path, EntryKind::directory, 0});
      expected_into(root, entry.path(), out);
    }
  }
}

std::vector<ListEntry> expected_entries(const fs::path& root) {
  std::vector<ListEntry> out;
  expected_into(root, root, out);
  std::sort(out.begin(), out.end(),
            [](const ListEntry& a, const ListEntry& b) { return bytewise_less(a.path, b.path); });
  return out;
}

bool has_symlink(const fs::path& dir) {
  for (const auto& entry : fs::directory_iterator(dir)) {
    const auto status = entry.symlink_status();
    if (fs::is_symlink(status)) return true;
    if (fs::is_directory(status) && has_symlink(entry.path())) return true;
  }
  return false;
}

TEST(ListingProperty, OrderedPrefixClosedAndFreeOfSymlinks) {
  size_t largest = 0, with_links = 0;
  for (uint32_t seed = 1; seed <= 120; ++seed) {
    TempTree tree;
    WorkspaceGenerator(seed, tree).fill(tree.workspace(), 0);
    auto opened = WorkspaceHandle::open_root(tree.workspace().string(),
                                             std::make_unique<MemoryProvenanceLedger>());
    ASSERT_NE(opened.handle, nullptr);
    const auto& handle = *opened.handle;

    const auto full = handle.list("", true, SIZE_MAX);
    ASSERT_EQ(full.status, WorkspaceStatus::ok) << "seed " << seed;
    ASSERT_FALSE(full.truncated);
    largest = std::max(largest, full.entries.size());
    for (size_t i = 1; i < full.entries.size(); ++i)
      ASSERT_TRUE(bytewise_less(full.entries[i - 1].path, full.entries[i].path))
          << "seed " << seed << ": " << full.entries[i - 1].path << " then "
          << full.entries[i].path;
    for (const auto& entry : full.entries)
      ASSERT_FALSE(passes_through_symlink(tree.workspace(), entry.path))
          << "seed " << seed << ": " << entry.path;
    ASSERT_EQ(full.entries, expected_entries(tree.workspace())) << "seed " << seed;

    const size_t n = full.entries.size();
    for (size_t cap :
         {size_t{0}, size_t{1}, size_t{2}, n / 3, n / 2, n > 0 ? n - 1 : 0, n, n + 1}) {
      const auto capped = handle.list("", true, cap);
      ASSERT_EQ(capped.truncated, cap < n) << "seed " << seed << " cap " << cap;
      const std::vector<ListEntry> prefix(full.entries.begin(),
                                          full.entries.begin() + std::min(cap, n));
      ASSERT_EQ(capped.entries, prefix) << "seed " << seed << " cap " << cap;
    }

    // A one-level listing of every listed directory is the matching slice.
    for (const auto& dir : full.entries) {
      if (dir.kind != EntryKind::directory) continue;
      std::vector<ListEntry> children;
      for (const auto& entry : full.entries)
        if (entry.path.size() > dir.path.size() + 1 && entry.path.starts_with(dir.path + "/") &&
            entry.path.find('/', dir.path.size() + 1) == std::string::npos)
          children.push_back(entry);
      ASSERT_EQ(handle.list(dir.path, false, SIZE_MAX).entries, children) << dir.path;
    }
    if (has_symlink(tree.workspace())) ++with_links;
  }
  // The generator must produce trees worth testing.
  EXPECT_GT(largest, 20u);
  EXPECT_GT(with_links, 60u);
}

}  // namespace
}  // namespace toolhost::workspace
