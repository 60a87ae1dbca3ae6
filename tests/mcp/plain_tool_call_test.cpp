// The one-pass reader of plain tools/call lines accepts a line only when the
// general path (a whole-document parse, then classify) reads the same request
// from it: the same id, name and arguments. Checked on lines built to be
// plain or not, and on random mutations of plain lines (whatever the reader
// accepts, the general path must agree with).
#include "mcp/plain_tool_call.hpp"

#include <gtest/gtest.h>
#include <boost/json.hpp>

#include <optional>
#include <random>
#include <string>
#include <vector>

namespace toolhost::mcp {
namespace {

namespace json = boost::json;

// What the general path makes of `line` when it is a plain tools/call: a
// message with exactly jsonrpc "2.0", an integer or string id, method
// tools/call and params holding a string name and, optionally, object
// arguments. Duplicate members collapse in a document, so a reader that
// accepted a line with duplicates would show up as a difference below.
std::optional<PlainToolCall> general_path(const std::string& line) {
  json::error_code ec;
  json::value v = json::parse(line, ec);
  if (ec || !v.is_object()) return std::nullopt;
  const auto& m = v.get_object();
  for (const auto& member : m)
    if (member.key() != "jsonrpc" && member.key() != "id" && member.key() != "method" &&
        member.key() != "params")
      return std::nullopt;
  const auto* version = m.if_contains("jsonrpc");
  const auto* id = m.if_contains("id");
  const auto* method = m.if_contains("method");
  const auto* params = m.if_contains("params");
  if (!version || !version->is_string() || version->get_string() != "2.0") return std::nullopt;
  if (!id || !(id->is_string() || id->is_int64() || id->is_uint64())) return std::nullopt;
  if (!method || !method->is_string() || method->get_string() != "tools/call") return std::nullopt;
  if (!params || !params->is_object()) return std::nullopt;
  for (const auto& member : params->get_object())
    if (member.key() != "name" && member.key() != "arguments") return std::nullopt;
  const auto* name = params->get_object().if_contains("name");
  const auto* arguments = params->get_object().if_contains("arguments");
  if (!name || !name->is_string()) return std::nullopt;
  if (arguments && !arguments->is_object()) return std::nullopt;
  PlainToolCall call;
  call.id = *id;
  call.name = std::string(name->get_string());
  call.arguments = arguments ? *arguments : json::value(json::object{});
  return call;
}

void expect_same(const std::string& line, const PlainToolCall& got, const PlainToolCall& want) {
  EXPECT_EQ(json::serialize(got.id), json::serialize(want.id)) << line;
  EXPECT_EQ(got.id.kind(), want.id.kind()) << line;
  EXPECT_EQ(got.name, want.name) << line;
  EXPECT_EQ(json::serialize(got.arguments), json::serialize(want.arguments)) << line;
}

TEST(PlainToolCall, ReadsPlainCallsAsTheGeneralPathDoes) {
  const std::vector<std::string> plain = {
      R"({"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"math.calculate","arguments":{"expression":"17 * 23"}}})",
      R"({"params":{"arguments":{"expression":"1"},"name":"math.calculate"},"method":"tools/call","id":"a\"b\\c\u00e9","jsonrpc":"2.0"})",
      R"(  { "jsonrpc" : "2.0" , "id" : -9223372036854775808 , "method" : "tools/call" , "params" : { "name" : "x" } }  )",
      R"({"jsonrpc":"2.0","id":18446744073709551615,"method":"tools/call","params":{"name":"x","arguments":{}}})",
      R"({"jsonrpc":"2\u002e0","id":0,"method":"tools\/call","params":{"name":"t\u00fcv","arguments":{"a":[1,2.5,-0,1e400,true,false,null,"s"],"b":{"c":{"d":[]}},"a":"dup kept last"}}})",
      "{\"jsonrpc\":\"2.0\",\"id\":7,\"method\":\"tools/"
      "call\",\"params\":{\"name\":\"x\",\"arguments\":{\"k\":\"\xc3\xa9\xe2\x82\xac\"}}}\r",
  };
  for (const auto& line : plain) {
    const auto got = parse_plain_tool_call(line);
    const auto want = general_path(line);
    ASSERT_TRUE(want) << line;
    ASSERT_TRUE(got) << line;
    expect_same(line, *got, *want);
  }
}

