#include "mcp/json_rpc.hpp"

#include <gtest/gtest.h>

#include <cstdint>
#include <string>
#include <vector>

namespace json = boost::json;
using toolhost::mcp::jsonrpc::classify;
using toolhost::mcp::jsonrpc::Message;
namespace rpc = toolhost::mcp::jsonrpc;

TEST(JsonRpcClassify, RequestWithObjectParams) {
  const auto v = json::parse(R"({"jsonrpc":"2.0","id":7,"method":"tools/list","params":{}})");
  const Message m = classify(v);
  EXPECT_EQ(m.kind, Message::Kind::request);
  EXPECT_EQ(m.id, json::value(7));
  EXPECT_EQ(m.method, "tools/list");
  ASSERT_NE(m.params, nullptr);
}

TEST(JsonRpcClassify, NotificationHasNoId) {
  const auto v = json::parse(R"({"jsonrpc":"2.0","method":"notifications/initialized"})");
  EXPECT_EQ(classify(v).kind, Message::Kind::notification);
}

TEST(JsonRpcClassify, ResponsesWithResultOrError) {
  EXPECT_EQ(classify(json::parse(R"({"jsonrpc":"2.0","id":"a","result":{}})")).kind,
            Message::Kind::response);
  EXPECT_EQ(classify(json::parse(R"({"jsonrpc":"2.0","id":"a","error":{"code":1}})")).kind,
            Message::Kind::response);
  const Message both = classify(json::parse(R"({"jsonrpc":"2.0","id":"a","result":1,"error":2})"));
  EXPECT_EQ(both.kind, Message::Kind::invalid);
  EXPECT_EQ(both.error_code, rpc::kInvalidRequest);
}

TEST(JsonRpcClassify, InvalidShapesAreInvalidRequests) {
  for (const char* text :
       {R"([])", R"([{"jsonrpc":"2.0","id":1,"method":"ping"}])", R"(42)", R"("x")", R"(null)",
        R"({"id":1,"method":"ping"})", R"({"jsonrpc":"1.0","id":1,"method":"ping"})",
        R"({"jsonrpc":"2.0","id":1,"method":5})", R"({"jsonrpc":"2.0","id":1})",
        R"({"jsonrpc":"2.0","id":1,"method":"ping","params":3})"}) {
    const Message m = classify(json::parse(text));
    EXPECT_EQ(m.kind, Message::Kind::invalid) << text;
    EXPECT_EQ(m.error_code, rpc::kInvalidRequest) << text;
  }
}

TEST(JsonRpcClassify, InvalidIdsAreRefusedAndNotEchoed) {
  for (const char* text :
       {R"({"jsonrpc":"2.0","id":null,"method":"ping"})",
        R"({"jsonrpc":"2.0","id":1.5,"method":"ping"})",
        R"({"jsonrpc":"2.0","id":true,"method":"ping"})",
        R"({"jsonrpc":"2.0","id":{"a":1},"method":"ping"})",
        R"({"jsonrpc":"2.0","id":123456789012345678901234567890,"method":"ping"})"}) {
    const Message m = classify(json::parse(text));
    EXPECT_EQ(m.kind, Message::Kind::invalid) << text;
    EXPECT_TRUE(m.id.is_null()) << text;
  }
}

TEST(JsonRpcClassify, IdOfInvalidMessageIsEchoedWhenUsable) {
  const Message m = classify(json::parse(R"({"jsonrpc":"1.0","id":"abc","method":"ping"})"));
  EXPECT_EQ(m.id, json::value("abc"));
}

TEST(JsonRpcClassify, ArrayParamsAreInvalidParams) {
  const Message m =
      classify(json::parse(R"({"jsonrpc":"2.0","id":3,"method":"tools/list","params":[]})"));
  EXPECT_EQ(m.kind, Message::Kind::invalid);
  EXPECT_EQ(m.error_code, rpc::kInvalidParams);
  EXPECT_EQ(m.id, json::value(3));
}

TEST(JsonRpcClassify, ExtremeIntegerIdsAreKept) {
  const Message big =
      classify(json::parse(R"({"jsonrpc":"2.0","id":18446744073709551615,"method":"ping"})"));
  EXPECT_EQ(big.kind, Message::Kind::request);
  EXPECT_EQ(big.id.as_uint64(), 18446744073709551615ull);
  const Message low =
      classify(json::parse(R"({"jsonrpc":"2.0","id":-9223372036854775808,"method":"ping"})"));
  EXPECT_EQ(low.kind, Message::Kind::request);
}

TEST(JsonRpcBuilders, ErrorAndResultShapes) {
  const auto error = rpc::error_response(json::value(1), -32601, "Method not found: x");
  EXPECT_EQ(json::serialize(error),
            R"({"jsonrpc":"2.0","id":1,"error":{"code":-32601,"message":"Method not found: x"}})");
  std::string out;
  rpc::append_line(out, rpc::result_response("q", json::object{}));
  EXPECT_EQ(out, "{\"jsonrpc\":\"2.0\",\"id\":\"q\",\"result\":{}}\n");
}

// append_json writes scalars itself; the bytes must stay what serialize writes.
TEST(JsonRpcBuilders, AppendJsonWritesWhatSerializeWrites) {
  const std::vector<json::value> values = {
      json::value(0),
      json::value(-1),
      json::value(INT64_MIN),
      json::value(INT64_MAX),
      json::value(UINT64_MAX),
      json::value(std::uint64_t{1} << 63),
      json::value("plain"),
      json::value(""),
      json::value("quote \" backslash \\ newline \n tab \t nul " + std::string(1, '\0') +
                  " del \x7f"),
      json::value("\xc3\xa9 \xff invalid UTF-8 kept as bytes"),
      json::value(nullptr),
      json::value(true),
      json::value(1.5),
      json::parse(R"({"a":[1,"b",null]})"),
  };
  for (const auto& v : values) {
    std::string out = "prefix";
    rpc::append_json(out, v);
    EXPECT_EQ(out, "prefix" + json::serialize(v)) << json::serialize(v);
  }
}
