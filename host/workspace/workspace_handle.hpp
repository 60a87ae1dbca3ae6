// WorkspaceHandle: the only code that touches a workspace directory.
//
// Containment is two layers, both in this library. First a lexical check
// (relative_path.hpp) refuses any path string that is not canonical. Then
// every open walks from the root's directory fd with openat2 and
// RESOLVE_BENEATH | RESOLVE_NO_SYMLINKS | RESOLVE_NO_MAGICLINKS
// (beneath_open.hpp), so a symbolic link anywhere in a path, or a resolution
// that would leave the root, is refused by the kernel and cannot be raced.
//
// Provenance: write() records TOOL_WRITTEN for the file (and for each
// directory it had to create) in the same call that renames the bytes into
// place; reads never record anything.
#pragma once

#include "workspace/beneath_open.hpp"
#include "workspace/provenance_ledger.hpp"
#include "workspace/workspace_status.hpp"

#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

namespace toolhost::workspace {

inline constexpr size_t kDefaultChunkSize = 64 * 1024;

// Receives the next chunk of a file; returns false to stop reading.
using ChunkCallback = std::function<bool(std::string_view chunk)>;

struct ReadOutcome {
  WorkspaceStatus status = WorkspaceStatus::ok;
  uint64_t byte_count = 0;  // bytes handed to the callback
};

struct WriteOutcome {
  WorkspaceStatus status = WorkspaceStatus::ok;
  bool created = false;  // the path did not exist before the write
  uint64_t byte_count = 0;
};

enum class EntryKind { file, directory };

struct ListEntry {
  std::string path;  // relative to the workspace root, canonical
  EntryKind kind = EntryKind::file;
  uint64_t byte_count = 0;  // 0 for a directory

  friend bool operator==(const ListEntry&, const ListEntry&) = default;
};

struct ListOutcome {
  WorkspaceStatus status = WorkspaceStatus::ok;
  std::vector<ListEntry> entries;  // bytewise ascending on `path`
  bool truncated = false;          // more entries followed the last one
};

class WorkspaceHandle;

struct OpenedWorkspace {
  std::unique_ptr<WorkspaceHandle> handle;  // null on failure
  std::string error;
};

class WorkspaceHandle {
 public:
  // Binds a handle to an existing directory. `root_dir` is the only path this
  // library ever resolves the ordinary way; everything after is relative to
  // the fd kept here.
  static OpenedWorkspace open_root(const std::string& root_dir,
                                   std::unique_ptr<ProvenanceLedger> ledger);

  // Streams a regular file to `on_chunk` in chunks of at most `chunk_size`
  // bytes. `stopped` when the callback returned false.
  ReadOutcome read(std::string_view path, const ChunkCallback& on_chunk,
                   size_t chunk_size = kDefaultChunkSize) const;

  // Creates or replaces a regular file with exactly `bytes`, atomically:
  // a temporary file in the same directory is renamed over the target, so a
  // reader sees the old bytes or the new, never a mix. Missing parent
  // directories are created (the workspace offers no other way to make one).
  // An existing file keeps its permission bits.
  WriteOutcome write(std::string_view path, std::string_view bytes);

  // The regular files and directories under `path` ("" is the root),
  // recursively or not, bytewise ascending on the full relative path, at
  // most `max_entries` of them (the tail is dropped). Symbolic links are
  // neither followed nor listed; neither are other file types, nor names a
  // later call could not address (non-UTF-8, or containing a backslash).
  ListOutcome list(std::string_view path, bool recursive, size_t max_entries) const;

  // What the ledger knows about `path`. A lexically refused path is `escape`.
  ProvenanceLookup provenance(std::string_view path) const;

  // For the sandbox: the bytes at `path` came from code we did not write.
  // Overrides TOOL_WRITTEN, and no later tool write turns it back.
  WorkspaceStatus record_sandbox_write(std::string_view path);

  // Forgets every provenance record; the owner calls it when it discards the
  // workspace directory.
  WorkspaceStatus forget_provenance();

  const std::string& root_path() const { return root_path_; }
  int root_fd() const { return root_.get(); }

 private:
  WorkspaceHandle(std::string root_path, FileDescriptor root,
                  std::unique_ptr<ProvenanceLedger> ledger);

  struct ParentDirectory;
  WorkspaceStatus open_parent_creating(std::string_view path, ParentDirectory& out);

  std::string root_path_;
  FileDescriptor root_;
  std::unique_ptr<ProvenanceLedger> ledger_;
};

}  // namespace toolhost::workspace
