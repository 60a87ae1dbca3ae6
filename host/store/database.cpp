#include "store/database.hpp"

#include "store/schema.hpp"
#include "store/statement.hpp"

#include <sqlite3.h>

#include <system_error>
#include <vector>

namespace toolhost::store {
namespace {

std::string_view synchronous_pragma(Durability durability) {
  switch (durability) {
    case Durability::full:
      return "PRAGMA synchronous = FULL";
    case Durability::normal:
      return "PRAGMA synchronous = NORMAL";
    case Durability::off:
      return "PRAGMA synchronous = OFF";
  }
  return "PRAGMA synchronous = FULL";
}

void migrate(Database& db) {
  const auto& migrations = schema_migrations();
  Transaction tx(db);
  const int current = db.schema_version();
  if (current > static_cast<int>(migrations.size())) {
    throw StoreException(StoreCode::io_error, "database schema version " + std::to_string(current) +
                                                  " is newer than this build (" +
                                                  std::to_string(migrations.size()) + ")");
  }
  for (size_t v = static_cast<size_t>(current); v < migrations.size(); ++v) {
    db.exec(migrations[v]);
  }
  if (current != static_cast<int>(migrations.size())) {
    db.exec("PRAGMA user_version = " + std::to_string(migrations.size()));
  }
  tx.commit();
}

}  // namespace

int Database::latest_schema_version() {
  return static_cast<int>(schema_migrations().size());
}

StoreResult<std::unique_ptr<Database>> Database::open(const DatabaseOptions& options) {
  // SQLite's memory statistics take a global mutex around every allocation
  // it makes (a sixth of a row write's instructions); nothing here reads
  // them. This must precede SQLite's initialisation, hence once, first.
  static const bool memory_statistics_off = [] {
    sqlite3_config(SQLITE_CONFIG_MEMSTATUS, 0);  // SQLITE_MISUSE if already initialised: harmless
    return true;
  }();
  (void)memory_statistics_off;
  std::error_code ec;
  std::filesystem::create_directories(options.state_dir, ec);
  if (ec) {
    return StoreStatus::failure(
        StoreCode::io_error,
        "cannot create state directory " + options.state_dir.string() + ": " + ec.message());
  }
  const auto path = options.state_dir / kFileName;
  sqlite3* handle = nullptr;
  const int rc = sqlite3_open_v2(
      path.c_str(), &handle,
      SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX | SQLITE_OPEN_EXRESCODE,
      nullptr);
  if (rc != SQLITE_OK) {
    std::string message = "cannot open " + path.string() + ": " + sqlite3_errstr(rc);
    sqlite3_close_v2(handle);
    return StoreStatus::failure(StoreCode::io_error, std::move(message));
  }
  std::unique_ptr<Database> db(new Database(handle, options.state_dir));
  try {
    sqlite3_busy_timeout(handle, static_cast<int>(options.busy_timeout.count()));
    db->exec("PRAGMA journal_mode = WAL");
    db->exec(synchronous_pragma(options.durability));
    db->exec("PRAGMA foreign_keys = ON");
    migrate(*db);
  } catch (const StoreException& e) {
    return e.status();
  }
  return db;
}

Database::Database(sqlite3* db, std::filesystem::path state_dir)
    : db_(db), state_dir_(std::move(state_dir)) {}

Database::~Database() {
  statements_.clear();  // finalize before close
  sqlite3_close_v2(db_);
}

int Database::schema_version() {
  auto st = prepare("PRAGMA user_version");
  return st->step() ? static_cast<int>(st->column_int(0)) : 0;
}

StatementUse Database::prepare(StatementSlot& slot) {
  if (slot.statement == nullptr) slot.statement = &*prepare(slot.sql);
  return StatementUse(*slot.statement);
}

StatementUse Database::prepare(std::string_view sql) {
  auto it = statements_.find(sql);
  if (it == statements_.end()) {
    it = statements_.emplace(std::string(sql), std::make_unique<Statement>(db_, sql)).first;
  }
  return StatementUse(*it->second);
}

void Database::exec(std::string_view sql) {
  const std::string text(sql);
  char* error = nullptr;
  const int rc = sqlite3_exec(db_, text.c_str(), nullptr, nullptr, &error);
  if (rc != SQLITE_OK) {
    std::string message = "exec: " + std::string(error ? error : sqlite3_errstr(rc));
    sqlite3_free(error);
    const int primary = rc & 0xff;
    throw StoreException(
        primary == SQLITE_BUSY || primary == SQLITE_LOCKED ? StoreCode::busy : StoreCode::io_error,
        message);
  }
}

int64_t Database::last_changes() const {
  return sqlite3_changes64(db_);
}

int64_t Database::last_insert_rowid() const {
  return sqlite3_last_insert_rowid(db_);
}

StoreResult<std::map<std::string, int64_t>> Database::count_rows() {
  try {
    std::vector<std::string> tables;
    {
      auto list = prepare(
          "SELECT name FROM sqlite_schema WHERE type = 'table' AND name NOT LIKE 'sqlite_%' "
          "ORDER BY name");
      while (list->step()) tables.push_back(list->column_text(0));
    }
    std::map<std::string, int64_t> counts;
    for (const auto& table : tables) {
      // Table names come from sqlite_schema, not from a caller.
      auto count = prepare("SELECT count(*) FROM \"" + table + "\"");
      counts[table] = count->step() ? count->column_int(0) : 0;
    }
    return counts;
  } catch (const StoreException& e) {
    return e.status();
  }
}

Transaction::Transaction(Database& db) : db_(db) {
  db_.exec("BEGIN IMMEDIATE");
}

Transaction::~Transaction() {
  if (!open_) return;
  try {
    db_.exec("ROLLBACK");
  } catch (const StoreException&) {
    // A failed statement may already have rolled the transaction back.
  }
}

void Transaction::commit() {
  db_.exec("COMMIT");
  open_ = false;
}

}  // namespace toolhost::store
