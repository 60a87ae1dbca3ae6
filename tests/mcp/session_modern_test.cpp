// The stateless 2026-07-28 revision: per-request _meta, server/discover,
// resultType, and approvals as multi round-trip requests.
#include "session_driver.hpp"

#include <gtest/gtest.h>

using namespace toolhost::mcp;
using namespace toolhost::mcp::testing;
namespace json = boost::json;

namespace {
std::string request(json::value id, std::string_view method, json::object params) {
  return json::serialize(json::object{
      {"jsonrpc", "2.0"}, {"id", id}, {"method", method}, {"params", std::move(params)}});
}
json::object with_meta(json::object params = {}, json::object meta = modern_meta()) {
  params["_meta"] = std::move(meta);
  return params;
}
json::object elicitation_capability() {
  return json::object{{"elicitation", json::object{}}};
}
const char* kServerInfo =
    R"({"io.modelcontextprotocol/serverInfo":{"name":"toolhost","version":"0.1.0"}})";
}  // namespace

TEST(ModernSession, DiscoverAdvertisesVersionsCapabilitiesAndCacheHints) {
  SessionDriver d;
  const auto answer = d.one(request(1, "server/discover", with_meta()));
  EXPECT_EQ(
      json::serialize(answer),
      std::string(
          R"({"jsonrpc":"2.0","id":1,"result":{"supportedVersions":["2026-07-28"],"capabilities":{"tools":{"listChanged":false}},"ttlMs":3600000,"cacheScope":"public","resultType":"complete","_meta":)") +
          kServerInfo + "}}");
}

TEST(ModernSession, RequestsWorkWithoutInitialize) {
  SessionDriver d;
  const auto list = d.one(request(2, "tools/list", with_meta()));
  const auto& result = list.at("result").as_object();
  EXPECT_EQ(result.at("tools").as_array().size(), 2u);
  EXPECT_EQ(result.at("resultType"), json::value("complete"));
  EXPECT_EQ(result.at("ttlMs"), json::value(3600000));
  EXPECT_EQ(result.at("cacheScope"), json::value("private"));
  EXPECT_EQ(json::serialize(result.at("_meta")), kServerInfo);

  json::object params{{"name", "math.calculate"},
                      {"arguments", json::object{{"expression", "17 * 23"}}}};
  const auto call = d.one(request("c", "tools/call", with_meta(params)));
  const auto& call_result = call.at("result").as_object();
  EXPECT_EQ(call_result.at("resultType"), json::value("complete"));
  EXPECT_EQ(call_result.at("structuredContent").at("result"), json::value("391"));
  EXPECT_EQ(call_result.at("content").at(0).at("text"), json::value("391"));
  EXPECT_EQ(call_result.at("isError"), json::value(false));
  // toolhost meta and serverInfo side by side.
  EXPECT_EQ(call_result.at("_meta").at("dev.toolhost/output_trust"), json::value("INTERNAL_TOOL"));
  EXPECT_EQ(call_result.at("_meta").at("io.modelcontextprotocol/serverInfo").at("name"),
            json::value("toolhost"));
}

TEST(ModernSession, UnsupportedVersionIsItsDefinedError) {
  SessionDriver d;
  for (const char* method : {"server/discover", "tools/list", "tools/call"}) {
    const auto answer = d.one(request(3, method, with_meta({}, modern_meta("1900-01-01"))));
    EXPECT_EQ(
        json::serialize(answer),
        R"({"jsonrpc":"2.0","id":3,"error":{"code":-32022,"message":"Unsupported protocol version","data":{"supported":["2026-07-28"],"requested":"1900-01-01"}}})")
        << method;
  }
  // A legacy revision is not served statelessly either: it needs initialize.
  EXPECT_EQ(d.one(request(4, "tools/list", with_meta({}, modern_meta("2025-11-25"))))
                .at("error")
                .at("code"),
            json::value(-32022));
}

