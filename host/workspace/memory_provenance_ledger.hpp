// A ledger that lives as long as the process: enough for a workspace that
// lives no longer than one host run.
#pragma once

#include "workspace/provenance_ledger.hpp"

#include <map>
#include <mutex>
#include <string>

namespace toolhost::workspace {

class MemoryProvenanceLedger final : public ProvenanceLedger {
 public:
  ProvenanceLookup lookup(std::string_view path) override;
  WorkspaceStatus record_tool_write(std::string_view path) override;
  WorkspaceStatus record_sandbox_write(std::string_view path) override;
  WorkspaceStatus forget_all() override;

 private:
  std::mutex mutex_;
  std::map<std::string, Provenance, std::less<>> records_;
};

}  // namespace toolhost::workspace
