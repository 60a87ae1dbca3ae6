// Malformed input: every message gets the right JSON-RPC error (or, for
// notifications, none) and the session keeps serving afterwards.
#include "mcp/line_reader.hpp"
#include "session_driver.hpp"

#include <gtest/gtest.h>

using namespace toolhost::mcp;
using namespace toolhost::mcp::testing;
namespace json = boost::json;

namespace {
class Robustness : public ::testing::Test {
 protected:
  void SetUp() override { d.initialize(); }
  // After every bad message the session must still answer a good request.
  void expect_alive() {
    const auto answer = d.one(call_line(424242, "math.calculate", {{"expression", "17 * 23"}}));
    EXPECT_EQ(answer.at("id"), json::value(424242));
    EXPECT_EQ(answer.at("result").at("structuredContent").at("result"), json::value("391"));
  }
  void expect_error(std::string_view line, std::int64_t code, const json::value& id = nullptr) {
    const auto answer = d.one(line);
    EXPECT_EQ(answer.at("error").at("code"), json::value(code)) << line.substr(0, 200);
    EXPECT_EQ(answer.at("id"), id) << line.substr(0, 200);
    expect_alive();
  }
  SessionDriver d;
};
}  // namespace

TEST_F(Robustness, TruncatedJsonIsAParseError) {
  expect_error(R"({"jsonrpc":"2.0","id":1,"method":"tools/ca)", -32700);
  expect_error(R"({"jsonrpc":"2.0","id":1,)", -32700);
  expect_error("{", -32700);
  expect_error("not json at all", -32700);
}

TEST_F(Robustness, InvalidUtf8IsAParseError) {
  expect_error("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"tools/\xff\xfe\"}", -32700);
  expect_error("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"ping\",\"params\":{\"x\":\"\xc3\x28\"}}",
               -32700);
}

TEST_F(Robustness, WrongTypes) {
  expect_error(R"({"jsonrpc":2.0,"id":1,"method":"ping"})", -32600, 1);  // a usable id is echoed
  expect_error(R"({"jsonrpc":"2.0","id":1,"method":["ping"]})", -32600, 1);
  expect_error(R"({"jsonrpc":"2.0","id":1,"method":"ping","params":"x"})", -32600, 1);
  expect_error(R"({"jsonrpc":"2.0","id":1,"method":"tools/list","params":[1,2]})", -32602, 1);
  expect_error(
      R"({"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":["math.calculate"]}})",
      -32602, 1);
  expect_error(R"("just a string")", -32600);
  expect_error("17", -32600);
}

TEST_F(Robustness, HugeIds) {
  const std::string long_id(100000, 'i');
  const auto answer = d.one(R"({"jsonrpc":"2.0","id":")" + long_id + R"(","method":"ping"})");
  EXPECT_EQ(answer.at("id").as_string(), long_id);
  EXPECT_EQ(d.one(R"({"jsonrpc":"2.0","id":18446744073709551615,"method":"ping"})").at("id"),
            json::value(18446744073709551615ull));
  EXPECT_EQ(d.one(R"({"jsonrpc":"2.0","id":-9223372036854775808,"method":"ping"})").at("id"),
            json::value(INT64_MIN));
  // Beyond 64 bits a number is no longer exact, so it is not echoed.
  expect_error(R"({"jsonrpc":"2.0","id":99999999999999999999999999,"method":"ping"})", -32600);
  expect_error(R"({"jsonrpc":"2.0","id":1e400,"method":"ping"})", -32600);
  expect_error(R"({"jsonrpc":"2.0","id":null,"method":"ping"})", -32600);
}

TEST_F(Robustness, UnknownMethodsAndShutdown) {
  expect_error(R"({"jsonrpc":"2.0","id":2,"method":"tools/explode"})", -32601, 2);
  expect_error(R"({"jsonrpc":"2.0","id":3,"method":"resources/list"})", -32601, 3);
  expect_error(R"({"jsonrpc":"2.0","id":4,"method":""})", -32601, 4);
  // MCP has no shutdown request: it is an unknown method and the session stays up.
  expect_error(R"({"jsonrpc":"2.0","id":5,"method":"shutdown"})", -32601, 5);
  expect_error(R"({"jsonrpc":"2.0","id":6,"method":"exit"})", -32601, 6);
}

TEST_F(Robustness, AMegabyteLine) {
  const std::string megabyte(1 << 20, 'x');
  expect_error(megabyte, -32700);
  // A 1 MiB argument is a legal message: it reaches the tool, which refuses it.
  const auto answer = d.one(call_line(7, "math.calculate", {{"expression", megabyte}}));
  EXPECT_EQ(answer.at("result").at("isError"), json::value(true));
  expect_alive();
}

TEST_F(Robustness, OversizedLineIsInvalidRequest) {
  std::string out;
  d.session.handle_oversized_line(out);
  const auto messages = parse_lines(out);
  ASSERT_EQ(messages.size(), 1u);
  EXPECT_EQ(messages[0].at("error").at("code"), json::value(-32600));
  EXPECT_TRUE(messages[0].at("id").is_null());
  expect_alive();
}

TEST_F(Robustness, RequestSentAsNotificationIsNotRun) {
  EXPECT_TRUE(
      d.send(
           R"({"jsonrpc":"2.0","method":"tools/call","params":{"name":"math.calculate","arguments":{"expression":"1*1"}}})")
          .empty());
  EXPECT_TRUE(d.send(R"({"jsonrpc":"2.0","method":"initialize","params":{}})").empty());
  EXPECT_TRUE(d.send(R"({"jsonrpc":"2.0","method":"tools/list","params":[1]})").empty());
  EXPECT_EQ(d.backend.call_count, 0);
  expect_alive();
}

TEST_F(Robustness, BatchesAreRefusedWithOneError) {
  expect_error(
      R"([{"jsonrpc":"2.0","id":1,"method":"ping"},{"jsonrpc":"2.0","id":2,"method":"ping"}])",
      -32600);
  expect_error("[]", -32600);
}

TEST_F(Robustness, DeepNestingIsRefusedNotCrashed) {
  const std::string deep = std::string(100000, '[') + std::string(100000, ']');
  expect_error(deep, -32700);
}

TEST_F(Robustness, BlankLinesAreIgnored) {
  EXPECT_TRUE(d.send("").empty());
  EXPECT_TRUE(d.send("   ").empty());
  expect_alive();
}

TEST_F(Robustness, MessageThatIsNeitherRequestNorResponse) {
  expect_error(R"({"jsonrpc":"2.0","id":8})", -32600, 8);
  expect_error(R"({"jsonrpc":"2.0","result":{}})", -32600);
  expect_error(R"({"jsonrpc":"2.0","id":9,"method":"ping","result":{}})", -32600, 9);
}

TEST_F(Robustness, BackendExceptionsBecomeInternalErrors) {
  struct Throwing : FakeBackend {
    using FakeBackend::FakeBackend;
    CallOutcome call_tool(std::string_view, const boost::json::object&) override {
      throw std::runtime_error("boom");
    }
  } backend(TOOLHOST_MANIFEST_DIR);
  Session session(backend, ServerOptions{});
  std::string out;
  session.handle_line(
      R"({"jsonrpc":"2.0","id":0,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{}}})",
      out);
  out.clear();
  session.handle_line(call_line(1, "math.calculate", {{"expression", "1"}}), out);
  EXPECT_EQ(out,
            "{\"jsonrpc\":\"2.0\",\"id\":1,\"error\":{\"code\":-32603,\"message\":\"Internal "
            "error\"}}\n");
}
