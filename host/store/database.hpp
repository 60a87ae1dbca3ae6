// The state directory's SQLite database: one connection, its pragmas, its
// schema and a cache of prepared statements.
//
// A Database is one connection and is not thread-safe: use it from one thread
// at a time, or open one Database per thread over the same state directory
// (WAL lets readers and one writer proceed concurrently; writers wait up to
// the busy timeout).
#pragma once

#include "store/statement.hpp"
#include "store/store_result.hpp"

#include <chrono>
#include <cstdint>
#include <filesystem>
#include <map>
#include <memory>
#include <stdexcept>
#include <string>
#include <string_view>

struct sqlite3;

namespace toolhost::store {

// SQLite's `synchronous` setting under WAL. See docs/storage.md for what each
// one keeps across a process crash and across a power loss.
enum class Durability {
  full,    // fsync the WAL at every commit: survives power loss
  normal,  // fsync only at checkpoints: survives a process crash (the default)
  off,     // never fsync: for benchmarks and throwaway state only
};

struct DatabaseOptions {
  std::filesystem::path state_dir;  // created (with parents) when missing
  Durability durability = Durability::normal;
  std::chrono::milliseconds busy_timeout{5000};
};

// Thrown only inside the store's own code; every public repository call
// catches it and returns a StoreStatus instead.
class StoreException : public std::runtime_error {
 public:
  StoreException(StoreCode code, const std::string& message)
      : std::runtime_error(message), code_(code) {}
  StoreCode code() const { return code_; }
  StoreStatus status() const { return StoreStatus::failure(code_, what()); }

 private:
  StoreCode code_;
};

class Database {
 public:
  static constexpr const char* kFileName = "toolhost.db";
  // The schema version this build writes (PRAGMA user_version).
  static int latest_schema_version();

  // Opens (creating when needed) <state_dir>/toolhost.db and migrates it to
  // the latest schema.
  static StoreResult<std::unique_ptr<Database>> open(const DatabaseOptions& options);

  ~Database();
  Database(const Database&) = delete;
  Database& operator=(const Database&) = delete;

  const std::filesystem::path& state_dir() const { return state_dir_; }
  sqlite3* handle() const { return db_; }
  int schema_version();

  // The cached prepared statement for `sql`, ready to bind, borrowed until
  // the returned StatementUse ends. Do not borrow the same text twice at once.
  StatementUse prepare(std::string_view sql);
  // A statement text and, after its first use, its cached statement. For the
  // statements run once per call: the cache is a map keyed by SQL text, and
  // those texts share long prefixes, so a lookup costs hundreds of
  // instructions that the slot saves. A slot belongs to one Database.
  struct StatementSlot {
    std::string_view sql;
    Statement* statement = nullptr;
  };
  StatementUse prepare(StatementSlot& slot);
  // Runs one or more statements without results.
  void exec(std::string_view sql);
  // Rows changed by the most recent INSERT, UPDATE or DELETE.
  int64_t last_changes() const;
  // The rowid of the last row an INSERT on this connection wrote.
  int64_t last_insert_rowid() const;

  // Row count of every table of the schema, by table name.
  StoreResult<std::map<std::string, int64_t>> count_rows();

 private:
  Database(sqlite3* db, std::filesystem::path state_dir);

  sqlite3* db_;
  std::filesystem::path state_dir_;
  // Looked up by the SQL text itself (no key string built per use).
  std::map<std::string, std::unique_ptr<Statement>, std::less<>> statements_;
};

// BEGIN IMMEDIATE ... COMMIT; rolls back when destroyed uncommitted. IMMEDIATE
// takes the write lock up front so a read-then-write cannot be overtaken by
// another connection.
class Transaction {
 public:
  explicit Transaction(Database& db);
  ~Transaction();
  Transaction(const Transaction&) = delete;
  Transaction& operator=(const Transaction&) = delete;
  void commit();

 private:
  Database& db_;
  bool open_ = true;
};

}  // namespace toolhost::store
