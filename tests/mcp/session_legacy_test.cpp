// The initialize-era revisions (2025-06-18, 2025-11-25): handshake, listing
// and calling.
#include "session_driver.hpp"

#include <gtest/gtest.h>

using namespace toolhost::mcp;
using namespace toolhost::mcp::testing;
namespace json = boost::json;

namespace {
std::string initialize_line(std::string_view version) {
  return R"({"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":")" +
         std::string(version) + R"(","capabilities":{},"clientInfo":{"name":"t","version":"1"}}})";
}
}  // namespace

TEST(LegacySession, InitializeAnswersSupportedRevisionsAsAsked) {
  for (const char* version : {"2025-06-18", "2025-11-25"}) {
    SessionDriver d;
    const auto answer = d.one(initialize_line(version));
    EXPECT_EQ(answer.at("id"), json::value(1));
    const auto& result = answer.at("result").as_object();
    EXPECT_EQ(result.at("protocolVersion"), json::value(version));
    EXPECT_EQ(json::serialize(result.at("capabilities")), R"({"tools":{"listChanged":false}})");
    EXPECT_EQ(json::serialize(result.at("serverInfo")), R"({"name":"toolhost","version":"0.1.0"})");
    EXPECT_FALSE(result.contains("instructions"));
  }
}

TEST(LegacySession, InitializeAnswersLatestForUnknownOrModernRevision) {
  for (const char* version : {"2024-11-05", "1900-01-01", "2026-07-28"}) {
    SessionDriver d;
    EXPECT_EQ(d.one(initialize_line(version)).at("result").at("protocolVersion"),
              json::value("2025-11-25"))
        << version;
  }
}

TEST(LegacySession, PinnedVersionsNoteTravelsAsInstructions) {
  ServerOptions options;
  options.pinned_versions_note = "This session is pinned to math.calculate 1.0.0.";
  SessionDriver d(options, {{"math.calculate", "1.0.0"}});
  EXPECT_EQ(d.one(initialize_line("2025-11-25")).at("result").at("instructions"),
            json::value("This session is pinned to math.calculate 1.0.0."));
  const auto tools = d.one(R"({"jsonrpc":"2.0","id":2,"method":"tools/list"})");
  EXPECT_EQ(tools.at("result").at("tools").at(0).at("_meta").at("dev.toolhost/version"),
            json::value("1.0.0"));
  const auto call = d.one(call_line(3, "math.calculate", {{"expression", "1+1"}}));
  EXPECT_EQ(call.at("result").at("_meta").at("dev.toolhost/version"), json::value("1.0.0"));
}

TEST(LegacySession, InitializeTwiceIsInvalidRequest) {
  SessionDriver d;
  d.initialize();
  const auto answer = d.one(initialize_line("2025-11-25"));
  EXPECT_EQ(answer.at("error").at("code"), json::value(-32600));
  EXPECT_EQ(answer.at("id"), json::value(1));
}

TEST(LegacySession, InitializeWithoutVersionOrCapabilitiesIsInvalidParams) {
  SessionDriver d;
  EXPECT_EQ(d.one(R"({"jsonrpc":"2.0","id":1,"method":"initialize","params":{"capabilities":{}}})")
                .at("error")
                .at("code"),
            json::value(-32602));
  EXPECT_EQ(
      d.one(
           R"({"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":5,"capabilities":{}}})")
          .at("error")
          .at("code"),
      json::value(-32602));
  EXPECT_EQ(d.one(R"({"jsonrpc":"2.0","id":1,"method":"initialize"})").at("error").at("code"),
            json::value(-32602));
  // A failed initialize leaves the session uninitialized: a good one still works.
  EXPECT_EQ(d.one(initialize_line("2025-06-18")).at("result").at("protocolVersion"),
            json::value("2025-06-18"));
}

