#include "workspace/relative_path.hpp"

#include <unicode/utf8.h>

#include <climits>
#include <cstdint>

namespace toolhost::workspace {
namespace {

bool is_valid_utf8(std::string_view s) {
  const auto* bytes = reinterpret_cast<const uint8_t*>(s.data());
  const auto length = static_cast<int32_t>(s.size());
  for (int32_t i = 0; i < length;) {
    UChar32 c;
    U8_NEXT(bytes, i, length, c);
    if (c < 0) return false;
  }
  return true;
}

bool is_refused_segment(std::string_view segment) {
  return segment.empty() || segment == "." || segment == "..";
}

}  // namespace

WorkspaceStatus check_relative_path(std::string_view path) {
  if (path.empty()) return WorkspaceStatus::ok;
  if (path.size() > INT32_MAX) return WorkspaceStatus::escape;
  if (path.front() == '/') return WorkspaceStatus::escape;
  if (path.find('\0') != std::string_view::npos) return WorkspaceStatus::escape;
  if (path.find('\\') != std::string_view::npos) return WorkspaceStatus::escape;
  if (!is_valid_utf8(path)) return WorkspaceStatus::escape;
  size_t start = 0;
  while (true) {
    const size_t slash = path.find('/', start);
    const auto segment =
        path.substr(start, slash == std::string_view::npos ? path.npos : slash - start);
    if (is_refused_segment(segment)) return WorkspaceStatus::escape;
    if (slash == std::string_view::npos) break;
    start = slash + 1;
  }
  // Longer than the kernel resolves: such a path cannot exist. Checked
  // here so a write cannot build a tree deeper than a read can reach.
  if (path.size() >= PATH_MAX) return WorkspaceStatus::no_such_path;
  return WorkspaceStatus::ok;
}

bool is_addressable_name(std::string_view name) {
  return !name.empty() && name.find('/') == std::string_view::npos &&
         check_relative_path(name) == WorkspaceStatus::ok;
}

}  // namespace toolhost::workspace
