// In-process cost of the protocol layer per tools/call: parse the request
// line, dispatch, render and serialize the answer, with a backend that does
// no work. What remains of the ~23 us per-call budget goes to the pipeline
// (validation, policy, the durable record) and the stdio syscalls.
#include "mcp/session.hpp"

#include <benchmark/benchmark.h>

namespace {

using namespace toolhost::mcp;

class ConstantBackend : public Backend {
 public:
  std::vector<ToolDescriptor> list_tools() override {
    ToolDescriptor d;
    d.name = "math.calculate";
    d.version = "1.0.0";
    d.title = "Calculator";
    d.description = "Evaluates an arithmetic expression.";
    d.side_effect = "NONE";
    d.risk = "LOW";
    d.idempotency = "READ_ONLY";
    d.output_trust = "INTERNAL_TOOL";
    d.input_schema =
        boost::json::parse(
            R"({"type":"object","properties":{"expression":{"type":"string"}},"required":["expression"]})")
            .as_object();
    return {d};
  }
  CallOutcome call_tool(std::string_view, const boost::json::object& arguments) override {
    CallOutcome outcome;
    outcome.status = CallOutcome::Status::ok;
    outcome.invocation_id = "inv-000001";
    outcome.content = "391";
    outcome.output = boost::json::object{
        {"result", "391"}, {"result_exact", true}, {"expression", arguments.at("expression")}};
    outcome.output_trust = "INTERNAL_TOOL";
    return outcome;
  }
  CallOutcome approve(std::string_view) override { return {}; }
  CallOutcome deny(std::string_view) override { return {}; }
};

void BM_ToolsCallRoundTrip(benchmark::State& state) {
  ConstantBackend backend;
  Session session(backend, ServerOptions{});
  std::string out;
  session.handle_line(
      R"({"jsonrpc":"2.0","id":0,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{}}})",
      out);
  const std::string line =
      R"({"jsonrpc":"2.0","id":12345,"method":"tools/call","params":{"name":"math.calculate","arguments":{"expression":"17 * 23"}}})";
  for (auto _ : state) {
    out.clear();
    session.handle_line(line, out);
    benchmark::DoNotOptimize(out.data());
  }
}
BENCHMARK(BM_ToolsCallRoundTrip);

void BM_ToolsList(benchmark::State& state) {
  ConstantBackend backend;
  Session session(backend, ServerOptions{});
  std::string out;
  session.handle_line(
      R"({"jsonrpc":"2.0","id":0,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{}}})",
      out);
  for (auto _ : state) {
    out.clear();
    session.handle_line(R"({"jsonrpc":"2.0","id":1,"method":"tools/list"})", out);
    benchmark::DoNotOptimize(out.data());
  }
}
BENCHMARK(BM_ToolsList);

}  // namespace

BENCHMARK_MAIN();
