#include "workspace/workspace_handle.hpp"

#include "workspace/relative_path.hpp"

#include <fcntl.h>
#include <sys/random.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <string>

namespace toolhost::workspace {
namespace {

constexpr uint64_t kDirectoryLookup = O_PATH | O_DIRECTORY | O_CLOEXEC;

std::string_view last_segment(std::string_view path) {
  const size_t slash = path.rfind('/');
  return slash == std::string_view::npos ? path : path.substr(slash + 1);
}

// A name no canonical path check can tell from a user's file, but random
// enough that two writers never pick the same one.
std::string temporary_name() {
  unsigned char random[8] = {};
  if (getrandom(random, sizeof random, 0) != static_cast<ssize_t>(sizeof random)) {
    static thread_local unsigned long counter = 0;
    const unsigned long fallback = (static_cast<unsigned long>(getpid()) << 32) ^ ++counter;
    for (size_t i = 0; i < sizeof random; ++i)
      random[i] = static_cast<unsigned char>(fallback >> (8 * i));
  }
  static constexpr char kHex[] = "0123456789abcdef";
  std::string name = ".toolhost-write-";
  for (unsigned char byte : random) {
    name += kHex[byte >> 4];
    name += kHex[byte & 0xF];
  }
  return name;
}

bool write_all(int fd, std::string_view bytes) {
  while (!bytes.empty()) {
    const ssize_t n = ::write(fd, bytes.data(), bytes.size());
    if (n < 0) {
      if (errno == EINTR) continue;
      return false;
    }
    bytes.remove_prefix(static_cast<size_t>(n));
  }
  return true;
}

}  // namespace

struct WorkspaceHandle::ParentDirectory {
  FileDescriptor fd;
  std::string name;  // the last segment, inside `fd`
};

WorkspaceHandle::WorkspaceHandle(std::string root_path, FileDescriptor root,
                                 std::unique_ptr<ProvenanceLedger> ledger)
    : root_path_(std::move(root_path)), root_(std::move(root)), ledger_(std::move(ledger)) {}

OpenedWorkspace WorkspaceHandle::open_root(const std::string& root_dir,
                                           std::unique_ptr<ProvenanceLedger> ledger) {
  if (!ledger) return {nullptr, "no provenance ledger"};
  FileDescriptor root(::open(root_dir.c_str(), O_PATH | O_DIRECTORY | O_CLOEXEC));
  if (!root.valid()) return {nullptr, root_dir + ": " + std::strerror(errno)};
  return {std::unique_ptr<WorkspaceHandle>(
              new WorkspaceHandle(root_dir, std::move(root), std::move(ledger))),
          {}};
}

ReadOutcome WorkspaceHandle::read(std::string_view path, const ChunkCallback& on_chunk,
                                  size_t chunk_size) const {
  if (const auto status = check_relative_path(path); status != WorkspaceStatus::ok)
    return {status, 0};
  if (path.empty()) return {WorkspaceStatus::not_a_file, 0};  // the root is a directory
  const std::string target(path);
  // O_NONBLOCK so a FIFO cannot hang the open; it is refused below.
  const FileDescriptor fd =
      open_beneath(root_.get(), target.c_str(), O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC);
  if (!fd.valid()) return {status_of_errno(errno), 0};
  struct stat info {};
  if (::fstat(fd.get(), &info) != 0) return {WorkspaceStatus::io_error, 0};
  if (!S_ISREG(info.st_mode)) return {WorkspaceStatus::not_a_file, 0};

  chunk_size = chunk_size == 0 ? kDefaultChunkSize : chunk_size;
  const auto buffer = std::make_unique_for_overwrite<char[]>(chunk_size);
  ReadOutcome outcome;
  while (true) {
    const ssize_t n = ::read(fd.get(), buffer.get(), chunk_size);
    if (n < 0) {
      if (errno == EINTR) continue;
      outcome.status = WorkspaceStatus::io_error;
      return outcome;
    }
    if (n == 0) return outcome;
    outcome.byte_count += static_cast<uint64_t>(n);
    if (!on_chunk(std::string_view(buffer.get(), static_cast<size_t>(n)))) {
      outcome.status = WorkspaceStatus::stopped;
      return outcome;
    }
  }
}

WorkspaceStatus WorkspaceHandle::open_parent_creating(std::string_view path, ParentDirectory& out) {
  FileDescriptor current = open_beneath(root_.get(), ".", kDirectoryLookup);
  if (!current.valid()) return WorkspaceStatus::io_error;
  size_t start = 0;
  for (size_t slash = path.find('/'); slash != std::string_view::npos;
       start = slash + 1, slash = path.find('/', start)) {
    const std::string segment(path.substr(start, slash - start));
    FileDescriptor next = open_beneath(current.get(), segment.c_str(), kDirectoryLookup);
    if (!next.valid() && errno == ENOENT) {
      if (::mkdirat(current.get(), segment.c_str(), 0777) == 0) {
        // The tool named this directory, so its name is the tool's.
        if (ledger_->record_tool_write(path.substr(0, slash)) != WorkspaceStatus::ok)
          return WorkspaceStatus::io_error;
      } else if (errno != EEXIST) {
        return status_of_errno(errno);
      }
      next = open_beneath(current.get(), segment.c_str(), kDirectoryLookup);
    }
    if (!next.valid()) return status_of_errno(errno);
    current = std::move(next);
  }
  out.fd = std::move(current);
  out.name = std::string(last_segment(path));
  return WorkspaceStatus::ok;
}

WriteOutcome WorkspaceHandle::write(std::string_view path, std::string_view bytes) {
  if (const auto status = check_relative_path(path); status != WorkspaceStatus::ok)
    return {status, false, 0};
  if (path.empty()) return {WorkspaceStatus::not_a_file, false, 0};
  ParentDirectory parent;
  if (const auto status = open_parent_creating(path, parent); status != WorkspaceStatus::ok)
    return {status, false, 0};
  const int dir = parent.fd.get();
  const char* name = parent.name.c_str();

  struct stat existing {};
  bool exists = true;
  if (::fstatat(dir, name, &existing, AT_SYMLINK_NOFOLLOW) != 0) {
    if (errno != ENOENT) return {status_of_errno(errno), false, 0};
    exists = false;
  } else if (S_ISLNK(existing.st_mode)) {
    return {WorkspaceStatus::escape, false, 0};
  } else if (!S_ISREG(existing.st_mode)) {
    return {WorkspaceStatus::not_a_file, false, 0};
  }

  std::string temporary;
  FileDescriptor file;
  for (int attempt = 0; attempt < 8 && !file.valid(); ++attempt) {
    temporary = temporary_name();
    file = open_beneath(dir, temporary.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0666);
    if (!file.valid() && errno != EEXIST) return {status_of_errno(errno), false, 0};
  }
  if (!file.valid()) return {WorkspaceStatus::io_error, false, 0};
  const auto discard = [&](WorkspaceStatus status) {
    ::unlinkat(dir, temporary.c_str(), 0);
    return WriteOutcome{status, false, 0};
  };
  if (!write_all(file.get(), bytes)) return discard(WorkspaceStatus::io_error);
  if (exists && ::fchmod(file.get(), existing.st_mode & 07777) != 0)
    return discard(WorkspaceStatus::io_error);

  // NOREPLACE makes `created` exact even when someone else creates the path
  // between the stat and the rename.
  bool created = false;
  if (!exists) {
    if (::renameat2(dir, temporary.c_str(), dir, name, RENAME_NOREPLACE) == 0) {
      created = true;
    } else if (errno != EEXIST) {
      return discard(status_of_errno(errno));
    }
  }
  if (!created && ::renameat(dir, temporary.c_str(), dir, name) != 0)
    return discard(status_of_errno(errno));

  // Recorded after the rename: if recording fails the file stays UNKNOWN,
  // which errs towards distrust; recording first could launder bytes a
  // failed rename left in place.
  if (ledger_->record_tool_write(path) != WorkspaceStatus::ok)
    return {WorkspaceStatus::io_error, created, 0};
  return {WorkspaceStatus::ok, created, bytes.size()};
}

ProvenanceLookup WorkspaceHandle::provenance(std::string_view path) const {
  if (const auto status = check_relative_path(path); status != WorkspaceStatus::ok)
    return {status, Provenance::unknown};
  if (path.empty()) return {WorkspaceStatus::ok, Provenance::unknown};
  return ledger_->lookup(path);
}

WorkspaceStatus WorkspaceHandle::record_sandbox_write(std::string_view path) {
  if (const auto status = check_relative_path(path); status != WorkspaceStatus::ok) return status;
  if (path.empty()) return WorkspaceStatus::not_a_file;
  return ledger_->record_sandbox_write(path);
}

WorkspaceStatus WorkspaceHandle::forget_provenance() {
  return ledger_->forget_all();
}

}  // namespace toolhost::workspace