TEST(ModernSession, MissingOrMalformedMetaIsInvalidParams) {
  SessionDriver d;
  json::object no_caps{{"io.modelcontextprotocol/protocolVersion", "2026-07-28"}};
  json::object bad_version{{"io.modelcontextprotocol/protocolVersion", 20260728},
                           {"io.modelcontextprotocol/clientCapabilities", json::object{}}};
  json::object caps_not_object{{"io.modelcontextprotocol/protocolVersion", "2026-07-28"},
                               {"io.modelcontextprotocol/clientCapabilities", "all"}};
  for (const auto& meta : {no_caps, bad_version, caps_not_object}) {
    EXPECT_EQ(d.one(request(5, "tools/list", with_meta({}, meta))).at("error").at("code"),
              json::value(-32602));
  }
  EXPECT_EQ(d.one(request(6, "server/discover", {})).at("error").at("code"), json::value(-32602));
}

TEST(ModernSession, PingIsGoneInTheModernEra) {
  SessionDriver d;
  EXPECT_EQ(d.one(request(7, "ping", with_meta())).at("error").at("code"), json::value(-32601));
}

TEST(ModernSession, BothErasOnOneConnection) {
  SessionDriver d;
  d.initialize("2025-06-18");
  EXPECT_EQ(d.one(request(8, "tools/list", with_meta())).at("result").at("resultType"),
            json::value("complete"));
  EXPECT_FALSE(d.one(R"({"jsonrpc":"2.0","id":9,"method":"tools/list"})")
                   .at("result")
                   .as_object()
                   .contains("resultType"));
}

TEST(ModernSession, ApprovalWithoutElicitationCapabilityIsOutOfBand) {
  SessionDriver d;
  json::object params{{"name", "demo.external_write"},
                      {"arguments", json::object{{"destination", "d"}, {"content", "hello"}}}};
  const auto answer = d.one(request(10, "tools/call", with_meta(params)));
  const auto& result = answer.at("result").as_object();
  EXPECT_EQ(result.at("resultType"), json::value("complete"));
  EXPECT_EQ(result.at("isError"), json::value(true));
  EXPECT_EQ(result.at("content").at(0).at("text"),
            json::value(pending_approval_text("inv-000001")));
  EXPECT_EQ(d.backend.pending_invocations(), std::vector<std::string>{"inv-000001"});
}

namespace {
// Starts an approval-gated call and returns the input_required result.
json::object start_gated_call(SessionDriver& d) {
  json::object params{{"name", "demo.external_write"},
                      {"arguments", json::object{{"destination", "d"}, {"content", "hello"}}}};
  const auto answer = d.one(request(
      11, "tools/call", with_meta(params, modern_meta("2026-07-28", elicitation_capability()))));
  return answer.at("result").as_object();
}
std::string retry(const json::object& first, json::value input_responses,
                  std::string_view name = "demo.external_write") {
  json::object params{{"name", name},
                      {"arguments", json::object{{"destination", "d"}, {"content", "hello"}}},
                      {"requestState", first.at("requestState")}};
  if (!input_responses.is_null()) params["inputResponses"] = std::move(input_responses);
  return request(12, "tools/call",
                 with_meta(params, modern_meta("2026-07-28", elicitation_capability())));
}
json::value accept(bool approve) {
  return json::object{{"approval", json::object{{"action", "accept"},
                                                {"content", json::object{{"approve", approve}}}}}};
}
}  // namespace

