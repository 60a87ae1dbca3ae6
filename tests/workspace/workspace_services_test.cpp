#include "workspace/workspace_services.hpp"
#include "temp_tree.hpp"
#include "workspace/memory_provenance_ledger.hpp"

#include <gtest/gtest.h>

#include <string>
#include <vector>

namespace toolhost::workspace {
namespace {

using workspace_test::put_file;
using workspace_test::TempTree;

// The pipeline's per-call host state, with the workspace context not first,
// to show the resolver is all the services rely on.
struct CallServices {
  int other_service_state = 7;
  WorkspaceCallContext workspace;
};

WorkspaceCallContext* workspace_of(void* host) {
  return &static_cast<CallServices*>(host)->workspace;
}

th_str str(std::string_view s) {
  return {s.data(), s.size()};
}

struct Collected {
  std::vector<std::string> chunks;
  int32_t stop_after = -1;  // stop once this many chunks arrived
};

th_sink collecting_sink(Collected& collected) {
  return {&collected, [](void* c, const char* data, size_t size) -> int32_t {
            auto* into = static_cast<Collected*>(c);
            into->chunks.emplace_back(data, size);
            return static_cast<int32_t>(into->chunks.size()) == into->stop_after ? 1 : 0;
          }};
}

class WorkspaceServicesTest : public ::testing::Test {
 protected:
  void SetUp() override {
    auto opened = WorkspaceHandle::open_root(tree.workspace().string(),
                                             std::make_unique<MemoryProvenanceLedger>());
    ASSERT_NE(opened.handle, nullptr);
    handle = std::move(opened.handle);
    call.workspace.handle = handle.get();
    table.struct_size = sizeof table;
    table.host = &call;
    bind_workspace_services<&workspace_of>(table);
  }

  TempTree tree;
  std::unique_ptr<WorkspaceHandle> handle;
  CallServices call;
  th_host_services table{};
};

TEST_F(WorkspaceServicesTest, ReadStreamsToTheSinkAndReportsTheSize) {
  put_file(tree.workspace() / "a.txt", "hello");
  Collected collected;
  uint64_t size = 0;
  EXPECT_EQ(table.workspace_read(table.host, str("a.txt"), collecting_sink(collected), &size),
            TH_SERVICE_OK);
  EXPECT_EQ(collected.chunks, (std::vector<std::string>{"hello"}));
  EXPECT_EQ(size, 5u);
  EXPECT_FALSE(call.workspace.escaped());
  EXPECT_EQ(call.other_service_state, 7);
}

// Gate 11 depends on the split really happening: the first chunk is 64 KiB
// and ends inside the euro sign's three bytes.
TEST_F(WorkspaceServicesTest, ReadSplitsAtTheSixtyFourKibBoundary) {
  const std::string text = std::string(65535, 'a') + "\xe2\x82\xac" + "b";
  put_file(tree.workspace() / "split.txt", text);
  Collected collected;
  uint64_t size = 0;
  ASSERT_EQ(table.workspace_read(table.host, str("split.txt"), collecting_sink(collected), &size),
            TH_SERVICE_OK);
  ASSERT_EQ(collected.chunks.size(), 2u);
  EXPECT_EQ(collected.chunks[0].size(), 65536u);
  EXPECT_EQ(collected.chunks[0].back(), '\xe2');
  EXPECT_EQ(collected.chunks[1],
            "\x82\xac"
            "b");
}

TEST_F(WorkspaceServicesTest, ASinkThatStopsEndsTheRead) {
  put_file(tree.workspace() / "big.txt", std::string(200000, 'x'));
  Collected collected;
  collected.stop_after = 1;
  uint64_t size = 0;
  EXPECT_EQ(table.workspace_read(table.host, str("big.txt"), collecting_sink(collected), &size),
            TH_SERVICE_STOPPED);
  EXPECT_EQ(collected.chunks.size(), 1u);
  EXPECT_EQ(size, 65536u);
}

TEST_F(WorkspaceServicesTest, WriteFillsTheOutcome) {
  th_write_outcome outcome{};
  outcome.struct_size = sizeof outcome;
  EXPECT_EQ(table.workspace_write(table.host, str("a.md"), str("abc"), &outcome), TH_SERVICE_OK);
  EXPECT_EQ(outcome.created, 1);
  EXPECT_EQ(outcome.byte_count, 3u);
  EXPECT_EQ(table.workspace_write(table.host, str("a.md"), str("abcd"), &outcome), TH_SERVICE_OK);
  EXPECT_EQ(outcome.created, 0);
  EXPECT_EQ(outcome.byte_count, 4u);

  // An older caller's shorter struct is not written past its end.
  th_write_outcome old{};
  old.struct_size = sizeof(uint32_t);
  old.byte_count = 99;
  EXPECT_EQ(table.workspace_write(table.host, str("b.md"), str("x"), &old), TH_SERVICE_OK);
  EXPECT_EQ(old.byte_count, 99u);
}

TEST_F(WorkspaceServicesTest, ListEmitsTheDocumentedJsonArray) {
  put_file(tree.workspace() / "d" / "x.txt", "xy");
  put_file(tree.workspace() / "quote\".txt", "q");
  std::string json;
  Collected collected;
  ASSERT_EQ(table.workspace_list(table.host, str(""), 1, 10, collecting_sink(collected)),
            TH_SERVICE_OK);
  ASSERT_EQ(collected.chunks.size(), 1u);
  EXPECT_EQ(collected.chunks[0], R"([{"path":"d","kind":"directory","byte_count":0},)"
                                 R"({"path":"d/x.txt","kind":"file","byte_count":2},)"
                                 R"({"path":"quote\".txt","kind":"file","byte_count":1}])");
  Collected capped;
  ASSERT_EQ(table.workspace_list(table.host, str(""), 1, 1, collecting_sink(capped)),
            TH_SERVICE_OK);
  EXPECT_EQ(capped.chunks[0], R"([{"path":"d","kind":"directory","byte_count":0}])");
}

