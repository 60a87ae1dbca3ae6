// Plugins refused at startup because loading them in a child failed (crash,
// hang, load error), remembered by file identity — path, size, mtime, inode —
// so an unchanged broken plugin is refused again without being run again, and
// a rebuilt one is tried afresh. Like GStreamer's registry remembering
// plugins that crashed its scanner.
#pragma once

#include <map>
#include <optional>
#include <string>

namespace toolhost::isolation {

struct FileIdentity {
  uint64_t size = 0;
  int64_t mtime_ns = 0;
  uint64_t inode = 0;
  bool operator==(const FileIdentity&) const = default;
};

std::optional<FileIdentity> identity_of(const std::string& path);

class RefusalMemory {
 public:
  // Backed by `file` (JSON); an empty path keeps the memory for this process only.
  explicit RefusalMemory(std::string file);

  // The remembered cause when `path` was refused and has not changed since.
  std::optional<std::string> refused(const std::string& path) const;
  void remember(const std::string& path, const std::string& cause);
  // A plugin that now loads is forgotten.
  void forget(const std::string& path);

 private:
  void save() const;
  struct Entry {
    FileIdentity identity;
    std::string cause;
  };
  std::string file_;
  std::map<std::string, Entry> entries_;
};

}  // namespace toolhost::isolation
