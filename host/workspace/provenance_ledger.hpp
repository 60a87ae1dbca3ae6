// Where a workspace remembers who wrote each path. The handle records into
// it in the same operation that writes the bytes; nothing else decides trust.
#pragma once

#include "workspace/workspace_status.hpp"

#include <string_view>

namespace toolhost::workspace {

struct ProvenanceLookup {
  WorkspaceStatus status = WorkspaceStatus::ok;
  Provenance provenance = Provenance::unknown;
};

// Keys are canonical workspace paths (see relative_path.hpp). Implementations
// are safe to call from several threads.
class ProvenanceLedger {
 public:
  virtual ~ProvenanceLedger() = default;

  virtual ProvenanceLookup lookup(std::string_view path) = 0;
  // TOOL_WRITTEN, unless the path is SANDBOX_WRITTEN: bytes code we did not
  // write produced are never laundered by a later write through a tool.
  virtual WorkspaceStatus record_tool_write(std::string_view path) = 0;
  // SANDBOX_WRITTEN, whatever was recorded before.
  virtual WorkspaceStatus record_sandbox_write(std::string_view path) = 0;
  // Drops every record of this workspace; called when the workspace itself
  // is discarded, because provenance must not outlive the bytes it describes.
  virtual WorkspaceStatus forget_all() = 0;
};

}  // namespace toolhost::workspace
