// A thin RAII wrapper over one prepared sqlite3_stmt. Binding is 1-based like
// SQLite's; columns are 0-based like SQLite's.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>

struct sqlite3;
struct sqlite3_stmt;

namespace toolhost::store {

class Statement {
 public:
  Statement(sqlite3* db, std::string_view sql);  // throws StoreException on a bad statement
  ~Statement();
  Statement(const Statement&) = delete;
  Statement& operator=(const Statement&) = delete;

  // Resets the statement and clears its bindings so it can run again.
  void reset();

  // Copies the text: the caller's buffer may die before step().
  void bind(int index, std::string_view text);
  // Borrows the text: the buffer must outlive this use of the statement
  // (until its StatementUse resets it). For the per-call row writes, whose
  // strings all outlive the statement; it saves an allocation and a copy per
  // column.
  void bind_borrowed(int index, std::string_view text);
  void bind(int index, int64_t value);
  void bind_null(int index);
  void bind(int index, const std::optional<int64_t>& value);

  // Runs one step: true when a row is available, false when done. Throws
  // StoreException (with SQLite's code) on any other outcome.
  bool step();

  std::string column_text(int column) const;
  int64_t column_int(int column) const;
  std::optional<int64_t> column_optional_int(int column) const;
  bool column_is_null(int column) const;

 private:
  sqlite3* db_;
  sqlite3_stmt* stmt_ = nullptr;
};

// A cached statement borrowed for one use. The borrow resets it when it ends,
// on every path (exceptions included), so no statement keeps a read
// transaction open or stale bindings between uses.
class StatementUse {
 public:
  explicit StatementUse(Statement& statement) : statement_(&statement) {}
  ~StatementUse() {
    if (statement_) statement_->reset();
  }
  StatementUse(StatementUse&& other) noexcept
      : statement_(std::exchange(other.statement_, nullptr)) {}
  StatementUse(const StatementUse&) = delete;
  StatementUse& operator=(const StatementUse&) = delete;
  StatementUse& operator=(StatementUse&&) = delete;

  Statement* operator->() const { return statement_; }
  Statement& operator*() const { return *statement_; }

 private:
  Statement* statement_;
};

}  // namespace toolhost::store
