#include "store/session_store.hpp"

#include "temp_state_dir.hpp"

#include <gtest/gtest.h>

namespace toolhost::store {
namespace {

class SessionStoreTest : public ::testing::Test {
 protected:
  void SetUp() override {
    auto opened = Database::open({.state_dir = dir_.state_dir()});
    ASSERT_TRUE(opened.ok()) << opened.status().message;
    db_ = std::move(opened.value());
  }
  testing::TempStateDir dir_;
  std::unique_ptr<Database> db_;
  SequentialIdGenerator ids_;
};

TEST_F(SessionStoreTest, CreateThenGetRoundTrips) {
  SessionStore sessions(*db_, ids_);
  auto created =
      sessions.create({.catalog = {{"math.calculate", "1.0.0"}, {"artifact.export", "2.0.0"}},
                       .scopes = {"artifact.write", "workspace.read"},
                       .workspace_dir = "/tmp/ws",
                       .created_at_us = 1700000000000000});
  ASSERT_TRUE(created.ok());
  EXPECT_EQ(created->id, "00000000-0000-4000-8000-000000000001");

  auto loaded = sessions.get(created->id);
  ASSERT_TRUE(loaded.ok());
  EXPECT_EQ(loaded->id, created->id);
  EXPECT_EQ(loaded->created_at_us, 1700000000000000);
  EXPECT_EQ(loaded->catalog, (std::map<std::string, std::string>{{"artifact.export", "2.0.0"},
                                                                 {"math.calculate", "1.0.0"}}));
  EXPECT_EQ(loaded->scopes, (std::vector<std::string>{"artifact.write", "workspace.read"}));
  EXPECT_EQ(loaded->workspace_dir, "/tmp/ws");
}

TEST_F(SessionStoreTest, GetOfAnUnknownIdIsNotFound) {
  SessionStore sessions(*db_, ids_);
  auto missing = sessions.get("no-such-session");
  ASSERT_FALSE(missing.ok());
  EXPECT_EQ(missing.code(), StoreCode::not_found);
}

TEST_F(SessionStoreTest, UpdatePinsChangesOnlyTheNamedTools) {
  SessionStore sessions(*db_, ids_);
  auto created =
      sessions.create({.catalog = {{"artifact.export", "2.0.0"}, {"math.calculate", "1.0.0"}}});
  ASSERT_TRUE(created.ok());
  auto updated = sessions.update_pins(
      created->id, {{"artifact.export", "1.0.0"}, {"system.current_time", "1.0.0"}});
  ASSERT_TRUE(updated.ok());
  const std::map<std::string, std::string> expected{
      {"artifact.export", "1.0.0"}, {"math.calculate", "1.0.0"}, {"system.current_time", "1.0.0"}};
  EXPECT_EQ(updated->catalog, expected);
  EXPECT_EQ(sessions.get(created->id)->catalog, expected);
  EXPECT_EQ(sessions.update_pins("nope", {{"a", "1"}}).code(), StoreCode::not_found);
}

TEST_F(SessionStoreTest, SessionsSurviveReopening) {
  std::string id;
  {
    SessionStore sessions(*db_, ids_);
    id = sessions.create({.catalog = {{"math.calculate", "1.0.0"}}})->id;
  }
  db_.reset();
  auto reopened = Database::open({.state_dir = dir_.state_dir()});
  ASSERT_TRUE(reopened.ok());
  SessionStore sessions(*reopened.value(), ids_);
  EXPECT_EQ(sessions.get(id)->catalog.at("math.calculate"), "1.0.0");
}

}  // namespace
}  // namespace toolhost::store
