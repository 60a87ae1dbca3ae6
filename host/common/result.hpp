// A value, or the status that explains why there is none. Each layer keeps its
// own status type (a struct with a `code` and an operator-only `message`), so
// its failures stay in its own vocabulary; the carrier is shared.
#pragma once

#include <optional>
#include <utility>

namespace toolhost::common {

template <class T, class Status>
class Result {
 public:
  Result(T value) : value_(std::move(value)) {}
  Result(Status status) : status_(std::move(status)) {}

  bool ok() const { return value_.has_value(); }
  explicit operator bool() const { return ok(); }
  const Status& status() const { return status_; }
  auto code() const { return status_.code; }

  T& value() { return *value_; }
  const T& value() const { return *value_; }
  T& operator*() { return *value_; }
  const T& operator*() const { return *value_; }
  T* operator->() { return &*value_; }
  const T* operator->() const { return &*value_; }

 private:
  std::optional<T> value_{};
  Status status_{};
};

}  // namespace toolhost::common
