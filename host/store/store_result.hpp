// Errors of the storage layer are values: every call that can fail returns a
// StoreStatus or a StoreResult<T>, and the caller decides what to do.
#pragma once

#include <string>
#include <utility>

#include "common/result.hpp"

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
using StoreResult = common::Result<T, StoreStatus>;

}  // namespace toolhost::store
