#include "store/invocation_store.hpp"

#include "store/guarded.hpp"
#include "store/statement.hpp"

namespace toolhost::store {
namespace {

constexpr std::string_view kSelectColumns =
    "SELECT id, session_id, tool, version, arguments_json, policy_decision, status, output_json, "
    "content, output_trust, failure_kind, reason_code, detail, created_at_us, started_at_us, "
    "finished_at_us, duration_us, approved_at_us FROM tool_invocations ";

Invocation read_row(const Statement& st) {
  Invocation row;
  row.id = st.column_text(0);
  row.session_id = st.column_text(1);
  row.tool = st.column_text(2);
  row.version = st.column_text(3);
  row.arguments_json = st.column_text(4);
  row.policy_decision = st.column_text(5);
  row.status = parse_invocation_status(st.column_text(6)).value_or(InvocationStatus::running);
  row.output_json = st.column_text(7);
  row.content = st.column_text(8);
  row.output_trust = st.column_text(9);
  row.failure_kind = st.column_text(10);
  row.reason_code = st.column_text(11);
  row.detail = st.column_text(12);
  row.created_at_us = st.column_int(13);
  row.started_at_us = st.column_optional_int(14);
  row.finished_at_us = st.column_optional_int(15);
  row.duration_us = st.column_optional_int(16);
  row.approved_at_us = st.column_optional_int(17);
  return row;
}

// Empty optional text is stored as NULL so "absent" reads the same in SQL.
void bind_borrowed_text_or_null(Statement& st, int index, const std::string& text) {
  if (text.empty()) {
    st.bind_null(index);
  } else {
    st.bind_borrowed(index, text);
  }
}

// id, session_id, tool, version, arguments_json, policy_decision, status at
// `first` and the six parameters after it. Every string must outlive `st`'s use.
void bind_new_invocation(Statement& st, int first, std::string_view id,
                         const NewInvocation& invocation, std::string_view status) {
  st.bind_borrowed(first, id);
  st.bind_borrowed(first + 1, invocation.session_id);
  st.bind_borrowed(first + 2, invocation.tool);
  st.bind_borrowed(first + 3, invocation.version);
  st.bind_borrowed(first + 4, invocation.arguments_json);
  st.bind_borrowed(first + 5, invocation.policy_decision);
  st.bind_borrowed(first + 6, status);
}

// output_json, content, output_trust, failure_kind, reason_code, detail at
// `first` and the five parameters after it (an empty text is NULL).
void bind_outcome_texts(Statement& st, int first, const InvocationOutcome& outcome) {
  bind_borrowed_text_or_null(st, first, outcome.output_json);
  bind_borrowed_text_or_null(st, first + 1, outcome.content);
  bind_borrowed_text_or_null(st, first + 2, outcome.output_trust);
  bind_borrowed_text_or_null(st, first + 3, outcome.failure_kind);
  bind_borrowed_text_or_null(st, first + 4, outcome.reason_code);
  bind_borrowed_text_or_null(st, first + 5, outcome.detail);
}

InvocationStatus final_status(const InvocationOutcome& outcome) {
  return outcome.succeeded ? InvocationStatus::succeeded : InvocationStatus::failed;
}

// Explains why an UPDATE guarded by a status matched no row.
StoreStatus missed_update(Database& db, std::string_view id, std::string_view wanted) {
  auto st = db.prepare("SELECT status FROM tool_invocations WHERE id = ?1");
  st->bind(1, id);
  if (!st->step()) {
    return StoreStatus::failure(StoreCode::not_found, "no invocation " + std::string(id));
  }
  return StoreStatus::failure(StoreCode::wrong_state, "invocation " + std::string(id) + " is " +
                                                          st->column_text(0) + ", not " +
                                                          std::string(wanted));
}

}  // namespace

StoreResult<std::string> InvocationStore::insert(const NewInvocation& invocation,
                                                 InvocationStatus status) {
  std::string id = ids_.next();
  auto written = insert_with_id(invocation, status, id);
  if (!written.ok()) return written;
  return id;
}

StoreStatus InvocationStore::insert_with_id(const NewInvocation& invocation,
                                            InvocationStatus status, std::string_view id) {
  return detail::guarded([&]() -> StoreStatus {
    auto st = db_.prepare(
        "INSERT INTO tool_invocations (id, session_id, tool, version, arguments_json, "
        "policy_decision, status, created_at_us, started_at_us) "
        "VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9)");
    bind_new_invocation(*st, 1, id, invocation, to_string(status));
    st->bind(8, invocation.created_at_us);
    if (status == InvocationStatus::running) {
      st->bind(9, invocation.created_at_us);
    } else {
      st->bind_null(9);
    }
    st->step();
    return StoreStatus::success();
  });
}

StoreResult<std::string> InvocationStore::insert_running(const NewInvocation& invocation) {
  return insert(invocation, InvocationStatus::running);
}

namespace {

// Parameters per row of multi_row_insert_sql: id, session_id, tool,
// version, arguments_json, policy_decision, created_at_us.
constexpr size_t kRunningRowParameters = 7;

// "INSERT ... VALUES (?1, …, ?6, 'running', ?7, ?7), (?8, …)" for `rows` rows
// of the nine columns insert() writes, built once per size. The status is
// the same for every row and a running row starts when it is created, so
// neither is bound per row.
const std::string& multi_row_insert_sql(size_t rows) {
  static const auto build = [](size_t n) {
    std::string sql =
        "INSERT INTO tool_invocations (id, session_id, tool, version, arguments_json, "
        "policy_decision, status, created_at_us, started_at_us) VALUES ";
    for (size_t r = 0; r < n; ++r) {
      const auto parameter = [&](size_t c) {
        return "?" + std::to_string(r * kRunningRowParameters + c + 1);
      };
      sql += r == 0 ? "(" : ", (";
      for (size_t c = 0; c < 6; ++c) sql += parameter(c) + ", ";
      sql += "'running', " + parameter(6) + ", " + parameter(6) + ")";
    }
    return sql;
  };
  static const std::string k32 = build(32), k8 = build(8);
  return rows == 32 ? k32 : k8;
}

// complete()'s UPDATE: by the rowid its INSERT got (checked against the id),
// else by the id.
constexpr std::string_view kCompleteByRowid =
    "UPDATE tool_invocations SET status = ?2, output_json = ?3, content = ?4, output_trust = ?5, "
    "failure_kind = ?6, reason_code = ?7, detail = ?8, finished_at_us = ?9, duration_us = ?10 "
    "WHERE rowid = ?11 AND id = ?1 AND status = 'running'";
constexpr std::string_view kCompleteById =
    "UPDATE tool_invocations SET status = ?2, output_json = ?3, content = ?4, output_trust = ?5, "
    "failure_kind = ?6, reason_code = ?7, detail = ?8, finished_at_us = ?9, duration_us = ?10 "
    "WHERE id = ?1 AND status = 'running'";

}  // namespace

InvocationStore::InvocationStore(Database& db, IdGenerator& ids)
    : db_(db),
      ids_(ids),
      insert_running_32_{multi_row_insert_sql(32)},
      insert_running_8_{multi_row_insert_sql(8)},
      complete_by_rowid_{kCompleteByRowid},
      complete_by_id_{kCompleteById} {}

StoreResult<std::vector<WrittenInvocation>> InvocationStore::insert_running_many(
    std::span<const NewInvocation* const> invocations) {
  return detail::guarded([&]() -> StoreResult<std::vector<WrittenInvocation>> {
    std::vector<WrittenInvocation> written(invocations.size());
    for (auto& row : written) row.id = ids_.next();
    size_t at = 0;
    for (const size_t chunk : {size_t{32}, size_t{8}}) {
      for (; invocations.size() - at >= chunk; at += chunk) {
        auto st = db_.prepare(chunk == 32 ? insert_running_32_ : insert_running_8_);
        for (size_t r = 0; r < chunk; ++r) {
          const NewInvocation& row = *invocations[at + r];
          const int base = static_cast<int>(r * kRunningRowParameters);
          st->bind_borrowed(base + 1, written[at + r].id);
          st->bind_borrowed(base + 2, row.session_id);
          st->bind_borrowed(base + 3, row.tool);
          st->bind_borrowed(base + 4, row.version);
          st->bind_borrowed(base + 5, row.arguments_json);
          st->bind_borrowed(base + 6, row.policy_decision);
          st->bind(base + 7, row.created_at_us);
        }
        st->step();
        // SQLite gives the rows of one INSERT consecutive rowids while the
        // table's largest is below 2^63-1; complete() checks the id anyway.
        const int64_t last = db_.last_insert_rowid();
        for (size_t r = 0; r < chunk; ++r)
          written[at + r].rowid = last - static_cast<int64_t>(chunk - 1 - r);
      }
    }
    for (; at < invocations.size(); ++at) {
      auto one = insert_with_id(*invocations[at], InvocationStatus::running, written[at].id);
      if (!one.ok()) return one;
      written[at].rowid = db_.last_insert_rowid();
    }
    return written;
  });
}

StoreResult<std::string> InvocationStore::insert_awaiting_approval(
    const NewInvocation& invocation) {
  return insert(invocation, InvocationStatus::awaiting_approval);
}

StoreResult<std::string> InvocationStore::insert_completed(const NewInvocation& invocation,
                                                           const InvocationOutcome& outcome) {
  return detail::guarded([&]() -> StoreResult<std::string> {
    std::string id = ids_.next();
    auto st = db_.prepare(
        "INSERT INTO tool_invocations (id, session_id, tool, version, arguments_json, "
        "policy_decision, status, output_json, content, output_trust, failure_kind, reason_code, "
        "detail, created_at_us, finished_at_us, duration_us) "
        "VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15, ?16)");
    bind_new_invocation(*st, 1, id, invocation, to_string(final_status(outcome)));
    bind_outcome_texts(*st, 8, outcome);
    st->bind(14, invocation.created_at_us);
    st->bind(15, outcome.finished_at_us);
    st->bind(16, outcome.duration_us);
    st->step();
    return id;
  });
}

StoreStatus InvocationStore::complete(std::string_view id, const InvocationOutcome& outcome,
                                      int64_t rowid) {
  return detail::guarded([&]() -> StoreStatus {
    // One statement: the status guard makes a second completion a no-op that
    // we then report, without a separate transaction. Found by rowid, the row
    // costs one b-tree search instead of two (the id index, then the table).
    const auto update = [&](Database::StatementSlot& slot, bool by_rowid) {
      auto st = db_.prepare(slot);
      st->bind_borrowed(1, id);
      st->bind_borrowed(2, to_string(final_status(outcome)));
      bind_outcome_texts(*st, 3, outcome);
      st->bind(9, outcome.finished_at_us);
      st->bind(10, outcome.duration_us);
      if (by_rowid) st->bind(11, rowid);
      st->step();
      return db_.last_changes() == 1;
    };
    if (rowid != 0 && update(complete_by_rowid_, true)) return StoreStatus::success();
    if (update(complete_by_id_, false)) return StoreStatus::success();
    return missed_update(db_, id, "running");
  });
}

StoreResult<Invocation> InvocationStore::claim_for_approval(std::string_view id, int64_t now_us) {
  return detail::guarded([&]() -> StoreResult<Invocation> {
    // BEGIN IMMEDIATE serialises claimers; the status guard lets exactly one
    // UPDATE match. Approval and start are this one commit, so after a crash
    // the row is either still awaiting (never approved) or running (claimed:
    // never run again).
    Transaction tx(db_);
    {
      auto st = db_.prepare(
          "UPDATE tool_invocations SET status = 'running', approved_at_us = ?2, "
          "started_at_us = ?2 WHERE id = ?1 AND status = 'awaiting_approval'");
      st->bind(1, id);
      st->bind(2, now_us);
      st->step();
    }
    if (db_.last_changes() != 1) return missed_update(db_, id, "awaiting_approval");
    auto claimed = get(id);
    if (!claimed) return claimed.status();
    tx.commit();
    return claimed;
  });
}

StoreStatus InvocationStore::deny(std::string_view id, int64_t now_us) {
  return detail::guarded([&]() -> StoreStatus {
    auto st = db_.prepare(
        "UPDATE tool_invocations SET status = 'denied', failure_kind = 'APPROVAL_DENIED', "
        "reason_code = 'tool.approval_denied.denied', finished_at_us = ?2 "
        "WHERE id = ?1 AND status = 'awaiting_approval'");
    st->bind(1, id);
    st->bind(2, now_us);
    st->step();
    if (db_.last_changes() == 1) return StoreStatus::success();
    return missed_update(db_, id, "awaiting_approval");
  });
}

StoreResult<Invocation> InvocationStore::get(std::string_view id) {
  return detail::guarded([&]() -> StoreResult<Invocation> {
    auto st = db_.prepare(std::string(kSelectColumns) + "WHERE id = ?1");
    st->bind(1, id);
    if (!st->step()) {
      return StoreStatus::failure(StoreCode::not_found, "no invocation " + std::string(id));
    }
    return read_row(*st);
  });
}

StoreResult<std::vector<Invocation>> InvocationStore::list_awaiting_approval() {
  return detail::guarded([&]() -> StoreResult<std::vector<Invocation>> {
    auto st = db_.prepare(std::string(kSelectColumns) +
                          "WHERE status = 'awaiting_approval' ORDER BY created_at_us, id");
    std::vector<Invocation> rows;
    while (st->step()) rows.push_back(read_row(*st));
    return rows;
  });
}

}  // namespace toolhost::store
