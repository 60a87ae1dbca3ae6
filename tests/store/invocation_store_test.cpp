#include "store/invocation_store.hpp"

#include "store/session_store.hpp"
#include "temp_state_dir.hpp"

#include <gtest/gtest.h>
#include <sys/wait.h>
#include <unistd.h>

#include <atomic>
#include <thread>
#include <vector>

namespace toolhost::store {
namespace {

class InvocationStoreTest : public ::testing::Test {
 protected:
  void SetUp() override {
    db_ = open();
    session_id_ = SessionStore(*db_, ids_).create({.created_at_us = 1})->id;
  }

  std::unique_ptr<Database> open() {
    auto opened = Database::open({.state_dir = dir_.state_dir()});
    EXPECT_TRUE(opened.ok()) << opened.status().message;
    return std::move(opened.value());
  }

  NewInvocation call(int64_t at_us = 100) const {
    return {.session_id = session_id_,
            .tool = "math.calculate",
            .version = "1.0.0",
            .arguments_json = R"({"expression":"17 * 23"})",
            .policy_decision = "allow",
            .created_at_us = at_us};
  }

  int64_t rowid_of(const std::string& id) {
    auto st = db_->prepare("SELECT rowid FROM tool_invocations WHERE id = ?1");
    st->bind(1, id);
    return st->step() ? st->column_int(0) : -1;
  }

  static InvocationOutcome success() {
    return {.succeeded = true,
            .output_json = R"({"result":"391"})",
            .content = "391",
            .output_trust = "INTERNAL_TOOL",
            .finished_at_us = 150,
            .duration_us = 50};
  }

