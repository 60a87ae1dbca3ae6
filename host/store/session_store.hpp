// Durable sessions: the catalog a session was created with (tool name ->
// pinned version), its granted scopes and its workspace directory.
#pragma once

#include "store/database.hpp"
#include "store/id_generator.hpp"
#include "store/store_result.hpp"

#include <cstdint>
#include <map>
#include <string>
#include <string_view>
#include <vector>

namespace toolhost::store {

struct NewSession {
  std::map<std::string, std::string> catalog{};  // tool name -> pinned version
  std::vector<std::string> scopes{};
  std::string workspace_dir{};
  int64_t created_at_us = 0;
};

struct Session {
  std::string id{};
  int64_t created_at_us = 0;
  std::map<std::string, std::string> catalog{};  // tool name -> pinned version
  std::vector<std::string> scopes{};
  std::string workspace_dir{};
};

class SessionStore {
 public:
  SessionStore(Database& db, IdGenerator& ids) : db_(db), ids_(ids) {}

  StoreResult<Session> create(const NewSession& session);
  // not_found when no session has that id.
  StoreResult<Session> get(std::string_view id);
  // Re-pins: sets each tool in `pins` to its version, leaving the other tools
  // of the catalog as they were. Returns the updated session.
  StoreResult<Session> update_pins(std::string_view id,
                                   const std::map<std::string, std::string>& pins);

 private:
  Database& db_;
  IdGenerator& ids_;
};

}  // namespace toolhost::store
