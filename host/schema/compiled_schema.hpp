// A JSON Schema compiled once at registration and used for every call.
#pragma once

#include <boost/json/fwd.hpp>
#include <memory>
#include <optional>
#include <string>
#include <string_view>

namespace toolhost::schema {

struct ValidationError {
  std::string pointer;  // JSON pointer of the failing instance location, e.g. "/expression"
  std::string keyword;  // the schema keyword that failed, e.g. "maxLength" (best effort)
  std::string message;  // the validator's description (operator-only)
};

// The JSON Schema dialects registration accepts. A schema without "$schema"
// is read as draft-07.
enum class Dialect { draft4, draft7 };

class CompiledSchema {
 public:
  // Compiles `schema`; on failure returns nullptr and sets `error`.
  static std::shared_ptr<const CompiledSchema> compile(const boost::json::value& schema,
                                                       std::string* error);
  ~CompiledSchema();

  // Validates `instance`; nullopt when valid, else the first error.
  std::optional<ValidationError> validate(const boost::json::value& instance) const;

  // Inserts the "default" of every absent property declared in an object
  // schema (recursively into present sub-objects). Applied before validation.
  // True when it inserted any.
  bool apply_defaults(boost::json::value& instance) const;
  // False when no property schema declares a "default" (at any depth), so
  // apply_defaults can never insert one.
  bool declares_defaults() const;

  const boost::json::value& source() const;

 private:
  struct Impl;
  explicit CompiledSchema(std::unique_ptr<Impl> impl);
  std::unique_ptr<Impl> impl_;
};

}  // namespace toolhost::schema
