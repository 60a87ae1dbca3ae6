// The kernel half of containment: every open of a workspace path goes
// through openat2 with RESOLVE_BENEATH | RESOLVE_NO_SYMLINKS |
// RESOLVE_NO_MAGICLINKS from a directory fd, so the kernel refuses any
// resolution that would leave that directory or cross a symbolic link, and
// no check can race a concurrent rename.
#pragma once

#include "workspace/workspace_status.hpp"

#include <cstdint>
#include <utility>

namespace toolhost::workspace {

// An owned file descriptor.
class FileDescriptor {
 public:
  FileDescriptor() = default;
  explicit FileDescriptor(int fd) : fd_(fd) {}
  FileDescriptor(FileDescriptor&& other) noexcept : fd_(std::exchange(other.fd_, -1)) {}
  FileDescriptor& operator=(FileDescriptor&& other) noexcept;
  FileDescriptor(const FileDescriptor&) = delete;
  FileDescriptor& operator=(const FileDescriptor&) = delete;
  ~FileDescriptor();

  int get() const { return fd_; }
  bool valid() const { return fd_ >= 0; }

 private:
  int fd_ = -1;
};

// openat2(dir_fd, path, {flags, mode, BENEATH|NO_SYMLINKS|NO_MAGICLINKS}).
// On failure the returned descriptor is invalid and errno is set.
FileDescriptor open_beneath(int dir_fd, const char* path, uint64_t flags, uint64_t mode = 0);

// How a failed open (or mkdirat/renameat) under the workspace is reported.
// ELOOP and EXDEV are the kernel refusing a symlink or an escape; ENOTDIR
// means a middle segment is a file, so the path cannot exist.
WorkspaceStatus status_of_errno(int error);

}  // namespace toolhost::workspace