TEST_F(WorkspaceServicesTest, ProvenanceAnswersTheAbiValues) {
  put_file(tree.workspace() / "placed.md", "p");
  th_write_outcome outcome{};
  outcome.struct_size = sizeof outcome;
  ASSERT_EQ(table.workspace_write(table.host, str("mine.md"), str("m"), &outcome), TH_SERVICE_OK);
  int32_t provenance = -1;
  EXPECT_EQ(table.workspace_provenance(table.host, str("mine.md"), &provenance), TH_SERVICE_OK);
  EXPECT_EQ(provenance, TH_PROVENANCE_TOOL_WRITTEN);
  EXPECT_EQ(table.workspace_provenance(table.host, str("placed.md"), &provenance), TH_SERVICE_OK);
  EXPECT_EQ(provenance, TH_PROVENANCE_UNKNOWN);
  ASSERT_EQ(handle->record_sandbox_write("mine.md"), WorkspaceStatus::ok);
  EXPECT_EQ(table.workspace_provenance(table.host, str("mine.md"), &provenance), TH_SERVICE_OK);
  EXPECT_EQ(provenance, TH_PROVENANCE_SANDBOX_WRITTEN);
}

TEST_F(WorkspaceServicesTest, EveryServiceRecordsAnEscape) {
  Collected ignored;
  uint64_t size = 0;
  th_write_outcome outcome{};
  outcome.struct_size = sizeof outcome;
  int32_t provenance = 0;
  const std::vector<std::function<int32_t()>> calls = {
      [&] {
        return table.workspace_read(table.host, str("../x"), collecting_sink(ignored), &size);
      },
      [&] { return table.workspace_write(table.host, str("/x"), str("x"), &outcome); },
      [&] {
        return table.workspace_list(table.host, str("a/./b"), 0, 10, collecting_sink(ignored));
      },
      [&] { return table.workspace_provenance(table.host, str("a\\b"), &provenance); }};
  for (const auto& call_service : calls) {
    call.workspace.escape_seen = false;
    EXPECT_EQ(call_service(), TH_SERVICE_ESCAPE);
    EXPECT_TRUE(call.workspace.escaped());
  }
}

TEST_F(WorkspaceServicesTest, OtherFailuresAreNotEscapes) {
  Collected ignored;
  uint64_t size = 0;
  EXPECT_EQ(table.workspace_read(table.host, str("missing"), collecting_sink(ignored), &size),
            TH_SERVICE_NO_SUCH_PATH);
  EXPECT_FALSE(call.workspace.escaped());
}

TEST_F(WorkspaceServicesTest, WithoutAHandleEveryServiceIsUnavailable) {
  call.workspace.handle = nullptr;
  Collected ignored;
  uint64_t size = 0;
  th_write_outcome outcome{};
  int32_t provenance = 0;
  EXPECT_EQ(table.workspace_read(table.host, str("a"), collecting_sink(ignored), &size),
            TH_SERVICE_UNAVAILABLE);
  EXPECT_EQ(table.workspace_write(table.host, str("a"), str("x"), &outcome),
            TH_SERVICE_UNAVAILABLE);
  EXPECT_EQ(table.workspace_list(table.host, str(""), 0, 1, collecting_sink(ignored)),
            TH_SERVICE_UNAVAILABLE);
  EXPECT_EQ(table.workspace_provenance(table.host, str("a"), &provenance), TH_SERVICE_UNAVAILABLE);
}

TEST(WorkspaceServicesBinding, TheOneArgumentFormPointsHostAtTheContext) {
  WorkspaceCallContext context;
  th_host_services table{};
  bind_workspace_services(table, context);
  EXPECT_EQ(table.host, &context);
  EXPECT_NE(table.workspace_read, nullptr);
  EXPECT_NE(table.workspace_write, nullptr);
  EXPECT_NE(table.workspace_list, nullptr);
  EXPECT_NE(table.workspace_provenance, nullptr);
}

}  // namespace
}  // namespace toolhost::workspace
