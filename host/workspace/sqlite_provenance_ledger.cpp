#include "workspace/sqlite_provenance_ledger.hpp"

#include <sqlite3.h>

namespace toolhost::workspace {
namespace {

constexpr const char* kCreateTable =
    "CREATE TABLE IF NOT EXISTS workspace_provenance ("
    " workspace_root TEXT NOT NULL,"
    " path TEXT NOT NULL,"
    " provenance TEXT NOT NULL CHECK (provenance IN ('TOOL_WRITTEN', 'SANDBOX_WRITTEN')),"
    " PRIMARY KEY (workspace_root, path))";

constexpr const char* kSelect =
    "SELECT provenance FROM workspace_provenance WHERE workspace_root = ?1 AND path = ?2";

// A tool write never downgrades SANDBOX_WRITTEN (no laundering).
constexpr const char* kRecordTool =
    "INSERT INTO workspace_provenance (workspace_root, path, provenance)"
    " VALUES (?1, ?2, 'TOOL_WRITTEN')"
    " ON CONFLICT (workspace_root, path) DO UPDATE SET provenance = 'TOOL_WRITTEN'"
    " WHERE provenance <> 'SANDBOX_WRITTEN'";

constexpr const char* kRecordSandbox =
    "INSERT INTO workspace_provenance (workspace_root, path, provenance)"
    " VALUES (?1, ?2, 'SANDBOX_WRITTEN')"
    " ON CONFLICT (workspace_root, path) DO UPDATE SET provenance = 'SANDBOX_WRITTEN'";

constexpr const char* kForget = "DELETE FROM workspace_provenance WHERE workspace_root = ?1";

void set_error(std::string* error, sqlite3* db) {
  if (error) *error = db ? sqlite3_errmsg(db) : "sqlite3 could not allocate a connection";
}

// Binds a possibly empty view; SQLite would bind NULL for a null pointer.
void bind_text(sqlite3_stmt* statement, int index, std::string_view text) {
  sqlite3_bind_text(statement, index, text.empty() ? "" : text.data(),
                    static_cast<int>(text.size()), SQLITE_STATIC);
}

// Resets a statement however the step it ran ended.
struct StatementReset {
  sqlite3_stmt* statement;
  ~StatementReset() {
    sqlite3_reset(statement);
    sqlite3_clear_bindings(statement);
  }
};

}  // namespace

SqliteProvenanceLedger::SqliteProvenanceLedger(sqlite3* db, bool owns_db,
                                               std::string workspace_root)
    : db_(db), owns_db_(owns_db), workspace_root_(std::move(workspace_root)) {}

SqliteProvenanceLedger::~SqliteProvenanceLedger() {
  for (auto* statement : {select_, record_tool_, record_sandbox_, forget_})
    sqlite3_finalize(statement);
  if (owns_db_) sqlite3_close(db_);
}

std::unique_ptr<SqliteProvenanceLedger> SqliteProvenanceLedger::on_connection(
    sqlite3* db, std::string workspace_root, std::string* error) {
  std::unique_ptr<SqliteProvenanceLedger> ledger(
      new SqliteProvenanceLedger(db, false, std::move(workspace_root)));
  if (!ledger->prepare(error)) return nullptr;
  return ledger;
}

std::unique_ptr<SqliteProvenanceLedger> SqliteProvenanceLedger::at_path(const std::string& db_path,
                                                                        std::string workspace_root,
                                                                        std::string* error) {
  sqlite3* db = nullptr;
  if (sqlite3_open_v2(db_path.c_str(), &db,
                      SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_FULLMUTEX,
                      nullptr) != SQLITE_OK) {
    set_error(error, db);
    sqlite3_close(db);
    return nullptr;
  }
  sqlite3_busy_timeout(db, 5000);
  std::unique_ptr<SqliteProvenanceLedger> ledger(
      new SqliteProvenanceLedger(db, true, std::move(workspace_root)));
  if (!ledger->prepare(error)) return nullptr;
  return ledger;
}

bool SqliteProvenanceLedger::prepare(std::string* error) {
  if (sqlite3_exec(db_, kCreateTable, nullptr, nullptr, nullptr) != SQLITE_OK) {
    set_error(error, db_);
    return false;
  }
  const std::pair<const char*, sqlite3_stmt**> statements[] = {{kSelect, &select_},
                                                               {kRecordTool, &record_tool_},
                                                               {kRecordSandbox, &record_sandbox_},
                                                               {kForget, &forget_}};
  for (const auto& [sql, target] : statements) {
    if (sqlite3_prepare_v3(db_, sql, -1, SQLITE_PREPARE_PERSISTENT, target, nullptr) != SQLITE_OK) {
      set_error(error, db_);
      return false;
    }
  }
  return true;
}

ProvenanceLookup SqliteProvenanceLedger::lookup(std::string_view path) {
  std::lock_guard lock(mutex_);
  StatementReset reset{select_};
  bind_text(select_, 1, workspace_root_);
  bind_text(select_, 2, path);
  const int rc = sqlite3_step(select_);
  if (rc == SQLITE_DONE) return {WorkspaceStatus::ok, Provenance::unknown};
  if (rc != SQLITE_ROW) return {WorkspaceStatus::io_error, Provenance::unknown};
  const auto* text = reinterpret_cast<const char*>(sqlite3_column_text(select_, 0));
  const std::string_view value = text ? text : "";
  if (value == "TOOL_WRITTEN") return {WorkspaceStatus::ok, Provenance::tool_written};
  if (value == "SANDBOX_WRITTEN") return {WorkspaceStatus::ok, Provenance::sandbox_written};
  return {WorkspaceStatus::io_error, Provenance::unknown};
}

WorkspaceStatus SqliteProvenanceLedger::run_keyed(sqlite3_stmt* statement, std::string_view path) {
  std::lock_guard lock(mutex_);
  StatementReset reset{statement};
  bind_text(statement, 1, workspace_root_);
  if (sqlite3_bind_parameter_count(statement) >= 2) bind_text(statement, 2, path);
  return sqlite3_step(statement) == SQLITE_DONE ? WorkspaceStatus::ok : WorkspaceStatus::io_error;
}

WorkspaceStatus SqliteProvenanceLedger::record_tool_write(std::string_view path) {
  return run_keyed(record_tool_, path);
}

WorkspaceStatus SqliteProvenanceLedger::record_sandbox_write(std::string_view path) {
  return run_keyed(record_sandbox_, path);
}

WorkspaceStatus SqliteProvenanceLedger::forget_all() {
  return run_keyed(forget_, {});
}

}  // namespace toolhost::workspace
