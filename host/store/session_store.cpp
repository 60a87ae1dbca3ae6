#include "store/session_store.hpp"

#include "store/guarded.hpp"
#include "store/statement.hpp"

#include <boost/json.hpp>

namespace toolhost::store {
namespace {

namespace json = boost::json;

std::string catalog_to_json(const std::map<std::string, std::string>& catalog) {
  json::object object;
  for (const auto& [tool, version] : catalog) object[tool] = version;
  return json::serialize(object);
}

std::map<std::string, std::string> catalog_from_json(const std::string& text) {
  std::map<std::string, std::string> catalog;
  const json::value parsed = json::parse(text);  // outlives the loop over it
  for (const auto& [tool, version] : parsed.as_object()) {
    catalog[std::string(tool)] = std::string(version.as_string());
  }
  return catalog;
}

std::string scopes_to_json(const std::vector<std::string>& scopes) {
  json::array array;
  for (const auto& scope : scopes) array.emplace_back(scope);
  return json::serialize(array);
}

std::vector<std::string> scopes_from_json(const std::string& text) {
  std::vector<std::string> scopes;
  const json::value parsed = json::parse(text);
  for (const auto& scope : parsed.as_array()) {
    scopes.emplace_back(scope.as_string());
  }
  return scopes;
}

}  // namespace

StoreResult<Session> SessionStore::create(const NewSession& session) {
  return detail::guarded([&]() -> StoreResult<Session> {
    Session created{ids_.next(), session.created_at_us, session.catalog, session.scopes,
                    session.workspace_dir};
    auto st = db_.prepare(
        "INSERT INTO sessions (id, created_at_us, catalog_json, scopes_json, workspace_dir) "
        "VALUES (?1, ?2, ?3, ?4, ?5)");
    st->bind(1, created.id);
    st->bind(2, created.created_at_us);
    st->bind(3, catalog_to_json(created.catalog));
    st->bind(4, scopes_to_json(created.scopes));
    st->bind(5, created.workspace_dir);
    st->step();
    return created;
  });
}

StoreResult<Session> SessionStore::get(std::string_view id) {
  return detail::guarded([&]() -> StoreResult<Session> {
    auto st = db_.prepare(
        "SELECT id, created_at_us, catalog_json, scopes_json, workspace_dir FROM sessions "
        "WHERE id = ?1");
    st->bind(1, id);
    if (!st->step()) {
      return StoreStatus::failure(StoreCode::not_found, "no session " + std::string(id));
    }
    Session session{st->column_text(0), st->column_int(1), catalog_from_json(st->column_text(2)),
                    scopes_from_json(st->column_text(3)), st->column_text(4)};
    return session;
  });
}

StoreResult<Session> SessionStore::update_pins(std::string_view id,
                                               const std::map<std::string, std::string>& pins) {
  return detail::guarded([&]() -> StoreResult<Session> {
    // Read-modify-write under the write lock so concurrent re-pins both land.
    Transaction tx(db_);
    auto session = get(id);
    if (!session) return session.status();
    for (const auto& [tool, version] : pins) session->catalog[tool] = version;
    auto st = db_.prepare("UPDATE sessions SET catalog_json = ?2 WHERE id = ?1");
    st->bind(1, id);
    st->bind(2, catalog_to_json(session->catalog));
    st->step();
    tx.commit();
    return session;
  });
}

}  // namespace toolhost::store
