#include "mcp/tool_catalog.hpp"

#include "mcp/tool_names.hpp"

#include <algorithm>
#include <map>

namespace toolhost::mcp {

ToolCatalog ToolCatalog::build(std::vector<ToolDescriptor> tools, bool map_names) {
  ToolCatalog catalog;
  std::map<std::string, std::vector<ToolDescriptor>> by_exposed;
  for (auto& tool : tools) {
    std::string exposed = exposed_tool_name(tool.name, map_names);
    if (map_names && !is_portable_tool_name(exposed)) {
      catalog.refusals_.push_back("tool " + tool.name + " left out: mapped name " + exposed +
                                  " does not match ^[a-zA-Z0-9_-]{1,64}$");
      continue;
    }
    by_exposed[std::move(exposed)].push_back(std::move(tool));
  }
  for (auto& [exposed, group] : by_exposed) {
    if (group.size() > 1) {
      std::string names;
      for (const auto& tool : group) names += (names.empty() ? "" : ", ") + tool.name;
      catalog.refusals_.push_back("tools " + names + " left out: they share the MCP name " +
                                  exposed);
      continue;
    }
    catalog.entries_.push_back(CatalogEntry{exposed, std::move(group.front())});
  }
  return catalog;  // std::map iteration already sorted the entries
}

const CatalogEntry* ToolCatalog::find(std::string_view exposed_name) const {
  auto it = std::lower_bound(
      entries_.begin(), entries_.end(), exposed_name,
      [](const CatalogEntry& entry, std::string_view name) { return entry.exposed_name < name; });
  if (it == entries_.end() || it->exposed_name != exposed_name) return nullptr;
  return &*it;
}

}  // namespace toolhost::mcp