TEST(PlainToolCall, DeclinesEverythingElse) {
  const std::vector<std::string> other = {
      R"({"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"x","_meta":{}}})",
      R"({"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"x","arguments":{},"requestState":"s"}})",
      R"({"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"x"},"extra":1})",
      R"({"jsonrpc":"2.0","id":1,"id":2,"method":"tools/call","params":{"name":"x"}})",
      R"({"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"x","name":"y"}})",
      R"({"jsonrpc":"2.0","id":null,"method":"tools/call","params":{"name":"x"}})",
      R"({"jsonrpc":"2.0","id":1.5,"method":"tools/call","params":{"name":"x"}})",
      R"({"jsonrpc":"2.0","id":1e2,"method":"tools/call","params":{"name":"x"}})",
      R"({"jsonrpc":"2.0","id":true,"method":"tools/call","params":{"name":"x"}})",
      R"({"jsonrpc":"2.0","id":{},"method":"tools/call","params":{"name":"x"}})",
      R"({"jsonrpc":"2.0","method":"tools/call","params":{"name":"x"}})",
      R"({"jsonrpc":"1.0","id":1,"method":"tools/call","params":{"name":"x"}})",
      R"({"id":1,"method":"tools/call","params":{"name":"x"}})",
      R"({"jsonrpc":"2.0","id":1,"method":"tools/list","params":{"name":"x"}})",
      R"({"jsonrpc":"2.0","id":1,"method":"tools/call"})",
      R"({"jsonrpc":"2.0","id":1,"method":"tools/call","params":[]})",
      R"({"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"arguments":{}}})",
      R"({"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":5}})",
      R"({"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"x","arguments":[]}})",
      R"({"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"x","arguments":"{}"}})",
      R"({"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"x"}} x)",
      R"({"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"x"})",
      R"([{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"x"}}])",
      "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"tools/call\",\"params\":{\"name\":\"\xff\"}}",
      R"({"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"x"}} // c)",
      "",
      "null",
  };
  for (const auto& line : other) EXPECT_FALSE(parse_plain_tool_call(line)) << line;
  // Nesting past the parser's limit (32) is refused by both paths.
  std::string deep =
      R"({"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"x","arguments":{"a":)";
  for (int i = 0; i < 40; ++i) deep += "[";
  for (int i = 0; i < 40; ++i) deep += "]";
  deep += "}}}";
  EXPECT_FALSE(general_path(deep));
  EXPECT_FALSE(parse_plain_tool_call(deep));
}

TEST(PlainToolCall, WhatItAcceptsFromMutatedLinesTheGeneralPathReadsTheSame) {
  const std::string seed =
      R"({"jsonrpc":"2.0","id":12,"method":"tools/call","params":{"name":"math.calculate","arguments":{"expression":"17 * 23","n":[1,{"k":null}]}}})";
  const std::string alphabet = "{}[],:\"\\ 0123456789-.eEtrufalsn_xabc\xc3\xa9\x01";
  std::mt19937_64 random(20261130);
  int accepted = 0;
  for (int n = 0; n < 40000; ++n) {
    std::string line = seed;
    for (int edits = 1 + static_cast<int>(random() % 3); edits > 0; --edits) {
      const size_t at = random() % (line.size() + 1);
      const char c = alphabet[random() % alphabet.size()];
      switch (random() % 3) {
        case 0:
          if (at < line.size()) line[at] = c;
          break;
        case 1:
          line.insert(line.begin() + static_cast<std::ptrdiff_t>(at), c);
          break;
        default:
          if (at < line.size()) line.erase(at, 1);
      }
    }
    const auto got = parse_plain_tool_call(line);
    if (!got) continue;
    ++accepted;
    const auto want = general_path(line);
    ASSERT_TRUE(want) << line;
    expect_same(line, *got, *want);
  }
  EXPECT_GT(accepted, 1000);  // the property was exercised
}

}  // namespace
}  // namespace toolhost::mcp
