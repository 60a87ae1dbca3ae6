#include "store/statement.hpp"

#include "store/database.hpp"

#include <sqlite3.h>

#include <string>

namespace toolhost::store {
namespace {

[[noreturn]] void fail(sqlite3* db, int rc, std::string_view what) {
  const StoreCode code =
      (rc == SQLITE_BUSY || rc == SQLITE_LOCKED) ? StoreCode::busy : StoreCode::io_error;
  throw StoreException(code, std::string(what) + ": " + sqlite3_errstr(rc) + " (" +
                                 (db ? sqlite3_errmsg(db) : "") + ")");
}

}  // namespace

Statement::Statement(sqlite3* db, std::string_view sql) : db_(db) {
  const int rc = sqlite3_prepare_v3(db, sql.data(), static_cast<int>(sql.size()),
                                    SQLITE_PREPARE_PERSISTENT, &stmt_, nullptr);
  if (rc != SQLITE_OK) fail(db, rc, "prepare " + std::string(sql));
}

Statement::~Statement() {
  sqlite3_finalize(stmt_);
}

void Statement::reset() {
  sqlite3_reset(stmt_);
  sqlite3_clear_bindings(stmt_);
}

void Statement::bind(int index, std::string_view text) {
  const int rc =
      sqlite3_bind_text(stmt_, index, text.data(), static_cast<int>(text.size()), SQLITE_TRANSIENT);
  if (rc != SQLITE_OK) fail(db_, rc, "bind");
}

void Statement::bind_borrowed(int index, std::string_view text) {
  const int rc =
      sqlite3_bind_text(stmt_, index, text.data(), static_cast<int>(text.size()), SQLITE_STATIC);
  if (rc != SQLITE_OK) fail(db_, rc, "bind");
}

void Statement::bind(int index, int64_t value) {
  const int rc = sqlite3_bind_int64(stmt_, index, value);
  if (rc != SQLITE_OK) fail(db_, rc, "bind");
}

void Statement::bind_null(int index) {
  const int rc = sqlite3_bind_null(stmt_, index);
  if (rc != SQLITE_OK) fail(db_, rc, "bind");
}

void Statement::bind(int index, const std::optional<int64_t>& value) {
  if (value) {
    bind(index, *value);
  } else {
    bind_null(index);
  }
}

bool Statement::step() {
  const int rc = sqlite3_step(stmt_);
  if (rc == SQLITE_ROW) return true;
  if (rc == SQLITE_DONE) return false;
  fail(db_, rc, "step");
}

std::string Statement::column_text(int column) const {
  const auto* text = reinterpret_cast<const char*>(sqlite3_column_text(stmt_, column));
  if (!text) return {};
  return std::string(text, static_cast<size_t>(sqlite3_column_bytes(stmt_, column)));
}

int64_t Statement::column_int(int column) const {
  return sqlite3_column_int64(stmt_, column);
}

std::optional<int64_t> Statement::column_optional_int(int column) const {
  if (column_is_null(column)) return std::nullopt;
  return column_int(column);
}

bool Statement::column_is_null(int column) const {
  return sqlite3_column_type(stmt_, column) == SQLITE_NULL;
}

}  // namespace toolhost::store
