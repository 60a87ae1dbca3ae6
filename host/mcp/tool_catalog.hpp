// The session's view of the backend's tools: sorted, addressable by the name
// the client sees, built once per session (a session's catalog does not move).
#pragma once

#include "mcp/backend.hpp"

#include <string>
#include <string_view>
#include <vector>

namespace toolhost::mcp {

struct CatalogEntry {
  std::string exposed_name;  // what tools/list shows and tools/call accepts
  ToolDescriptor descriptor;
};

class ToolCatalog {
 public:
  ToolCatalog() = default;
  // Sorted by exposed name. A tool whose exposed name collides with another's
  // is left out together with every tool it collides with (fail closed: a
  // call must never reach a tool the client did not mean); with map_names a
  // name outside the portable grammar is left out too. Each exclusion is
  // described in refusals().
  static ToolCatalog build(std::vector<ToolDescriptor> tools, bool map_names);

  const CatalogEntry* find(std::string_view exposed_name) const;
  const std::vector<CatalogEntry>& entries() const { return entries_; }
  const std::vector<std::string>& refusals() const { return refusals_; }

 private:
  std::vector<CatalogEntry> entries_;
  std::vector<std::string> refusals_;
};

}  // namespace toolhost::mcp
