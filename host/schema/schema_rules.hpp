// Structural rules registration imposes on every tool schema beyond
// compiling: no remote $ref, and additionalProperties: false at every object
// level, so a tool's accepted arguments are a closed set.
#pragma once

#include <boost/json/fwd.hpp>
#include <optional>
#include <string>

namespace toolhost::schema {

// Returns a description of the first violation, with its JSON pointer.
std::optional<std::string> find_remote_ref(const boost::json::value& schema);
std::optional<std::string> find_open_object(const boost::json::value& schema);
// The declared dialect, or an error for an unsupported "$schema".
std::optional<std::string> check_dialect(const boost::json::value& schema);

}  // namespace toolhost::schema
