// What the workspace held before and after a sandboxed run, so every file
// the command created or modified can be recorded SANDBOX_WRITTEN.
//
// An entry is identified by its path and stamped with (inode, size,
// mtime_ns, ctime_ns). mtime alone could be set back with `touch -d`; ctime
// cannot be set from user space and changes on every write, so a command
// cannot hide a modification by restoring the old size and mtime.
#pragma once

#include <sys/types.h>

#include <cstdint>
#include <map>
#include <string>
#include <vector>

namespace toolhost::sandbox {

struct EntryStamp {
  bool directory = false;
  ino_t inode = 0;
  off_t size = 0;
  int64_t mtime_ns = 0;
  int64_t ctime_ns = 0;

  friend bool operator==(const EntryStamp&, const EntryStamp&) = default;
};

// Regular files and directories under the workspace, by canonical relative
// path. Symbolic links and other file types are not entered and not listed
// (no tool can read them); neither are names a tool could not address.
using WorkspaceSnapshot = std::map<std::string, EntryStamp>;

// Walks from the workspace root fd with openat2 beneath it, never following
// a link. Directories that vanish mid-walk are skipped.
WorkspaceSnapshot snapshot_workspace(int root_fd);

// Paths that are new in `after` or whose stamp differs, in path order.
// Directories count only when new (a directory's stamp changes whenever an
// entry is added or removed, which is recorded on the entry itself).
std::vector<std::string> written_paths(const WorkspaceSnapshot& before,
                                       const WorkspaceSnapshot& after);

}  // namespace toolhost::sandbox
