// Errors of the storage layer are values: every call that can fail returns a
// StoreStatus or a StoreResult<T>, and the caller decides what to do.
#pragma once

#include <optional>
#include <string>
#include <utility>

namespace toolhost::store {

enum class StoreCode {
  ok,
  not_found,    // no row with that id
  wrong_state,  // the row exists but is not in the state the operation needs
  busy,         // the database stayed locked past the busy timeout
  io_error,     // SQLite or the filesystem failed
};

struct StoreStatus {
  StoreCode code = StoreCode::ok;
  std::string message{};  // operator-only detail

  bool ok() const { return code == StoreCode::ok; }
  static StoreStatus success() { return {}; }
  static StoreStatus failure(StoreCode code, std::string message) {
    return {code, std::move(message)};
  }
};

// A value or the status that explains why there is none.
template <class T>
class StoreResult {
 public:
  StoreResult(T value) : value_(std::move(value)) {}
  StoreResult(StoreStatus status) : status_(std::move(status)) {}

  bool ok() const { return value_.has_value(); }
  explicit operator bool() const { return ok(); }
  const StoreStatus& status() const { return status_; }
  StoreCode code() const { return status_.code; }

  T& value() { return *value_; }
  const T& value() const { return *value_; }
  T& operator*() { return *value_; }
  const T& operator*() const { return *value_; }
  T* operator->() { return &*value_; }
  const T* operator->() const { return &*value_; }

 private:
  std::optional<T> value_;
  StoreStatus status_;
};

}  // namespace toolhost::store
