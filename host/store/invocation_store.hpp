// Durable invocation records. Every call of every repository method is its own
// transaction: when it returns ok, the row is committed (see docs/storage.md
// for what "committed" survives under each Durability).
#pragma once

#include "store/database.hpp"
#include "store/id_generator.hpp"
#include "store/invocation.hpp"
#include "store/store_result.hpp"

#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace toolhost::store {

class InvocationStore {
 public:
  InvocationStore(Database& db, IdGenerator& ids);

  // A call about to run: status running, started_at_us = created_at_us.
  // Returns the new invocation id.
  StoreResult<std::string> insert_running(const NewInvocation& invocation);
  // The same for a batch, several rows per statement (a statement's fixed
  // cost is most of a small row's). Returns the ids, with their rowids, in
  // the order given. Meant to run inside the caller's transaction: on
  // failure some rows may be written, and the caller rolls them back.
  StoreResult<std::vector<WrittenInvocation>> insert_running_many(
      std::span<const NewInvocation* const> invocations);
  // A call paused for approval, with its validated arguments. Returns its id.
  StoreResult<std::string> insert_awaiting_approval(const NewInvocation& invocation);
  // A call that ended before it ran (refused by validation or policy): one
  // row, already succeeded/failed. Returns its id.
  StoreResult<std::string> insert_completed(const NewInvocation& invocation,
                                            const InvocationOutcome& outcome);

  // running -> succeeded | failed. wrong_state for any other status (a call
  // completes once), not_found for an unknown id. `rowid` (from
  // insert_running_many) finds the row without the id index; the row must
  // still carry `id`, else the id decides.
  StoreStatus complete(std::string_view id, const InvocationOutcome& outcome, int64_t rowid = 0);

  // awaiting_approval -> running in one transaction, recording approved_at_us
  // and started_at_us = now_us. Exactly one caller ever succeeds, across
  // threads, connections and processes; every later call gets wrong_state.
  // Returns the row as it now stands, for the caller to run.
  StoreResult<Invocation> claim_for_approval(std::string_view id, int64_t now_us);

  // awaiting_approval -> denied, with failure kind APPROVAL_DENIED and reason
  // tool.approval_denied.denied. wrong_state when no longer awaiting.
  StoreStatus deny(std::string_view id, int64_t now_us);

  StoreResult<Invocation> get(std::string_view id);
  // Oldest first (created_at_us, then id).
  StoreResult<std::vector<Invocation>> list_awaiting_approval();

 private:
  StoreStatus insert_with_id(const NewInvocation& invocation, InvocationStatus status,
                             std::string_view id);
  StoreResult<std::string> insert(const NewInvocation& invocation, InvocationStatus status);

  Database& db_;
  IdGenerator& ids_;
  // The statements every call runs (see Database::StatementSlot).
  Database::StatementSlot insert_running_32_, insert_running_8_, complete_by_rowid_,
      complete_by_id_;
};

}  // namespace toolhost::store
