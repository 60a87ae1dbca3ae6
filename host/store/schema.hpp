// The schema as an ordered list of migrations: migration i takes the database
// from PRAGMA user_version i to i + 1. Append only; never edit a shipped one.
#pragma once

#include <string_view>
#include <vector>

namespace toolhost::store {

const std::vector<std::string_view>& schema_migrations();

}  // namespace toolhost::store
