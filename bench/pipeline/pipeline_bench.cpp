// A no-op tool: the plugin called directly, then through the whole pipeline
// without and with the durable record. The difference is the pipeline's cost.
#include <benchmark/benchmark.h>

#include <filesystem>

#include "clock/system_clock.hpp"
#include "loader/plugin_call.hpp"
#include "pipeline/pipeline.hpp"

namespace {

namespace fs = std::filesystem;
using namespace toolhost;

// Calls invoke on the caller's thread: no deadline enforcement, for
// measuring the pipeline's own steps apart from the hand-off.
class InlineExecutor final : public pipeline::Executor {
 public:
  pipeline::PluginResult run(std::shared_ptr<loader::PluginLibrary> plugin,
                             std::shared_ptr<pipeline::CallContext> context,
                             pipeline::InvokeInput input) override {
    auto called = loader::call_plugin(plugin->api(),
                                      {input.tool_name, input.tool_version, input.arguments_json,
                                       input.invocation_id, input.session_id},
                                      &context->services);
    pipeline::PluginResult result;
    static_cast<loader::PluginCallOutput&>(result) = std::move(called);
    result.returned = true;
    return result;
  }
};

struct Fixture {
  std::unique_ptr<startup::LoadedHost> host;
  std::unique_ptr<store::Database> db;
  store::RandomUuidGenerator ids;
  clock::SystemClock clock;
  credentials::NoCredentials credentials;
  std::unique_ptr<pipeline::Pipeline> pipeline;
  std::string session;

  Fixture(bool persist, store::Durability durability, bool inline_executor = false) {
    startup::StartupOptions options;
    options.builtin_plugin_dir = BENCH_PLUGIN_DIR;
    host = startup::start_host(options);
    auto dir =
        fs::temp_directory_path() / ("toolhost-pipeline-bench-" + std::to_string(::getpid()));
    fs::remove_all(dir);
    store::DatabaseOptions db_options;
    db_options.state_dir = dir;
    db_options.durability = durability;
    db = std::move(*store::Database::open(db_options));
    pipeline::PipelineOptions p;
    p.persist_invocations = persist;
    if (inline_executor) p.executor_override = std::make_shared<InlineExecutor>();
    pipeline = std::make_unique<pipeline::Pipeline>(*host, *db, ids, clock, credentials, p);
    std::string error;
    session = pipeline->create_session({}, &error)->id;
  }
};

void BM_DirectPluginCall(benchmark::State& state) {
  Fixture f(false, store::Durability::normal);
  const auto* spec = f.host->catalog.latest("demo.noop");
  const auto& api = f.host->implementation(*spec)->library->api();
  th_host_services services{};
  services.struct_size = sizeof(services);
  const std::string args = R"({"text":"x"})", name = "demo.noop", version = "1.0.0";
  for (auto _ : state) {
    th_invoke_request request{sizeof(th_invoke_request),
                              {name.data(), name.size()},
                              {version.data(), version.size()},
                              {args.data(), args.size()},
                              {},
                              {}};
    th_invoke_result result{};
    result.struct_size = sizeof(result);
    api.invoke(api.self, &request, &services, &result);
    if (result.release) result.release(result.release_context);
  }
}

// The worker-thread hand-off alone: the no-op plugin through the threaded
// executor, the deadline enforced, none of the pipeline's steps.
void BM_ExecutorHandOff(benchmark::State& state) {
  Fixture f(false, store::Durability::normal);
  const auto* spec = f.host->catalog.latest("demo.noop");
  auto library = f.host->implementation(*spec)->library;
  auto context = pipeline::make_call_context(
      f.clock, f.credentials, nullptr, std::chrono::steady_clock::now() + std::chrono::hours(1));
  pipeline::ThreadedExecutor executor;
  const bool fresh = state.range(0) != 0;
  const std::string id(36, 'a');
  for (auto _ : state) {
    if (fresh)
      context =
          pipeline::make_call_context(f.clock, f.credentials, nullptr,
                                      std::chrono::steady_clock::now() + std::chrono::hours(1));
    auto result = executor.run(library, context,
                               pipeline::InvokeInput{"demo.noop", "1.0.0", R"({"text":"x"})",
                                                     fresh ? std::string_view(id) : "0",
                                                     fresh ? std::string_view(id) : "0"});
    if (!result.returned || !result.filled) {
      state.SkipWithError("call failed");
      break;
    }
  }
}

void run_pipeline(benchmark::State& state, bool persist, store::Durability durability,
                  bool inline_executor = false) {
  Fixture f(persist, durability, inline_executor);
  pipeline::CallRequest request;
  request.session_id = f.session;
  request.tool = registry::ToolRef::parse("demo.noop");
  request.arguments_json = R"({"text":"x"})";
  for (auto _ : state) {
    auto o = f.pipeline->call(request);
    if (o.status != pipeline::CallStatus::ok) {
      state.SkipWithError("call failed");
      break;
    }
  }
  state.SetItemsProcessed(state.iterations());
}

// Pipelined calls (what the MCP server does with requests that arrive
// together): one commit for the batch's rows, one for its completions.
void BM_PipelinePersistedBatch(benchmark::State& state) {
  Fixture f(true, store::Durability::normal);
  pipeline::CallRequest request;
  request.session_id = f.session;
  request.tool = registry::ToolRef::parse("demo.noop");
  request.arguments_json = R"({"text":"x"})";
  std::vector<pipeline::CallRequest> batch(static_cast<size_t>(state.range(0)), request);
  for (auto _ : state) {
    auto outcomes = f.pipeline->call_batch(batch);
    if (outcomes.back().status != pipeline::CallStatus::ok) {
      state.SkipWithError("call failed");
      break;
    }
  }
  state.SetItemsProcessed(state.iterations() * state.range(0));
}

void BM_PipelineWithoutPersistence(benchmark::State& state) {
  run_pipeline(state, false, store::Durability::normal);
}
void BM_PipelineStepsOnlyInline(benchmark::State& state) {
  run_pipeline(state, false, store::Durability::normal, true);
}
void BM_PipelinePersistedNormal(benchmark::State& state) {
  run_pipeline(state, true, store::Durability::normal);
}
void BM_PipelinePersistedFull(benchmark::State& state) {
  run_pipeline(state, true, store::Durability::full);
}

}  // namespace

// Wall time: the hand-off to the worker thread is part of the cost.
BENCHMARK(BM_DirectPluginCall)->UseRealTime();
BENCHMARK(BM_ExecutorHandOff)->Arg(0)->Arg(1)->UseRealTime();
BENCHMARK(BM_PipelineWithoutPersistence)->UseRealTime();
BENCHMARK(BM_PipelineStepsOnlyInline)->UseRealTime();
BENCHMARK(BM_PipelinePersistedNormal)->UseRealTime();
BENCHMARK(BM_PipelinePersistedBatch)->Arg(16)->Arg(64)->UseRealTime();
BENCHMARK(BM_PipelinePersistedFull)->Iterations(200)->UseRealTime();
BENCHMARK_MAIN();
