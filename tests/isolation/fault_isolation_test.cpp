// A hostile plugin in a worker process costs only the call that tripped it:
// each misbehaviour becomes PLUGIN_FAULT or TIMEOUT with a record, the
// worker is replaced, and the host and other sessions carry on.
#include <gtest/gtest.h>

#include <chrono>
#include <fstream>
#include <future>

#include "isolation_harness.hpp"

namespace toolhost::isolation::testing {
namespace {

namespace json = boost::json;
using pipeline::CallStatus;

// How a segfaulting process ends: by the signal, or, under AddressSanitizer
// (which catches SEGV, reports it and exits 1), with status 1.
#if defined(__SANITIZE_ADDRESS__)
constexpr const char* kSegfaultEnd = "exited with status 1";
#else
constexpr const char* kSegfaultEnd = "signal 11";
#endif

const std::string kHostileDir = ISOLATION_FIXTURE_DIRS "/hostile";

class FaultIsolation : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    WorkerSettings worker;
    worker.memory_limit_bytes = 512ull << 20;
    harness_ = new IsolationHarness(third_party_config(kHostileDir), worker);
    for (const auto& d : harness_->host->diagnostics) ADD_FAILURE() << d;
  }
  static void TearDownTestSuite() {
    delete harness_;
    harness_ = nullptr;
  }

  static void expect_fault(const std::string& tool, const std::string& kind,
                           const std::string& code, const std::string& detail_part) {
    auto o = harness_->call(tool);
    ASSERT_EQ(o.status, CallStatus::failed) << json::serialize(o.to_json());
    ASSERT_TRUE(o.failure);
    EXPECT_EQ(o.failure->kind, kind) << json::serialize(o.to_json());
    EXPECT_EQ(o.failure->reason_code, code) << json::serialize(o.to_json());
    EXPECT_NE(o.failure->detail.find(detail_part), std::string::npos) << o.failure->detail;
    // The failure is on record.
    auto row = harness_->pipeline->invocations().get(o.invocation_id);
    ASSERT_TRUE(row);
    EXPECT_EQ(row->status, store::InvocationStatus::failed);
    EXPECT_EQ(row->reason_code, code);
    // The host carries on: the next call gets a fresh worker.
    auto next = harness_->call("hostile.echo", R"({"text":"still here"})");
    ASSERT_EQ(next.status, CallStatus::ok) << json::serialize(next.to_json());
    EXPECT_EQ(next.output.as_object().at("result"), "still here");
  }

  static IsolationHarness* harness_;
};
IsolationHarness* FaultIsolation::harness_ = nullptr;

TEST_F(FaultIsolation, ThirdPartyPluginsRunInAWorkerByDefault) {
  const auto* spec = harness_->host->catalog.latest("hostile.echo");
  ASSERT_NE(spec, nullptr);
  const auto* impl = harness_->host->implementation(*spec);
  ASSERT_NE(impl, nullptr);
  EXPECT_TRUE(impl->isolated);
  EXPECT_TRUE(impl->third_party);
  EXPECT_EQ(impl->library, nullptr) << "an isolated plugin is never loaded into the host";
}

TEST_F(FaultIsolation, SegfaultIsAPluginFault) {
  expect_fault("hostile.segfault", "PLUGIN_FAULT", "tool.plugin_fault.crashed", kSegfaultEnd);
}

TEST_F(FaultIsolation, AbortIsAPluginFault) {
  expect_fault("hostile.abort", "PLUGIN_FAULT", "tool.plugin_fault.crashed", "signal 6");
}

TEST_F(FaultIsolation, ExitMidCallIsAPluginFault) {
  expect_fault("hostile.exit", "PLUGIN_FAULT", "tool.plugin_fault.crashed", "exited with status 0");
}

TEST_F(FaultIsolation, GarbageOnTheProtocolIsAPluginFault) {
  expect_fault("hostile.garbage", "PLUGIN_FAULT", "tool.plugin_fault.protocol", "malformed frame");
}

TEST_F(FaultIsolation, HangPastTheDeadlineIsATimeoutAndTheWorkerIsKilled) {
  auto started = std::chrono::steady_clock::now();
  expect_fault("hostile.hang", "TIMEOUT", "tool.timeout.deadline_exceeded", "");
  // hostile.hang declares timeout_s 1 and sleeps 600 s; generous bound.
  EXPECT_LT(std::chrono::steady_clock::now() - started, std::chrono::seconds(20));
}

TEST_F(FaultIsolation, MemoryLimitIsAPluginFault) {
#if defined(__SANITIZE_ADDRESS__)
  GTEST_SKIP() << "RLIMIT_AS is not applied to workers under AddressSanitizer";
#else
  expect_fault("hostile.hog", "PLUGIN_FAULT", "tool.plugin_fault.crashed", kSegfaultEnd);
#endif
}

TEST_F(FaultIsolation, OtherSessionsCarryOnWhileAWorkerHangs) {
  auto hang = std::async(std::launch::async, [] { return harness_->call("hostile.hang"); });
  for (int i = 0; i < 5; ++i) {
    auto o = harness_->call("hostile.echo", R"({"text":"meanwhile"})");
    ASSERT_EQ(o.status, CallStatus::ok) << json::serialize(o.to_json());
  }
  EXPECT_EQ(hang.wait_for(std::chrono::milliseconds(0)), std::future_status::timeout)
      << "echo calls finished while the hanging call was still running";
  EXPECT_EQ(hang.get().failure->kind, "TIMEOUT");
}

TEST_F(FaultIsolation, ServicesAreProxiedToTheHost) {
  auto o = harness_->call("hostile.services");
  ASSERT_EQ(o.status, CallStatus::ok) << json::serialize(o.to_json());
  auto seen = json::parse(o.output.as_object().at("result").as_string()).as_object();
  EXPECT_EQ(seen.at("clock").to_number<int64_t>(), 1785157391482913) << "the host's fixed clock";
  EXPECT_EQ(seen.at("cancelled"), false);
  EXPECT_EQ(seen.at("deadline_positive"), true);
  EXPECT_EQ(seen.at("credential"), "s3cret");
  EXPECT_EQ(seen.at("write").to_number<int>(), TH_SERVICE_OK);
  EXPECT_EQ(seen.at("created").to_number<int>(), 1);
  EXPECT_EQ(seen.at("read_bytes"), "proxied bytes");
  EXPECT_NE(std::string(seen.at("listing").as_string()).find("a.txt"), std::string::npos);
  EXPECT_EQ(seen.at("provenance").to_number<int>(), TH_PROVENANCE_TOOL_WRITTEN);
  // Written through the proxy, so the file is in this call's workspace.
  std::ifstream written(harness_->workspace / "notes" / "a.txt");
  std::string text((std::istreambuf_iterator<char>(written)), std::istreambuf_iterator<char>());
  EXPECT_EQ(text, "proxied bytes");
}

TEST_F(FaultIsolation, AProxiedEscapeFailsTheCallLikeInProcess) {
  auto o = harness_->call("hostile.services", R"({"text":"escape"})");
  ASSERT_EQ(o.status, CallStatus::failed);
  EXPECT_EQ(o.failure->reason_code, "tool.invalid_arguments.path_outside_workspace");
}

}  // namespace
}  // namespace toolhost::isolation::testing
