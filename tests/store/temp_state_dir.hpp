// A fresh state directory per test, removed afterwards.
#pragma once

#include <cstdlib>
#include <filesystem>
#include <stdexcept>
#include <string>

namespace toolhost::testing {

class TempStateDir {
 public:
  TempStateDir() {
    std::string pattern =
        (std::filesystem::temp_directory_path() / "toolhost-test-XXXXXX").string();
    if (!::mkdtemp(pattern.data())) throw std::runtime_error("mkdtemp failed");
    path_ = pattern;
  }
  ~TempStateDir() {
    std::error_code ignored;
    std::filesystem::remove_all(path_, ignored);
  }
  TempStateDir(const TempStateDir&) = delete;
  TempStateDir& operator=(const TempStateDir&) = delete;

  const std::filesystem::path& path() const { return path_; }
  // The state directory itself is created by Database::open.
  std::filesystem::path state_dir() const { return path_ / "state"; }

 private:
  std::filesystem::path path_;
};

}  // namespace toolhost::testing