TEST(ModernSession, ApprovalIsAMultiRoundTripRequest) {
  SessionDriver d;
  const auto first = start_gated_call(d);
  EXPECT_EQ(first.at("resultType"), json::value("input_required"));
  const auto& elicit = first.at("inputRequests").at("approval").as_object();
  EXPECT_EQ(elicit.at("method"), json::value("elicitation/create"));
  EXPECT_EQ(elicit.at("params").at("mode"), json::value("form"));
  EXPECT_EQ(
      json::serialize(elicit.at("params").at("requestedSchema")),
      R"({"type":"object","properties":{"approve":{"type":"boolean","title":"Approve","description":"Allow this invocation to run","default":false}},"required":["approve"]})");
  EXPECT_EQ(first.at("requestState").as_string().size(), 32u);

  const auto done = d.one(retry(first, accept(true)));
  EXPECT_EQ(done.at("id"), json::value(12));
  const auto& result = done.at("result").as_object();
  EXPECT_EQ(result.at("resultType"), json::value("complete"));
  EXPECT_EQ(result.at("isError"), json::value(false));
  EXPECT_EQ(result.at("structuredContent").at("byte_count"), json::value(5));
  EXPECT_EQ(d.backend.approve_count, 1);
  // The state is single use.
  EXPECT_EQ(d.one(retry(first, accept(true))).at("error").at("code"), json::value(-32602));
  EXPECT_EQ(d.backend.approve_count, 1);
}

TEST(ModernSession, RefusedApprovalDenies) {
  SessionDriver d;
  const auto first = start_gated_call(d);
  const auto done = d.one(retry(first, accept(false)));
  EXPECT_EQ(done.at("result").at("isError"), json::value(true));
  EXPECT_EQ(done.at("result").at("content").at(0).at("text"),
            json::value("The owner denied this tool call."));
  EXPECT_EQ(d.backend.deny_count, 1);

  const auto second = start_gated_call(d);
  const auto declined =
      d.one(retry(second, json::object{{"approval", json::object{{"action", "decline"}}}}));
  EXPECT_EQ(declined.at("result").at("_meta").at("dev.toolhost/reason_code"),
            json::value("tool.approval_denied.denied"));
  EXPECT_EQ(d.backend.deny_count, 2);
}

TEST(ModernSession, CancelledApprovalStaysPendingOutOfBand) {
  SessionDriver d;
  const auto first = start_gated_call(d);
  const auto done =
      d.one(retry(first, json::object{{"approval", json::object{{"action", "cancel"}}}}));
  EXPECT_EQ(done.at("result").at("isError"), json::value(true));
  EXPECT_EQ(done.at("result").at("content").at(0).at("text"),
            json::value(pending_approval_text("inv-000001")));
  EXPECT_EQ(d.backend.pending_invocations(), std::vector<std::string>{"inv-000001"});
}

TEST(ModernSession, RetryWithoutTheAnswerAsksAgain) {
  SessionDriver d;
  const auto first = start_gated_call(d);
  const auto again = d.one(retry(first, nullptr));
  EXPECT_EQ(again.at("result").at("resultType"), json::value("input_required"));
  EXPECT_EQ(again.at("result").at("requestState"), first.at("requestState"));
  EXPECT_EQ(d.one(retry(first, accept(true))).at("result").at("isError"), json::value(false));
}

TEST(ModernSession, ForgedOrMisdirectedRequestStateIsRefused) {
  SessionDriver d;
  auto first = start_gated_call(d);
  EXPECT_EQ(d.one(retry(first, accept(true), "math.calculate")).at("error").at("code"),
            json::value(-32602));
  json::object forged = first;
  forged["requestState"] = "0000";
  EXPECT_EQ(d.one(retry(forged, accept(true))).at("error").at("code"), json::value(-32602));
  EXPECT_EQ(d.backend.approve_count, 0);
  // The genuine state still works after the refusals.
  EXPECT_EQ(d.one(retry(first, accept(true))).at("result").at("isError"), json::value(false));
}

TEST(ModernSession, OutOfBandModeNeverAsks) {
  ServerOptions options;
  options.approval_mode = ServerOptions::ApprovalMode::out_of_band;
  SessionDriver d(options);
  const auto first = start_gated_call(d);
  EXPECT_EQ(first.at("resultType"), json::value("complete"));
  EXPECT_EQ(first.at("isError"), json::value(true));
  EXPECT_EQ(first.at("_meta").at("dev.toolhost/approval").at("invocation_id"),
            json::value("inv-000001"));
}
