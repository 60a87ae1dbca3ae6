#include "isolation/refusal_memory.hpp"

#include <sys/stat.h>

#include <boost/json.hpp>
#include <filesystem>
#include <fstream>
#include <sstream>

namespace toolhost::isolation {

namespace json = boost::json;

std::optional<FileIdentity> identity_of(const std::string& path) {
  struct stat st {};
  if (::stat(path.c_str(), &st) != 0) return std::nullopt;
  return FileIdentity{static_cast<uint64_t>(st.st_size),
                      static_cast<int64_t>(st.st_mtim.tv_sec) * 1000000000 + st.st_mtim.tv_nsec,
                      static_cast<uint64_t>(st.st_ino)};
}

RefusalMemory::RefusalMemory(std::string file) : file_(std::move(file)) {
  if (file_.empty()) return;
  std::ifstream in(file_);
  if (!in) return;
  std::stringstream text;
  text << in.rdbuf();
  json::error_code ec;
  auto doc = json::parse(text.str(), ec);
  // A damaged memory is only a cache: start afresh rather than refuse to start.
  if (ec || !doc.is_object()) return;
  const auto* list = doc.as_object().if_contains("refused");
  if (!list || !list->is_array()) return;
  for (const auto& v : list->as_array()) {
    const auto* o = v.if_object();
    if (!o) continue;
    try {
      Entry e;
      e.identity.size = json::value_to<uint64_t>(o->at("size"));
      e.identity.mtime_ns = json::value_to<int64_t>(o->at("mtime_ns"));
      e.identity.inode = json::value_to<uint64_t>(o->at("inode"));
      e.cause = json::value_to<std::string>(o->at("cause"));
      entries_[json::value_to<std::string>(o->at("path"))] = std::move(e);
    } catch (const std::exception&) {
      continue;
    }
  }
}

std::optional<std::string> RefusalMemory::refused(const std::string& path) const {
  auto it = entries_.find(path);
  if (it == entries_.end()) return std::nullopt;
  auto now = identity_of(path);
  if (!now || !(*now == it->second.identity)) return std::nullopt;
  return it->second.cause;
}

void RefusalMemory::remember(const std::string& path, const std::string& cause) {
  auto id = identity_of(path);
  if (!id) return;
  entries_[path] = Entry{*id, cause};
  save();
}

void RefusalMemory::forget(const std::string& path) {
  if (entries_.erase(path) > 0) save();
}

void RefusalMemory::save() const {
  if (file_.empty()) return;
  json::array list;
  for (const auto& [path, e] : entries_) {
    list.push_back(json::object{{"path", path},
                                {"size", e.identity.size},
                                {"mtime_ns", e.identity.mtime_ns},
                                {"inode", e.identity.inode},
                                {"cause", e.cause}});
  }
  std::error_code ec;
  std::filesystem::create_directories(std::filesystem::path(file_).parent_path(), ec);
  // Write then rename, so a crash mid-write never leaves half a file.
  std::string tmp = file_ + ".tmp";
  {
    std::ofstream out(tmp, std::ios::trunc);
    out << json::serialize(json::object{{"refused", std::move(list)}}) << "\n";
    if (!out) return;
  }
  std::filesystem::rename(tmp, file_, ec);
}

}  // namespace toolhost::isolation