TEST(LegacySession, PingWorksBeforeAndAfterInitialize) {
  SessionDriver d;
  EXPECT_EQ(d.backend.list_count, 0);
  EXPECT_EQ(json::serialize(d.one(R"({"jsonrpc":"2.0","id":"p","method":"ping"})")),
            R"({"jsonrpc":"2.0","id":"p","result":{}})");
  d.initialize();
  EXPECT_EQ(json::serialize(d.one(R"({"jsonrpc":"2.0","id":9,"method":"ping"})")),
            R"({"jsonrpc":"2.0","id":9,"result":{}})");
}

TEST(LegacySession, ToolsBeforeInitializeWithoutMetaAreInvalidParams) {
  SessionDriver d;
  const auto answer = d.one(R"({"jsonrpc":"2.0","id":4,"method":"tools/list"})");
  EXPECT_EQ(answer.at("error").at("code"), json::value(-32602));
  EXPECT_EQ(answer.at("id"), json::value(4));
  EXPECT_EQ(d.backend.list_count, 0);
}

TEST(LegacySession, ToolsListIsSortedAndCarriesSchemasAnnotationsAndVersions) {
  SessionDriver d;
  d.initialize();
  const auto answer = d.one(R"({"jsonrpc":"2.0","id":2,"method":"tools/list","params":{}})");
  const auto& tools = answer.at("result").at("tools").as_array();
  ASSERT_EQ(tools.size(), 2u);
  EXPECT_EQ(tools[0].at("name"), json::value("demo.external_write"));
  EXPECT_EQ(tools[1].at("name"), json::value("math.calculate"));
  const auto& calc = tools[1].as_object();
  EXPECT_EQ(calc.at("title"), json::value("Calculator"));
  EXPECT_TRUE(calc.at("description").as_string().starts_with("Evaluates an arithmetic"));
  EXPECT_EQ(calc.at("inputSchema").at("required").at(0), json::value("expression"));
  EXPECT_EQ(calc.at("outputSchema").at("required").as_array().size(), 3u);
  EXPECT_EQ(
      json::serialize(calc.at("annotations")),
      R"({"title":"Calculator","readOnlyHint":true,"destructiveHint":false,"idempotentHint":true,"openWorldHint":false})");
  EXPECT_EQ(calc.at("_meta").at("dev.toolhost/version"), json::value("1.1.0"));  // latest
  EXPECT_EQ(calc.at("_meta").at("dev.toolhost/output_trust"), json::value("INTERNAL_TOOL"));
  const auto& write = tools[0].as_object();
  EXPECT_EQ(write.at("annotations").at("destructiveHint"), json::value(true));
  EXPECT_EQ(write.at("annotations").at("openWorldHint"), json::value(true));
  // Legacy results carry no 2026-07-28 fields.
  EXPECT_FALSE(answer.at("result").as_object().contains("resultType"));
  EXPECT_FALSE(answer.at("result").as_object().contains("ttlMs"));
  // Deterministic: the same bytes again, and the catalog was read once.
  const std::string first = json::serialize(answer.at("result"));
  EXPECT_EQ(
      json::serialize(d.one(R"({"jsonrpc":"2.0","id":2,"method":"tools/list"})").at("result")),
      first);
  EXPECT_EQ(d.backend.list_count, 1);
}

TEST(LegacySession, ToolsListRefusesCursorsWeNeverIssued) {
  SessionDriver d;
  d.initialize();
  EXPECT_EQ(d.one(R"({"jsonrpc":"2.0","id":2,"method":"tools/list","params":{"cursor":"x"}})")
                .at("error")
                .at("code"),
            json::value(-32602));
}

TEST(LegacySession, CallReturnsTextStructuredContentAndMeta) {
  SessionDriver d;
  d.initialize();
  const auto answer = d.one(call_line(5, "math.calculate", {{"expression", "17 * 23"}}));
  EXPECT_EQ(answer.at("id"), json::value(5));
  EXPECT_EQ(
      json::serialize(answer.at("result")),
      R"({"content":[{"type":"text","text":"391"}],"structuredContent":{"result":"391","result_exact":true,"expression":"17 * 23"},"isError":false,"_meta":{"dev.toolhost/version":"1.1.0","dev.toolhost/output_trust":"INTERNAL_TOOL","dev.toolhost/invocation_id":"inv-000001"}})");
}

