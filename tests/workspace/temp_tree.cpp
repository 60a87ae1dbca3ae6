#include "temp_tree.hpp"

#include <stdlib.h>
#include <fstream>
#include <iterator>
#include <stdexcept>

namespace toolhost::workspace_test {

namespace fs = std::filesystem;

TempTree::TempTree() {
  std::string pattern = (fs::temp_directory_path() / "toolhost-ws-test-XXXXXX").string();
  if (!::mkdtemp(pattern.data())) throw std::runtime_error("mkdtemp failed");
  base_ = pattern;
  fs::create_directory(workspace());
  fs::create_directory(outside());
}

TempTree::~TempTree() {
  std::error_code ignored;
  fs::remove_all(base_, ignored);
}

void put_file(const fs::path& path, const std::string& bytes) {
  fs::create_directories(path.parent_path());
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  out.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
  if (!out) throw std::runtime_error("cannot write " + path.string());
}

std::string file_bytes(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw std::runtime_error("cannot read " + path.string());
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

namespace {

// Walks by hand: the standard recursive iterator stats symlinks while
// deciding whether to descend, and a symlink loop makes that throw.
void snapshot_into(const fs::path& root, const fs::path& dir,
                   std::map<std::string, std::string>& out) {
  for (const auto& entry : fs::directory_iterator(dir)) {
    const auto status = entry.symlink_status();
    // Not fs::relative: it canonicalizes, following the links under test.
    const std::string relative = entry.path().string().substr(root.string().size() + 1);
    if (fs::is_symlink(status)) {
      out[relative] = "symlink:" + fs::read_symlink(entry.path()).string();
    } else if (fs::is_directory(status)) {
      out[relative] = "directory";
      snapshot_into(root, entry.path(), out);
    } else if (fs::is_regular_file(status)) {
      out[relative] = "file:" + file_bytes(entry.path());
    } else {
      out[relative] = "other";
    }
  }
}

}  // namespace

std::map<std::string, std::string> snapshot(const fs::path& root) {
  std::map<std::string, std::string> out;
  snapshot_into(root, root, out);
  return out;
}

}  // namespace toolhost::workspace_test
