// WorkspaceHandle::list. Entries are produced in global bytewise order of
// their full relative path, lazily: a min-heap holds the entries seen but
// not yet emitted, and a directory's children are read only when the
// directory itself is emitted. Every child sorts after its parent, so each
// pop is the smallest entry left, and the walk stops one entry past the
// limit instead of reading the whole tree.
#include "workspace/relative_path.hpp"
#include "workspace/workspace_handle.hpp"

#include <dirent.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <functional>
#include <queue>
#include <string>

namespace toolhost::workspace {
namespace {

struct DirectoryStream {
  DIR* dir = nullptr;
  ~DirectoryStream() {
    if (dir) ::closedir(dir);
  }
};

std::string join(std::string_view prefix, std::string_view name) {
  std::string path;
  path.reserve(prefix.size() + 1 + name.size());
  if (!prefix.empty()) {
    path.append(prefix);
    path.push_back('/');
  }
  path.append(name);
  return path;
}

// Appends the listable children of the open directory `dir_fd`, with paths
// under `prefix`. Symbolic links and special files are skipped without
// being followed (fstatat with AT_SYMLINK_NOFOLLOW on a single name).
WorkspaceStatus read_children(int dir_fd, std::string_view prefix, std::vector<ListEntry>& out) {
  const int stream_fd = ::fcntl(dir_fd, F_DUPFD_CLOEXEC, 0);
  if (stream_fd < 0) return WorkspaceStatus::io_error;
  DirectoryStream stream{::fdopendir(stream_fd)};
  if (!stream.dir) {
    ::close(stream_fd);
    return WorkspaceStatus::io_error;
  }
  while (true) {
    errno = 0;
    const dirent* entry = ::readdir(stream.dir);
    if (!entry) return errno == 0 ? WorkspaceStatus::ok : WorkspaceStatus::io_error;
    const std::string_view name = entry->d_name;
    if (name == "." || name == ".." || !is_addressable_name(name)) continue;
    struct stat info {};
    if (::fstatat(::dirfd(stream.dir), entry->d_name, &info, AT_SYMLINK_NOFOLLOW) != 0)
      continue;  // removed since readdir saw it
    if (S_ISREG(info.st_mode)) {
      out.push_back({join(prefix, name), EntryKind::file, static_cast<uint64_t>(info.st_size)});
    } else if (S_ISDIR(info.st_mode)) {
      out.push_back({join(prefix, name), EntryKind::directory, 0});
    }
  }
}

struct PathGreater {
  // std::string compares through char_traits<char>, which orders as
  // unsigned char: bytewise.
  bool operator()(const ListEntry& a, const ListEntry& b) const { return a.path > b.path; }
};

}  // namespace

ListOutcome WorkspaceHandle::list(std::string_view path, bool recursive, size_t max_entries) const {
  ListOutcome outcome;
  if (const auto status = check_relative_path(path); status != WorkspaceStatus::ok) {
    outcome.status = status;
    return outcome;
  }
  const std::string target = path.empty() ? "." : std::string(path);
  const FileDescriptor located = open_beneath(root_.get(), target.c_str(), O_PATH | O_CLOEXEC);
  if (!located.valid()) {
    outcome.status = status_of_errno(errno);
    return outcome;
  }
  struct stat info {};
  if (::fstat(located.get(), &info) != 0) {
    outcome.status = WorkspaceStatus::io_error;
    return outcome;
  }
  if (!S_ISDIR(info.st_mode)) {
    outcome.status = WorkspaceStatus::not_a_directory;
    return outcome;
  }
  const FileDescriptor dir = open_beneath(located.get(), ".", O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (!dir.valid()) {
    outcome.status = status_of_errno(errno);
    return outcome;
  }

  std::vector<ListEntry> children;
  if (const auto status = read_children(dir.get(), path, children); status != WorkspaceStatus::ok) {
    outcome.status = status;
    return outcome;
  }
  std::priority_queue<ListEntry, std::vector<ListEntry>, PathGreater> pending(PathGreater{},
                                                                              std::move(children));
  while (!pending.empty()) {
    if (outcome.entries.size() == max_entries) {
      outcome.truncated = true;
      break;
    }
    outcome.entries.push_back(pending.top());
    pending.pop();
    const ListEntry& emitted = outcome.entries.back();
    if (!recursive || emitted.kind != EntryKind::directory) continue;
    // Opened again from the root, so the subdirectory is held to the same
    // containment as any other path. One that vanished or became a link
    // since it was listed is skipped.
    const FileDescriptor sub =
        open_beneath(root_.get(), emitted.path.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (!sub.valid()) continue;
    std::vector<ListEntry> grandchildren;
    if (const auto status = read_children(sub.get(), emitted.path, grandchildren);
        status != WorkspaceStatus::ok) {
      outcome.status = status;
      outcome.entries.clear();
      return outcome;
    }
    for (auto& entry : grandchildren) pending.push(std::move(entry));
  }
  return outcome;
}

}  // namespace toolhost::workspace
