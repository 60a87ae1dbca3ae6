// Approvals in the initialize era: elicitation/create sent to the client
// while other requests keep flowing, or the out-of-band fallback.
#include "session_driver.hpp"

#include <gtest/gtest.h>

using namespace toolhost::mcp;
using namespace toolhost::mcp::testing;
namespace json = boost::json;

namespace {
const json::object kWriteArgs{{"destination", "ops@example"}, {"content", "hello"}};

std::string elicit_answer(const json::value& id, std::string_view result) {
  return R"({"jsonrpc":"2.0","id":)" + json::serialize(id) + R"(,"result":)" + std::string(result) +
         "}";
}
}  // namespace

TEST(LegacyApproval, AsksThroughElicitationAndAnswersTheOriginalIdAfterwards) {
  SessionDriver d;
  d.initialize("2025-11-25", R"({"elicitation":{}})");
  const auto request = d.one(call_line("call-1", "demo.external_write", kWriteArgs));
  // No answer to call-1 yet: a server-to-client request instead.
  EXPECT_FALSE(request.as_object().contains("result"));
  EXPECT_EQ(request.at("method"), json::value("elicitation/create"));
  EXPECT_EQ(request.at("id"), json::value("toolhost-approval-1"));
  const auto& params = request.at("params").as_object();
  EXPECT_EQ(params.at("mode"), json::value("form"));
  EXPECT_EQ(params.at("message"),
            json::value("Approve demo.external_write 1.0.0 (Demo external write)? Side effect "
                        "EXTERNAL_WRITE, risk HIGH. Invocation inv-000001. Arguments: "
                        "{\"destination\":\"ops@example\",\"content\":\"hello\"}"));
  EXPECT_EQ(d.session.pending_elicitations(), 1u);

  // Pipelined requests are served while the approval is open.
  EXPECT_EQ(d.one(call_line(2, "math.calculate", {{"expression", "17 * 23"}}))
                .at("result")
                .at("content")
                .at(0)
                .at("text"),
            json::value("391"));
  EXPECT_EQ(d.one(R"({"jsonrpc":"2.0","id":3,"method":"ping"})").at("id"), json::value(3));

  const auto done =
      d.one(elicit_answer(request.at("id"), R"({"action":"accept","content":{"approve":true}})"));
  EXPECT_EQ(done.at("id"), json::value("call-1"));
  EXPECT_EQ(done.at("result").at("isError"), json::value(false));
  EXPECT_EQ(done.at("result").at("structuredContent").at("destination"),
            json::value("ops@example"));
  EXPECT_EQ(done.at("result").at("_meta").at("dev.toolhost/invocation_id"),
            json::value("inv-000001"));
  EXPECT_EQ(d.backend.approve_count, 1);
  EXPECT_EQ(d.session.pending_elicitations(), 0u);
}

TEST(LegacyApproval, Revision20250618HasNoModeField) {
  SessionDriver d;
  d.initialize("2025-06-18", R"({"elicitation":{}})");
  const auto request = d.one(call_line(1, "demo.external_write", kWriteArgs));
  EXPECT_FALSE(request.at("params").as_object().contains("mode"));
}

TEST(LegacyApproval, DeclineAndFalseDeny) {
  SessionDriver d;
  d.initialize("2025-11-25", R"({"elicitation":{"form":{}}})");
  const auto first = d.one(call_line(1, "demo.external_write", kWriteArgs));
  const auto denied = d.one(elicit_answer(first.at("id"), R"({"action":"decline"})"));
  EXPECT_EQ(denied.at("id"), json::value(1));
  EXPECT_EQ(denied.at("result").at("content").at(0).at("text"),
            json::value("The owner denied this tool call."));
  const auto second = d.one(call_line(2, "demo.external_write", kWriteArgs));
  EXPECT_EQ(second.at("id"), json::value("toolhost-approval-2"));
  const auto denied_too =
      d.one(elicit_answer(second.at("id"), R"({"action":"accept","content":{"approve":false}})"));
  EXPECT_EQ(denied_too.at("id"), json::value(2));
  EXPECT_EQ(denied_too.at("result").at("isError"), json::value(true));
  EXPECT_EQ(d.backend.deny_count, 2);
  EXPECT_EQ(d.backend.approve_count, 0);
}

