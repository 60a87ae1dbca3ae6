// Internal: runs a repository body and turns any exception into a status, so
// nothing thrown inside the store reaches a caller.
#pragma once

#include "store/database.hpp"
#include "store/store_result.hpp"

#include <exception>
#include <utility>

namespace toolhost::store::detail {

template <class Body>
auto guarded(Body&& body) -> decltype(body()) {
  try {
    return body();
  } catch (const StoreException& e) {
    return e.status();
  } catch (const std::exception& e) {
    return StoreStatus::failure(StoreCode::io_error, e.what());
  }
}

}  // namespace toolhost::store::detail
