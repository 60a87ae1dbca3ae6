#include "mcp/tool_names.hpp"

namespace toolhost::mcp {

std::string exposed_tool_name(std::string_view toolhost_name, bool map_names) {
  std::string name(toolhost_name);
  if (map_names) {
    for (char& c : name) {
      if (c == '.') c = '_';
    }
  }
  return name;
}

bool is_portable_tool_name(std::string_view name) {
  if (name.empty() || name.size() > 64) return false;
  for (char c : name) {
    const bool ok = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
                    c == '_' || c == '-';
    if (!ok) return false;
  }
  return true;
}

}  // namespace toolhost::mcp