TEST(LegacyApproval, CancelOrClientErrorLeavesItPendingOutOfBand) {
  SessionDriver d;
  d.initialize("2025-11-25", R"({"elicitation":{}})");
  const auto first = d.one(call_line(1, "demo.external_write", kWriteArgs));
  const auto cancelled = d.one(elicit_answer(first.at("id"), R"({"action":"cancel"})"));
  EXPECT_EQ(cancelled.at("result").at("content").at(0).at("text"),
            json::value(pending_approval_text("inv-000001")));
  const auto second = d.one(call_line(2, "demo.external_write", kWriteArgs));
  const auto errored = d.one(
      R"({"jsonrpc":"2.0","id":"toolhost-approval-2","error":{"code":-32601,"message":"no"}})");
  EXPECT_EQ(errored.at("id"), json::value(2));
  EXPECT_EQ(errored.at("result").at("isError"), json::value(true));
  EXPECT_EQ(d.backend.pending_invocations(),
            (std::vector<std::string>{"inv-000001", "inv-000002"}));
}

TEST(LegacyApproval, AnswersToRequestsWeNeverSentAreIgnored) {
  SessionDriver d;
  d.initialize("2025-11-25", R"({"elicitation":{}})");
  EXPECT_TRUE(
      d.send(
           R"({"jsonrpc":"2.0","id":"toolhost-approval-9","result":{"action":"accept","content":{"approve":true}}})")
          .empty());
  EXPECT_TRUE(d.send(R"({"jsonrpc":"2.0","id":5,"result":{}})").empty());
  EXPECT_EQ(d.backend.approve_count, 0);
}

TEST(LegacyApproval, WithoutElicitationCapabilityTheTextNamesTheInvocation) {
  SessionDriver d;
  d.initialize("2025-11-25", R"({"sampling":{}})");
  const auto answer = d.one(call_line(1, "demo.external_write", kWriteArgs));
  EXPECT_EQ(answer.at("id"), json::value(1));
  EXPECT_EQ(answer.at("result").at("isError"), json::value(true));
  EXPECT_EQ(answer.at("result").at("content").at(0).at("text"),
            json::value("Approval required: invocation inv-000001 is waiting for the owner's "
                        "approval and has not run. The owner can run `toolhost approvals approve "
                        "inv-000001` (or `toolhost approvals deny inv-000001`)."));
}

TEST(LegacyApproval, UrlOnlyElicitationIsNotFormElicitation) {
  SessionDriver d;
  d.initialize("2025-11-25", R"({"elicitation":{"url":{}}})");
  EXPECT_EQ(d.one(call_line(1, "demo.external_write", kWriteArgs)).at("result").at("isError"),
            json::value(true));
}

TEST(LegacyApproval, OutOfBandModeIgnoresTheCapability) {
  ServerOptions options;
  options.approval_mode = ServerOptions::ApprovalMode::out_of_band;
  SessionDriver d(options);
  d.initialize("2025-11-25", R"({"elicitation":{}})");
  const auto answer = d.one(call_line(1, "demo.external_write", kWriteArgs));
  EXPECT_EQ(answer.at("result").at("_meta").at("dev.toolhost/approval").at("status"),
            json::value("pending"));
}

TEST(LegacyApproval, CancelledCallIsForgottenAndStaysPending) {
  SessionDriver d;
  d.initialize("2025-11-25", R"({"elicitation":{}})");
  const auto request = d.one(call_line(1, "demo.external_write", kWriteArgs));
  EXPECT_TRUE(
      d.send(R"({"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":1}})")
          .empty());
  EXPECT_EQ(d.session.pending_elicitations(), 0u);
  EXPECT_TRUE(
      d.send(elicit_answer(request.at("id"), R"({"action":"accept","content":{"approve":true}})"))
          .empty());
  EXPECT_EQ(d.backend.approve_count, 0);
}

TEST(LegacyApproval, TooManyOpenElicitationsFallBackToOutOfBand) {
  SessionDriver d;
  d.initialize("2025-11-25", R"({"elicitation":{}})");
  for (std::size_t i = 0; i < kMaxPendingElicitations; ++i) {
    EXPECT_EQ(d.one(call_line(static_cast<std::int64_t>(i), "demo.external_write", kWriteArgs))
                  .at("method"),
              json::value("elicitation/create"));
  }
  const auto overflow = d.one(call_line(1000, "demo.external_write", kWriteArgs));
  EXPECT_EQ(overflow.at("id"), json::value(1000));
  EXPECT_EQ(overflow.at("result").at("isError"), json::value(true));
}
