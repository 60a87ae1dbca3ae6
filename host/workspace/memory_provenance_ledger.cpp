#include "workspace/memory_provenance_ledger.hpp"

namespace toolhost::workspace {

ProvenanceLookup MemoryProvenanceLedger::lookup(std::string_view path) {
  std::lock_guard lock(mutex_);
  const auto it = records_.find(path);
  return {WorkspaceStatus::ok, it == records_.end() ? Provenance::unknown : it->second};
}

WorkspaceStatus MemoryProvenanceLedger::record_tool_write(std::string_view path) {
  std::lock_guard lock(mutex_);
  auto [it, inserted] = records_.try_emplace(std::string(path), Provenance::tool_written);
  if (!inserted && it->second != Provenance::sandbox_written) it->second = Provenance::tool_written;
  return WorkspaceStatus::ok;
}

WorkspaceStatus MemoryProvenanceLedger::record_sandbox_write(std::string_view path) {
  std::lock_guard lock(mutex_);
  records_.insert_or_assign(std::string(path), Provenance::sandbox_written);
  return WorkspaceStatus::ok;
}

WorkspaceStatus MemoryProvenanceLedger::forget_all() {
  std::lock_guard lock(mutex_);
  records_.clear();
  return WorkspaceStatus::ok;
}

}  // namespace toolhost::workspace
