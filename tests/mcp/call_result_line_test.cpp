// The hot path writes a tools/call answer as text; it must be byte for byte
// what serializing the rendered tree (render_call_result, then the era's
// additions and the JSON-RPC envelope) gives.
#include "mcp/json_rpc.hpp"
#include "mcp/meta_keys.hpp"
#include "mcp/tool_rendering.hpp"

#include <gtest/gtest.h>

#include <string>
#include <vector>

using namespace toolhost::mcp;
namespace json = boost::json;

namespace {

std::string tree_line(const json::value& id, const CallOutcome& outcome, const ToolDescriptor& tool,
                      const json::object* server_info) {
  json::object result = render_call_result(outcome, tool);
  if (server_info != nullptr) {
    result["resultType"] = "complete";
    result["_meta"].get_object()[kMetaServerInfo] = *server_info;
  }
  std::string out;
  jsonrpc::append_line(out, jsonrpc::result_response(id, std::move(result)));
  return out;
}

std::string text_line(const json::value& id, const CallOutcome& outcome, const ToolDescriptor& tool,
                      const json::object* server_info) {
  std::string out = "previous line\n";
  append_call_result_line(out, id, outcome, tool, server_info);
  EXPECT_EQ(out.substr(0, 14), "previous line\n");  // appended, nothing overwritten
  return out.substr(14);
}

CallOutcome succeeded() {
  CallOutcome o;
  o.status = CallOutcome::Status::ok;
  o.invocation_id = "01a22c7e-527a-7b47-b9d8-a96e12985e80";
  o.output = json::parse(R"({"result":"391","result_exact":true,"expression":"17 * 23"})");
  o.content = "391";
  o.output_trust = "INTERNAL_TOOL";
  return o;
}

CallOutcome failed() {
  CallOutcome o;
  o.status = CallOutcome::Status::failed;
  o.invocation_id = "01a22c7e-527a-7b47-b9d8-a96e12985e81";
  o.content = "The expression is not valid: \"quotes\", a \\ backslash,\n\ttabs, \x01 and é ☃";
  o.output_trust = "INTERNAL_TOOL";
  o.failure_kind = "INVALID_ARGUMENTS";
  o.reason_code = "tool.invalid_arguments.syntax";
  o.retryable = true;
  return o;
}

}  // namespace

TEST(CallResultLine, MatchesTheSerializedTreeForEveryShape) {
  ToolDescriptor tool;
  tool.name = "math.calculate";
  tool.version = "1.0.0";
  json::object server_info{{"name", "toolhost"}, {"version", "0.1.0"}};

  std::vector<CallOutcome> outcomes;
  outcomes.push_back(succeeded());
  CallOutcome with_text = succeeded();  // the text a pipeline already serialized
  with_text.output_json = json::serialize(with_text.output);
  outcomes.push_back(with_text);
  CallOutcome no_output = succeeded();
  no_output.output = nullptr;
  outcomes.push_back(no_output);
  CallOutcome no_trust = succeeded();
  no_trust.output_trust.clear();
  no_trust.invocation_id.clear();
  outcomes.push_back(no_trust);
  outcomes.push_back(failed());
  CallOutcome not_retryable = failed();
  not_retryable.retryable = false;
  not_retryable.output = json::parse(R"({"ignored":true})");  // a failure shows no output
  outcomes.push_back(not_retryable);

  const std::vector<json::value> ids = {json::value(7),
                                        json::value(-1),
                                        json::value(INT64_MAX),
                                        json::value(UINT64_MAX),
                                        json::value("req-\"1\"\n"),
                                        json::value(nullptr)};
  for (const auto& outcome : outcomes) {
    for (const auto& id : ids) {
      const std::vector<const json::object*> eras = {nullptr, &server_info};  // legacy, 2026-07-28
      for (const json::object* info : eras) {
        const std::string expected = tree_line(id, outcome, tool, info);
        EXPECT_EQ(text_line(id, outcome, tool, info), expected);
        EXPECT_TRUE(json::parse(expected.substr(0, expected.size() - 1)).is_object());
      }
    }
  }
}

TEST(CallResultLine, CopiesTheSerializedResultInsteadOfTheValue) {
  ToolDescriptor tool;
  tool.version = "2.0.0";
  CallOutcome o = succeeded();
  o.output_json = R"({"from":"text"})";  // differs from `output` on purpose
  std::string out;
  append_call_result_line(out, json::value(1), o, tool, nullptr);
  EXPECT_NE(out.find(R"("structuredContent":{"from":"text"})"), std::string::npos) << out;
}
