#include "workspace/beneath_open.hpp"

#include <linux/openat2.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <cerrno>

namespace toolhost::workspace {

FileDescriptor& FileDescriptor::operator=(FileDescriptor&& other) noexcept {
  if (this != &other) {
    if (fd_ >= 0) ::close(fd_);
    fd_ = std::exchange(other.fd_, -1);
  }
  return *this;
}

FileDescriptor::~FileDescriptor() {
  if (fd_ >= 0) ::close(fd_);
}

FileDescriptor open_beneath(int dir_fd, const char* path, uint64_t flags, uint64_t mode) {
  open_how how{};
  how.flags = flags;
  how.mode = mode;
  how.resolve = RESOLVE_BENEATH | RESOLVE_NO_SYMLINKS | RESOLVE_NO_MAGICLINKS;
  // EAGAIN: the kernel could not rule out a concurrent rename racing the
  // walk; the documented answer is to try again.
  for (int attempt = 0; attempt < 16; ++attempt) {
    const long fd = ::syscall(SYS_openat2, dir_fd, path, &how, sizeof how);
    if (fd >= 0) return FileDescriptor(static_cast<int>(fd));
    if (errno != EINTR && errno != EAGAIN) break;
  }
  return FileDescriptor();
}

WorkspaceStatus status_of_errno(int error) {
  switch (error) {
    case ENOENT:
    case ENOTDIR:
    case ENAMETOOLONG:
      return WorkspaceStatus::no_such_path;
    case ELOOP:
    case EXDEV:
      return WorkspaceStatus::escape;
    case EISDIR:
    case ENXIO:  // a socket, or a device with nothing behind it
      return WorkspaceStatus::not_a_file;
    default:
      return WorkspaceStatus::io_error;
  }
}

}  // namespace toolhost::workspace
