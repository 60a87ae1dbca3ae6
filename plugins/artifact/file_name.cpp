#include "file_name.hpp"

namespace toolhost::artifact_plugin {

bool is_bare_file_name(std::string_view name) {
  if (name.empty() || name.size() > kMaxFileNameBytes) return false;
  if (name == "." || name == "..") return false;
  // A backslash is a separator to half the readers of the name; refuse it too.
  return name.find_first_of(std::string_view("/\\\0", 3)) == std::string_view::npos;
}

std::string_view last_path_segment(std::string_view path) {
  while (!path.empty() && path.back() == '/') path.remove_suffix(1);
  const auto slash = path.rfind('/');
  return slash == std::string_view::npos ? path : path.substr(slash + 1);
}

}  // namespace toolhost::artifact_plugin
