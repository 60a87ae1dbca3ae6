#include "sandbox/workspace_snapshot.hpp"

#include <dirent.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <deque>

#include "workspace/beneath_open.hpp"
#include "workspace/relative_path.hpp"

namespace toolhost::sandbox {

namespace {

int64_t nanoseconds(const timespec& t) {
  return static_cast<int64_t>(t.tv_sec) * 1000000000 + t.tv_nsec;
}

EntryStamp stamp_of(const struct stat& st) {
  EntryStamp s;
  s.directory = S_ISDIR(st.st_mode);
  s.inode = st.st_ino;
  s.size = s.directory ? 0 : st.st_size;
  s.mtime_ns = nanoseconds(st.st_mtim);
  s.ctime_ns = nanoseconds(st.st_ctim);
  return s;
}

}  // namespace

WorkspaceSnapshot snapshot_workspace(int root_fd) {
  WorkspaceSnapshot snapshot;
  std::deque<std::string> pending{""};
  while (!pending.empty()) {
    std::string dir_path = std::move(pending.front());
    pending.pop_front();
    workspace::FileDescriptor dir = workspace::open_beneath(
        root_fd, dir_path.empty() ? "." : dir_path.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (!dir.valid()) continue;
    // fdopendir takes ownership of its own duplicate; `dir` keeps ours.
    int listing_fd = ::fcntl(dir.get(), F_DUPFD_CLOEXEC, 0);
    DIR* listing = listing_fd >= 0 ? ::fdopendir(listing_fd) : nullptr;
    if (!listing) {
      if (listing_fd >= 0) ::close(listing_fd);
      continue;
    }
    while (const dirent* entry = ::readdir(listing)) {
      std::string_view name = entry->d_name;
      if (name == "." || name == "..") continue;
      std::string path = dir_path.empty() ? std::string(name) : dir_path + "/" + std::string(name);
      if (workspace::check_relative_path(path) != workspace::WorkspaceStatus::ok) continue;
      struct stat st {};
      if (::fstatat(dir.get(), entry->d_name, &st, AT_SYMLINK_NOFOLLOW) != 0) continue;
      if (!S_ISREG(st.st_mode) && !S_ISDIR(st.st_mode)) continue;
      snapshot[path] = stamp_of(st);
      if (S_ISDIR(st.st_mode)) pending.push_back(std::move(path));
    }
    ::closedir(listing);
  }
  return snapshot;
}

std::vector<std::string> written_paths(const WorkspaceSnapshot& before,
                                       const WorkspaceSnapshot& after) {
  std::vector<std::string> out;
  for (const auto& [path, stamp] : after) {
    auto it = before.find(path);
    bool is_new = it == before.end() || it->second.directory != stamp.directory ||
                  it->second.inode != stamp.inode;
    if (is_new || (!stamp.directory && it->second != stamp)) out.push_back(path);
  }
  return out;
}

}  // namespace toolhost::sandbox
