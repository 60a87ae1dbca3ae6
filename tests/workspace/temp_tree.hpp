// A scratch directory for one test: `base/` holds `ws/` (the workspace root)
// and `outside/` (bytes the workspace must never reach).
#pragma once

#include <filesystem>
#include <map>
#include <string>

namespace toolhost::workspace_test {

class TempTree {
 public:
  TempTree();
  ~TempTree();
  TempTree(const TempTree&) = delete;
  TempTree& operator=(const TempTree&) = delete;

  const std::filesystem::path& base() const { return base_; }
  std::filesystem::path workspace() const { return base_ / "ws"; }
  std::filesystem::path outside() const { return base_ / "outside"; }

 private:
  std::filesystem::path base_;
};

// Writes `bytes` to `path` (creating parent directories), bypassing the
// handle: this is the fixture placing files the way a sandbox would.
void put_file(const std::filesystem::path& path, const std::string& bytes);
std::string file_bytes(const std::filesystem::path& path);

// Every entry under `root`, symlinks not followed: relative path → a
// description of type and content, so two snapshots compare for equality.
std::map<std::string, std::string> snapshot(const std::filesystem::path& root);

}  // namespace toolhost::workspace_test
