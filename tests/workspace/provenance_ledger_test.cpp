#include "temp_tree.hpp"
#include "workspace/memory_provenance_ledger.hpp"
#include "workspace/sqlite_provenance_ledger.hpp"

#include <gtest/gtest.h>
#include <sqlite3.h>

#include <functional>
#include <memory>

namespace toolhost::workspace {
namespace {

using workspace_test::TempTree;

void expect_rules(ProvenanceLedger& ledger) {
  EXPECT_EQ(ledger.lookup("a.md").provenance, Provenance::unknown);
  ASSERT_EQ(ledger.record_tool_write("a.md"), WorkspaceStatus::ok);
  EXPECT_EQ(ledger.lookup("a.md").provenance, Provenance::tool_written);
  EXPECT_EQ(ledger.lookup("A.md").provenance, Provenance::unknown);  // keys are exact bytes

  // A sandbox write overrides, and a later tool write does not launder it.
  ASSERT_EQ(ledger.record_sandbox_write("a.md"), WorkspaceStatus::ok);
  EXPECT_EQ(ledger.lookup("a.md").provenance, Provenance::sandbox_written);
  ASSERT_EQ(ledger.record_tool_write("a.md"), WorkspaceStatus::ok);
  EXPECT_EQ(ledger.lookup("a.md").provenance, Provenance::sandbox_written);

  ASSERT_EQ(ledger.record_sandbox_write("b.md"), WorkspaceStatus::ok);
  EXPECT_EQ(ledger.lookup("b.md").provenance, Provenance::sandbox_written);

  ASSERT_EQ(ledger.forget_all(), WorkspaceStatus::ok);
  EXPECT_EQ(ledger.lookup("a.md").provenance, Provenance::unknown);
  EXPECT_EQ(ledger.lookup("b.md").provenance, Provenance::unknown);
}

TEST(MemoryProvenanceLedger, FollowsTheProvenanceRules) {
  MemoryProvenanceLedger ledger;
  expect_rules(ledger);
}

TEST(SqliteProvenanceLedger, FollowsTheProvenanceRules) {
  TempTree tree;
  auto ledger = SqliteProvenanceLedger::at_path((tree.base() / "toolhost.db").string(), "/ws");
  ASSERT_NE(ledger, nullptr);
  expect_rules(*ledger);
}

TEST(SqliteProvenanceLedger, SurvivesReopeningTheDatabase) {
  TempTree tree;
  const auto db = (tree.base() / "toolhost.db").string();
  {
    auto ledger = SqliteProvenanceLedger::at_path(db, "/ws/one");
    ASSERT_NE(ledger, nullptr);
    ASSERT_EQ(ledger->record_tool_write("notes/a.md"), WorkspaceStatus::ok);
    ASSERT_EQ(ledger->record_sandbox_write("out.txt"), WorkspaceStatus::ok);
  }
  auto reopened = SqliteProvenanceLedger::at_path(db, "/ws/one");
  ASSERT_NE(reopened, nullptr);
  EXPECT_EQ(reopened->lookup("notes/a.md").provenance, Provenance::tool_written);
  EXPECT_EQ(reopened->lookup("out.txt").provenance, Provenance::sandbox_written);
  // Another workspace in the same database knows nothing of these.
  auto other = SqliteProvenanceLedger::at_path(db, "/ws/two");
  ASSERT_NE(other, nullptr);
  EXPECT_EQ(other->lookup("notes/a.md").provenance, Provenance::unknown);
  // Forgetting one workspace leaves the other's records.
  ASSERT_EQ(other->record_tool_write("x"), WorkspaceStatus::ok);
  ASSERT_EQ(reopened->forget_all(), WorkspaceStatus::ok);
  EXPECT_EQ(other->lookup("x").provenance, Provenance::tool_written);
}

TEST(SqliteProvenanceLedger, UsesTheDocumentedTableOnABorrowedConnection) {
  sqlite3* raw = nullptr;
  ASSERT_EQ(sqlite3_open(":memory:", &raw), SQLITE_OK);
  std::unique_ptr<sqlite3, int (*)(sqlite3*)> db(raw, sqlite3_close);
  {
    auto ledger = SqliteProvenanceLedger::on_connection(db.get(), "/ws");
    ASSERT_NE(ledger, nullptr);
    ASSERT_EQ(ledger->record_tool_write("a.md"), WorkspaceStatus::ok);
    ASSERT_EQ(ledger->record_sandbox_write("b.md"), WorkspaceStatus::ok);
  }
  sqlite3_stmt* raw_statement = nullptr;
  ASSERT_EQ(sqlite3_prepare_v2(db.get(),
                               "SELECT workspace_root, path, provenance FROM workspace_provenance"
                               " ORDER BY path",
                               -1, &raw_statement, nullptr),
            SQLITE_OK);
  std::unique_ptr<sqlite3_stmt, int (*)(sqlite3_stmt*)> statement(raw_statement, sqlite3_finalize);
  std::vector<std::string> rows;
  while (sqlite3_step(statement.get()) == SQLITE_ROW) {
    std::string row;
    for (int column = 0; column < 3; ++column) {
      row += reinterpret_cast<const char*>(sqlite3_column_text(statement.get(), column));
      row += '|';
    }
    rows.push_back(row);
  }
  EXPECT_EQ(rows,
            (std::vector<std::string>{"/ws|a.md|TOOL_WRITTEN|", "/ws|b.md|SANDBOX_WRITTEN|"}));
}

TEST(SqliteProvenanceLedger, ReportsAnUnopenableDatabase) {
  std::string error;
  auto ledger = SqliteProvenanceLedger::at_path("/nonexistent-dir/x/toolhost.db", "/ws", &error);
  EXPECT_EQ(ledger, nullptr);
  EXPECT_FALSE(error.empty());
}

}  // namespace
}  // namespace toolhost::workspace
