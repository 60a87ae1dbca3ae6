// A ledger in SQLite, so provenance survives the host process for as long as
// the workspace does. One table serves every workspace of a state directory:
//
//   workspace_provenance(workspace_root TEXT, path TEXT, provenance TEXT,
//                        PRIMARY KEY (workspace_root, path))
//
// `provenance` is 'TOOL_WRITTEN' or 'SANDBOX_WRITTEN'; a missing row is
// UNKNOWN. The table is created when absent.
#pragma once

#include "workspace/provenance_ledger.hpp"

#include <memory>
#include <mutex>
#include <string>

struct sqlite3;
struct sqlite3_stmt;

namespace toolhost::workspace {

class SqliteProvenanceLedger final : public ProvenanceLedger {
 public:
  // Uses a connection the caller owns and keeps open longer than the ledger.
  static std::unique_ptr<SqliteProvenanceLedger> on_connection(sqlite3* db,
                                                               std::string workspace_root,
                                                               std::string* error = nullptr);
  // Opens (creating when absent) the database file at `db_path`.
  static std::unique_ptr<SqliteProvenanceLedger> at_path(const std::string& db_path,
                                                         std::string workspace_root,
                                                         std::string* error = nullptr);
  ~SqliteProvenanceLedger() override;
  SqliteProvenanceLedger(const SqliteProvenanceLedger&) = delete;
  SqliteProvenanceLedger& operator=(const SqliteProvenanceLedger&) = delete;

  ProvenanceLookup lookup(std::string_view path) override;
  WorkspaceStatus record_tool_write(std::string_view path) override;
  WorkspaceStatus record_sandbox_write(std::string_view path) override;
  WorkspaceStatus forget_all() override;

 private:
  SqliteProvenanceLedger(sqlite3* db, bool owns_db, std::string workspace_root);
  bool prepare(std::string* error);
  WorkspaceStatus run_keyed(sqlite3_stmt* statement, std::string_view path);

  sqlite3* db_;
  bool owns_db_;
  std::string workspace_root_;
  std::mutex mutex_;
  sqlite3_stmt* select_ = nullptr;
  sqlite3_stmt* record_tool_ = nullptr;
  sqlite3_stmt* record_sandbox_ = nullptr;
  sqlite3_stmt* forget_ = nullptr;
};

}  // namespace toolhost::workspace