TEST(LegacySession, ToolFailureIsAnIsErrorResultWithTheStaticMessage) {
  SessionDriver d;
  d.initialize();
  const auto answer = d.one(call_line(6, "math.calculate", {{"expression", "1 +* 2"}}));
  EXPECT_EQ(
      json::serialize(answer.at("result")),
      R"({"content":[{"type":"text","text":"The expression could not be parsed."}],"isError":true,"_meta":{"dev.toolhost/version":"1.1.0","dev.toolhost/invocation_id":"inv-000001","dev.toolhost/failure_kind":"INVALID_ARGUMENTS","dev.toolhost/reason_code":"tool.invalid_arguments.syntax","dev.toolhost/retryable":false}})");
}

TEST(LegacySession, UnknownToolIsInvalidParamsAndNeverReachesTheBackend) {
  SessionDriver d;
  d.initialize();
  const auto answer = d.one(call_line(7, "math.nope", {}));
  EXPECT_EQ(
      json::serialize(answer),
      R"({"jsonrpc":"2.0","id":7,"error":{"code":-32602,"message":"Unknown tool: math.nope"}})");
  EXPECT_EQ(d.backend.call_count, 0);
}

TEST(LegacySession, MalformedCallParamsAreInvalidParams) {
  SessionDriver d;
  d.initialize();
  for (
      const char* line :
      {R"({"jsonrpc":"2.0","id":8,"method":"tools/call"})",
       R"({"jsonrpc":"2.0","id":8,"method":"tools/call","params":{}})",
       R"({"jsonrpc":"2.0","id":8,"method":"tools/call","params":{"name":3}})",
       R"({"jsonrpc":"2.0","id":8,"method":"tools/call","params":{"name":"math.calculate","arguments":"17*23"}})",
       R"({"jsonrpc":"2.0","id":8,"method":"tools/call","params":{"name":"math.calculate","arguments":[1]}})"}) {
    const auto answer = d.one(line);
    EXPECT_EQ(answer.at("error").at("code"), json::value(-32602)) << line;
    EXPECT_EQ(answer.at("id"), json::value(8)) << line;
  }
  EXPECT_EQ(d.backend.call_count, 0);
}

TEST(LegacySession, MissingArgumentsMeansAnEmptyObject) {
  SessionDriver d;
  d.initialize();
  const auto answer =
      d.one(R"({"jsonrpc":"2.0","id":8,"method":"tools/call","params":{"name":"math.calculate"}})");
  EXPECT_EQ(answer.at("result").at("_meta").at("dev.toolhost/reason_code"),
            json::value("tool.invalid_arguments.schema"));
}

TEST(LegacySession, NameMappingExposesAndAcceptsUnderscoredNames) {
  ServerOptions options;
  options.map_names = true;
  SessionDriver d(options);
  d.initialize();
  const auto tools = d.one(R"({"jsonrpc":"2.0","id":2,"method":"tools/list"})");
  EXPECT_EQ(tools.at("result").at("tools").at(0).at("name"), json::value("demo_external_write"));
  EXPECT_EQ(tools.at("result").at("tools").at(1).at("name"), json::value("math_calculate"));
  EXPECT_EQ(tools.at("result").at("tools").at(1).at("_meta").at("dev.toolhost/name"),
            json::value("math.calculate"));
  EXPECT_EQ(d.one(call_line(3, "math_calculate", {{"expression", "2*3"}}))
                .at("result")
                .at("structuredContent")
                .at("result"),
            json::value("6"));
  EXPECT_EQ(d.one(call_line(4, "math.calculate", {{"expression", "2*3"}})).at("error").at("code"),
            json::value(-32602));
}

TEST(LegacySession, NotificationsGetNoAnswer) {
  SessionDriver d;
  d.initialize();
  EXPECT_TRUE(d.send(R"({"jsonrpc":"2.0","method":"notifications/initialized"})").empty());
  EXPECT_TRUE(d.send(R"({"jsonrpc":"2.0","method":"notifications/whatever","params":{}})").empty());
  EXPECT_TRUE(
      d.send(R"({"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":3}})")
          .empty());
}
