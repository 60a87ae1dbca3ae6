#include "store/database.hpp"

#include "store/schema.hpp"
#include "temp_state_dir.hpp"

#include <gtest/gtest.h>
#include <sqlite3.h>

namespace toolhost::store {
namespace {

std::unique_ptr<Database> open_db(const std::filesystem::path& state_dir) {
  auto db = Database::open({.state_dir = state_dir});
  EXPECT_TRUE(db.ok()) << db.status().message;
  return std::move(db.value());
}

std::string pragma_text(Database& db, const std::string& pragma) {
  auto st = db.prepare("PRAGMA " + pragma);
  return st->step() ? st->column_text(0) : "";
}

TEST(Database, OpenCreatesStateDirAndDatabaseFile) {
  testing::TempStateDir dir;
  const auto state = dir.state_dir() / "nested";
  ASSERT_FALSE(std::filesystem::exists(state));
  auto db = open_db(state);
  EXPECT_TRUE(std::filesystem::is_regular_file(state / "toolhost.db"));
  EXPECT_EQ(db->state_dir(), state);
}

TEST(Database, AppliesWalForeignKeysAndDurability) {
  testing::TempStateDir dir;
  auto db = open_db(dir.state_dir());
  EXPECT_EQ(pragma_text(*db, "journal_mode"), "wal");
  EXPECT_EQ(pragma_text(*db, "foreign_keys"), "1");
  EXPECT_EQ(pragma_text(*db, "synchronous"), "1");  // NORMAL is the default
  db.reset();
  auto full = Database::open({.state_dir = dir.state_dir(), .durability = Durability::full});
  ASSERT_TRUE(full.ok());
  EXPECT_EQ(pragma_text(*full.value(), "synchronous"), "2");
}

TEST(Database, AStatementSlotBorrowsTheCachedStatementForItsText) {
  testing::TempStateDir dir;
  auto db = open_db(dir.state_dir());
  Database::StatementSlot slot{"SELECT ?1 + 1"};
  Statement* by_text = nullptr;
  {
    auto st = db->prepare("SELECT ?1 + 1");
    by_text = &*st;
  }
  for (int64_t n : {1, 41}) {
    auto st = db->prepare(slot);
    EXPECT_EQ(&*st, by_text);  // the cache's statement, not a second one
    st->bind(1, n);
    ASSERT_TRUE(st->step());
    EXPECT_EQ(st->column_int(0), n + 1);  // reset between uses: bound afresh
  }
  EXPECT_EQ(slot.statement, by_text);
}

TEST(Database, MigratesToTheLatestVersionAndReopeningIsIdempotent) {
  testing::TempStateDir dir;
  std::map<std::string, int64_t> first;
  {
    auto db = open_db(dir.state_dir());
    EXPECT_EQ(db->schema_version(), Database::latest_schema_version());
    EXPECT_GE(Database::latest_schema_version(), 1);
    db->exec(
        "INSERT INTO sessions VALUES ('s1', 1, '{}', '[]', '/w');"
        "INSERT INTO tool_invocations (id, session_id, tool, version, arguments_json, "
        "policy_decision, status, created_at_us) VALUES ('i1', 's1', 't', '1.0.0', '{}', "
        "'allow', 'running', 1)");
    first = db->count_rows().value();
  }
  for (int reopen = 0; reopen < 3; ++reopen) {
    auto db = open_db(dir.state_dir());
    EXPECT_EQ(db->schema_version(), Database::latest_schema_version());
    EXPECT_EQ(db->count_rows().value(), first);  // nothing recreated, nothing lost
  }
}

TEST(Database, AVersionOneDatabaseKeepsItsRowsAndItsStatusCheckThroughMigrationTwo) {
  testing::TempStateDir dir;
  std::filesystem::create_directories(dir.state_dir());
  {
    // A database exactly as a version-1 build left it.
    sqlite3* raw = nullptr;
    ASSERT_EQ(sqlite3_open((dir.state_dir() / Database::kFileName).c_str(), &raw), SQLITE_OK);
    std::string sql =
        std::string(schema_migrations().front()) +
        "INSERT INTO sessions VALUES ('s1', 1, '{}', '[]', '/w');"
        "INSERT INTO tool_invocations (id, session_id, tool, version, arguments_json, "
        "policy_decision, status, created_at_us) VALUES ('i1', 's1', 't', '1.0.0', "
        "'{}', 'allow', 'awaiting_approval', 7);"
        "PRAGMA user_version = 1;";
    ASSERT_EQ(sqlite3_exec(raw, sql.c_str(), nullptr, nullptr, nullptr), SQLITE_OK);
    sqlite3_close(raw);
  }
  auto db = open_db(dir.state_dir());
  EXPECT_EQ(db->schema_version(), Database::latest_schema_version());
  {
    auto st = db->prepare("SELECT id, status, created_at_us FROM tool_invocations");
    ASSERT_TRUE(st->step());
    EXPECT_EQ(st->column_text(0), "i1");
    EXPECT_EQ(st->column_text(1), "awaiting_approval");
    EXPECT_EQ(st->column_int(2), 7);
    EXPECT_FALSE(st->step());
  }
  // The partial index came back with the table.
  {
    auto st =
        db->prepare("SELECT count(*) FROM sqlite_schema WHERE name = 'tool_invocations_awaiting'");
    ASSERT_TRUE(st->step());
    EXPECT_EQ(st->column_int(0), 1);
  }
  // Still no status outside the vocabulary.
  EXPECT_THROW(db->exec("UPDATE tool_invocations SET status = 'bogus' WHERE id = 'i1'"),
               StoreException);
  // And writing a row builds no ephemeral table (the IN-list check did, per row).
  for (const char* sql :
       {"EXPLAIN INSERT INTO tool_invocations (id, session_id, tool, version, arguments_json, "
        "policy_decision, status, created_at_us) VALUES ('i2', 's1', 't', '1', '{}', 'allow', "
        "'running', 1)",
        "EXPLAIN UPDATE tool_invocations SET status = 'succeeded' WHERE id = 'i2' AND status = "
        "'running'"}) {
    auto st = db->prepare(sql);
    while (st->step()) EXPECT_NE(st->column_text(1), "OpenEphemeral") << sql;
  }
}

TEST(Database, RefusesADatabaseFromANewerBuild) {
  testing::TempStateDir dir;
  {
    auto db = open_db(dir.state_dir());
    db->exec("PRAGMA user_version = " + std::to_string(Database::latest_schema_version() + 1));
  }
  auto db = Database::open({.state_dir = dir.state_dir()});
  ASSERT_FALSE(db.ok());
  EXPECT_EQ(db.code(), StoreCode::io_error);
  EXPECT_NE(db.status().message.find("newer than this build"), std::string::npos);
}

TEST(Database, CountRowsCoversEveryTable) {
  testing::TempStateDir dir;
  auto db = open_db(dir.state_dir());
  const auto counts = db->count_rows();
  ASSERT_TRUE(counts.ok());
  const std::map<std::string, int64_t> expected{
      {"artifacts", 0}, {"sessions", 0}, {"tool_invocations", 0}};
  EXPECT_EQ(counts.value(), expected);
  db->exec("INSERT INTO sessions VALUES ('s1', 1, '{}', '[]', '/w')");
  EXPECT_EQ(db->count_rows().value().at("sessions"), 1);
}

TEST(Database, UnopenableStateDirIsAnError) {
  testing::TempStateDir dir;
  std::filesystem::create_directories(dir.path());
  const auto file = dir.path() / "a-file";
  {
    std::FILE* f = std::fopen(file.c_str(), "w");
    std::fclose(f);
  }
  auto db = Database::open({.state_dir = file / "state"});
  ASSERT_FALSE(db.ok());
  EXPECT_EQ(db.code(), StoreCode::io_error);
}

TEST(Transaction, RollsBackWhenNotCommitted) {
  testing::TempStateDir dir;
  auto db = open_db(dir.state_dir());
  {
    Transaction tx(*db);
    db->exec("INSERT INTO sessions VALUES ('s1', 1, '{}', '[]', '/w')");
  }
  EXPECT_EQ(db->count_rows().value().at("sessions"), 0);
  {
    Transaction tx(*db);
    db->exec("INSERT INTO sessions VALUES ('s1', 1, '{}', '[]', '/w')");
    tx.commit();
  }
  EXPECT_EQ(db->count_rows().value().at("sessions"), 1);
}

}  // namespace
}  // namespace toolhost::store