  testing::TempStateDir dir_;
  SequentialIdGenerator ids_;
  std::unique_ptr<Database> db_;
  std::string session_id_;
};

TEST_F(InvocationStoreTest, RunningThenCompletedRecordsEveryField) {
  InvocationStore store(*db_, ids_);
  auto id = store.insert_running(call());
  ASSERT_TRUE(id.ok());
  EXPECT_EQ(id.value(), "00000000-0000-4000-8000-000000000002");

  auto running = store.get(id.value());
  ASSERT_TRUE(running.ok());
  EXPECT_EQ(running->status, InvocationStatus::running);
  EXPECT_EQ(running->started_at_us, 100);
  EXPECT_EQ(running->finished_at_us, std::nullopt);

  ASSERT_TRUE(store.complete(id.value(), success()).ok());
  auto done = store.get(id.value());
  ASSERT_TRUE(done.ok());
  EXPECT_EQ(done->status, InvocationStatus::succeeded);
  EXPECT_EQ(done->session_id, session_id_);
  EXPECT_EQ(done->tool, "math.calculate");
  EXPECT_EQ(done->version, "1.0.0");
  EXPECT_EQ(done->arguments_json, R"({"expression":"17 * 23"})");
  EXPECT_EQ(done->policy_decision, "allow");
  EXPECT_EQ(done->output_json, R"({"result":"391"})");
  EXPECT_EQ(done->content, "391");
  EXPECT_EQ(done->output_trust, "INTERNAL_TOOL");
  EXPECT_EQ(done->failure_kind, "");
  EXPECT_EQ(done->created_at_us, 100);
  EXPECT_EQ(done->finished_at_us, 150);
  EXPECT_EQ(done->duration_us, 50);
}

TEST_F(InvocationStoreTest, ACallCompletesOnlyOnce) {
  InvocationStore store(*db_, ids_);
  const std::string id = store.insert_running(call()).value();
  ASSERT_TRUE(store.complete(id, success()).ok());
  InvocationOutcome failure{.failure_kind = "TIMEOUT", .reason_code = "tool.timeout.x"};
  EXPECT_EQ(store.complete(id, failure).code, StoreCode::wrong_state);
  EXPECT_EQ(store.get(id)->status, InvocationStatus::succeeded);
  EXPECT_EQ(store.complete("unknown", success()).code, StoreCode::not_found);
}

TEST_F(InvocationStoreTest, FailedOutcomeAndInsertCompleted) {
  InvocationStore store(*db_, ids_);
  InvocationOutcome failure{.failure_kind = "INVALID_ARGUMENTS",
                            .reason_code = "tool.invalid_arguments.schema",
                            .detail = "/expression: type",
                            .finished_at_us = 101};
  auto id = store.insert_completed(call(), failure);
  ASSERT_TRUE(id.ok());
  auto row = store.get(id.value());
  EXPECT_EQ(row->status, InvocationStatus::failed);
  EXPECT_EQ(row->failure_kind, "INVALID_ARGUMENTS");
  EXPECT_EQ(row->reason_code, "tool.invalid_arguments.schema");
  EXPECT_EQ(row->detail, "/expression: type");
  EXPECT_EQ(row->started_at_us, std::nullopt);  // it never ran
  EXPECT_EQ(row->finished_at_us, 101);
}

TEST_F(InvocationStoreTest, AnInvocationMustBelongToAKnownSession) {
  InvocationStore store(*db_, ids_);
  NewInvocation orphan = call();
  orphan.session_id = "no-such-session";
  auto id = store.insert_running(orphan);
  ASSERT_FALSE(id.ok());
  EXPECT_EQ(id.code(), StoreCode::io_error);
  EXPECT_EQ(db_->count_rows().value().at("tool_invocations"), 0);
}

// Batches go in several rows per statement (chunks of 32 and 8, the rest one
// by one); every size must give each invocation its own row, in order.
TEST_F(InvocationStoreTest, ABatchOfRunningRowsWritesEachCallInOrder) {
  InvocationStore store(*db_, ids_);
  int64_t written = 0;
  for (const size_t n : {size_t{0}, size_t{1}, size_t{7}, size_t{8}, size_t{9}, size_t{32},
                         size_t{33}, size_t{45}, size_t{77}}) {
    std::vector<NewInvocation> calls;
    for (size_t i = 0; i < n; ++i) {
      NewInvocation c = call(static_cast<int64_t>(1000 + i));
      c.arguments_json = R"({"expression":")" + std::to_string(i) + R"("})";
      calls.push_back(std::move(c));
    }
    std::vector<const NewInvocation*> pointers;
    for (const auto& c : calls) pointers.push_back(&c);
    auto ids = store.insert_running_many(pointers);
    ASSERT_TRUE(ids.ok()) << ids.status().message;
    ASSERT_EQ(ids->size(), n);
    for (size_t i = 0; i < n; ++i) {
      const auto& [id, rowid] = (*ids)[i];
      EXPECT_EQ(rowid, rowid_of(id)) << i;
      auto row = store.get(id);
      ASSERT_TRUE(row.ok()) << id;
      EXPECT_EQ(row->status, InvocationStatus::running);
      EXPECT_EQ(row->arguments_json, calls[i].arguments_json);
      EXPECT_EQ(row->created_at_us, 1000 + static_cast<int64_t>(i));
      EXPECT_EQ(row->started_at_us, 1000 + static_cast<int64_t>(i));
      EXPECT_EQ(row->session_id, session_id_);
      EXPECT_TRUE(store.complete(id, success(), rowid).ok());
      EXPECT_EQ(store.get(id)->status, InvocationStatus::succeeded);
    }
    written += static_cast<int64_t>(n);
    EXPECT_EQ(db_->count_rows().value().at("tool_invocations"), written);
  }
}

TEST_F(InvocationStoreTest, ACompletionsRowidIsCheckedAgainstItsId) {
  InvocationStore store(*db_, ids_);
  std::vector<NewInvocation> calls(3, call());
  std::vector<const NewInvocation*> pointers;
  for (const auto& c : calls) pointers.push_back(&c);
  const auto rows = store.insert_running_many(pointers).value();
  // The rowid of another running row: that row stays running, this one completes.
  ASSERT_TRUE(store.complete(rows[0].id, success(), rows[1].rowid).ok());
  EXPECT_EQ(store.get(rows[0].id)->status, InvocationStatus::succeeded);
  EXPECT_EQ(store.get(rows[1].id)->status, InvocationStatus::running);
  // A rowid no row has.
  ASSERT_TRUE(store.complete(rows[1].id, success(), rows[2].rowid + 1000).ok());
  EXPECT_EQ(store.get(rows[1].id)->status, InvocationStatus::succeeded);
  // Its own rowid, twice: the second is still refused.
  ASSERT_TRUE(store.complete(rows[2].id, success(), rows[2].rowid).ok());
  EXPECT_EQ(store.complete(rows[2].id, success(), rows[2].rowid).code, StoreCode::wrong_state);
  EXPECT_EQ(store.complete("unknown", success(), rows[2].rowid).code, StoreCode::not_found);
}

TEST_F(InvocationStoreTest, ABatchWithAnUnknownSessionFailsInsideTheTransaction) {
  InvocationStore store(*db_, ids_);
  std::vector<NewInvocation> calls(40, call());
  calls[35].session_id = "no-such-session";  // in the rows written one by one
  calls[3].session_id = "no-such-session";   // in the first 32-row statement
  std::vector<const NewInvocation*> pointers;
  for (const auto& c : calls) pointers.push_back(&c);
  {
    Transaction tx(*db_);
    auto ids = store.insert_running_many(pointers);
    ASSERT_FALSE(ids.ok());
    EXPECT_EQ(ids.code(), StoreCode::io_error);
  }  // rolled back
  EXPECT_EQ(db_->count_rows().value().at("tool_invocations"), 0);
}

TEST_F(InvocationStoreTest, ApprovalIsClaimedExactlyOnce) {
  InvocationStore store(*db_, ids_);
  const std::string id = store.insert_awaiting_approval(call(100)).value();
  auto waiting = store.get(id);
  EXPECT_EQ(waiting->status, InvocationStatus::awaiting_approval);
  EXPECT_EQ(waiting->started_at_us, std::nullopt);

  auto claimed = store.claim_for_approval(id, 200);
  ASSERT_TRUE(claimed.ok()) << claimed.status().message;
  EXPECT_EQ(claimed->status, InvocationStatus::running);
  EXPECT_EQ(claimed->approved_at_us, 200);
  EXPECT_EQ(claimed->started_at_us, 200);
  EXPECT_EQ(claimed->arguments_json, R"({"expression":"17 * 23"})");

  auto again = store.claim_for_approval(id, 300);
  ASSERT_FALSE(again.ok());
  EXPECT_EQ(again.code(), StoreCode::wrong_state);
  EXPECT_EQ(store.get(id)->approved_at_us, 200);
  EXPECT_EQ(store.deny(id, 300).code, StoreCode::wrong_state);
  EXPECT_EQ(store.claim_for_approval("unknown", 1).code(), StoreCode::not_found);
}

TEST_F(InvocationStoreTest, DenyEndsTheCallAndBlocksApproval) {
  InvocationStore store(*db_, ids_);
  const std::string id = store.insert_awaiting_approval(call()).value();
  ASSERT_TRUE(store.deny(id, 250).ok());
  auto row = store.get(id);
  EXPECT_EQ(row->status, InvocationStatus::denied);
  EXPECT_EQ(row->failure_kind, "APPROVAL_DENIED");
  EXPECT_EQ(row->reason_code, "tool.approval_denied.denied");
  EXPECT_EQ(row->finished_at_us, 250);
  EXPECT_EQ(store.claim_for_approval(id, 300).code(), StoreCode::wrong_state);
  EXPECT_EQ(store.deny(id, 300).code, StoreCode::wrong_state);
}

TEST_F(InvocationStoreTest, ListAwaitingApprovalIsOldestFirstAndOnlyAwaiting) {
  InvocationStore store(*db_, ids_);
  const std::string late = store.insert_awaiting_approval(call(300)).value();
  const std::string early = store.insert_awaiting_approval(call(100)).value();
  const std::string claimed = store.insert_awaiting_approval(call(200)).value();
  store.insert_running(call(50)).value();
  ASSERT_TRUE(store.claim_for_approval(claimed, 400).ok());
  auto list = store.list_awaiting_approval();
  ASSERT_TRUE(list.ok());
  ASSERT_EQ(list->size(), 2u);
  EXPECT_EQ((*list)[0].id, early);
  EXPECT_EQ((*list)[1].id, late);
}

TEST_F(InvocationStoreTest, ConcurrentClaimersFromTwoConnectionsWinEachRowOnce) {
  constexpr int kRows = 200;
  std::vector<std::string> ids;
  {
    InvocationStore store(*db_, ids_);
    for (int i = 0; i < kRows; ++i) ids.push_back(store.insert_awaiting_approval(call(i)).value());
  }
  std::atomic<int> wins[2] = {0, 0};
  std::atomic<int> wrong_state[2] = {0, 0};
  std::atomic<int> other[2] = {0, 0};
  auto claimer = [&](int who) {
    auto db = open();  // its own connection
    RandomUuidGenerator unused;
    InvocationStore store(*db, unused);
    for (const auto& id : ids) {
      auto claimed = store.claim_for_approval(id, 1000 + who);
      if (claimed.ok()) {
        ++wins[who];
      } else if (claimed.code() == StoreCode::wrong_state) {
        ++wrong_state[who];
      } else {
        ++other[who];
      }
    }
  };
  std::thread a(claimer, 0);
  std::thread b(claimer, 1);
  a.join();
  b.join();
  EXPECT_EQ(other[0] + other[1], 0);
  EXPECT_EQ(wins[0] + wins[1], kRows);
  EXPECT_EQ(wrong_state[0] + wrong_state[1], kRows);
  InvocationStore store(*db_, ids_);
  for (const auto& id : ids) {
    auto row = store.get(id);
    EXPECT_EQ(row->status, InvocationStatus::running);
    EXPECT_TRUE(row->approved_at_us == 1000 || row->approved_at_us == 1001);
  }
}

TEST_F(InvocationStoreTest, ARowLeftRunningByACrashStaysRunning) {
  std::string id;
  {
    InvocationStore store(*db_, ids_);
    id = store.insert_running(call()).value();
  }
  db_.reset();  // closed without completing, as a process that died mid-call
  auto db = open();
  InvocationStore store(*db, ids_);
  auto row = store.get(id);
  ASSERT_TRUE(row.ok());
  EXPECT_EQ(row->status, InvocationStatus::running);
  EXPECT_EQ(row->finished_at_us, std::nullopt);
  EXPECT_TRUE(store.list_awaiting_approval()->empty());  // never offered for approval again
}

// A real process crash: the child acknowledges one completed call, claims one
// approval, leaves one call running, then dies without closing the database.
TEST_F(InvocationStoreTest, AcknowledgedRecordsSurviveAProcessCrash) {
  InvocationStore store(*db_, ids_);
  const std::string awaiting = store.insert_awaiting_approval(call()).value();
  db_.reset();

  const pid_t child = ::fork();
  ASSERT_GE(child, 0);
  if (child == 0) {
    auto db = Database::open({.state_dir = dir_.state_dir()});
    SequentialIdGenerator child_ids(1000);
    InvocationStore child_store(*db.value(), child_ids);
    const std::string done = child_store.insert_running(call()).value();
    const bool completed = child_store.complete(done, success()).ok();
    const bool claimed = child_store.claim_for_approval(awaiting, 500).ok();
    const bool started = child_store.insert_running(call()).ok();
    ::_exit(completed && claimed && started ? 42 : 1);  // no destructors, no checkpoint
  }
  int wstatus = 0;
  ASSERT_EQ(::waitpid(child, &wstatus, 0), child);
  ASSERT_TRUE(WIFEXITED(wstatus));
  ASSERT_EQ(WEXITSTATUS(wstatus), 42);

  auto db = open();
  InvocationStore reopened(*db, ids_);
  EXPECT_EQ(reopened.get("00000000-0000-4000-8000-0000000003e9")->status,
            InvocationStatus::succeeded);
  EXPECT_EQ(reopened.get("00000000-0000-4000-8000-0000000003e9")->content, "391");
  EXPECT_EQ(reopened.get(awaiting)->status, InvocationStatus::running);
  EXPECT_EQ(reopened.claim_for_approval(awaiting, 600).code(), StoreCode::wrong_state);
  EXPECT_EQ(reopened.get("00000000-0000-4000-8000-0000000003ea")->status,
            InvocationStatus::running);
}

TEST(InvocationStatus, NamesRoundTrip) {
  for (auto status :
       {InvocationStatus::running, InvocationStatus::awaiting_approval, InvocationStatus::approved,
        InvocationStatus::succeeded, InvocationStatus::failed, InvocationStatus::denied}) {
    EXPECT_EQ(parse_invocation_status(to_string(status)), status);
  }
  EXPECT_EQ(to_string(InvocationStatus::awaiting_approval), "awaiting_approval");
  EXPECT_EQ(parse_invocation_status("Running"), std::nullopt);
}

}  // namespace
}  // namespace toolhost::store
