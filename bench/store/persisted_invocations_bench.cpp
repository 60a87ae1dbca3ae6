// Persisted invocations per second: insert_running + complete per call, each
// its own committed transaction, under each Durability setting. One thread.
#include "store/database.hpp"
#include "store/invocation_store.hpp"
#include "store/session_store.hpp"

#include <benchmark/benchmark.h>

#include <cstdlib>
#include <filesystem>
#include <string>

namespace {

using namespace toolhost::store;

std::filesystem::path fresh_dir() {
  std::string pattern = (std::filesystem::temp_directory_path() / "toolhost-bench-XXXXXX").string();
  if (!::mkdtemp(pattern.data())) std::abort();
  return pattern;
}

void persisted_invocations(benchmark::State& state) {
  const auto durability = static_cast<Durability>(state.range(0));
  const auto dir = fresh_dir();
  {
    auto db = Database::open({.state_dir = dir, .durability = durability});
    if (!db.ok()) {
      state.SkipWithError(db.status().message.c_str());
      return;
    }
    RandomUuidGenerator ids;
    SessionStore sessions(*db.value(), ids);
    InvocationStore invocations(*db.value(), ids);
    const std::string session = sessions.create({.created_at_us = 1})->id;
    const NewInvocation call{.session_id = session,
                             .tool = "math.calculate",
                             .version = "1.0.0",
                             .arguments_json = R"({"expression":"17 * 23"})",
                             .policy_decision = "allow",
                             .created_at_us = 1};
    const InvocationOutcome outcome{.succeeded = true,
                                    .output_json = R"({"result":"391"})",
                                    .content = "391",
                                    .output_trust = "INTERNAL_TOOL",
                                    .finished_at_us = 2,
                                    .duration_us = 1};
    for (auto _ : state) {
      auto id = invocations.insert_running(call);
      if (!id.ok() || !invocations.complete(id.value(), outcome).ok()) {
        state.SkipWithError("store failed");
        break;
      }
    }
    state.SetItemsProcessed(state.iterations());
  }
  std::filesystem::remove_all(dir);
}

// One row per call for calls refused before they run (validation, policy).
void persisted_refusals(benchmark::State& state) {
  const auto dir = fresh_dir();
  {
    auto db = Database::open({.state_dir = dir, .durability = Durability::normal});
    RandomUuidGenerator ids;
    SessionStore sessions(*db.value(), ids);
    InvocationStore invocations(*db.value(), ids);
    const std::string session = sessions.create({.created_at_us = 1})->id;
    const NewInvocation call{.session_id = session,
                             .tool = "math.calculate",
                             .version = "1.0.0",
                             .arguments_json = R"({"expression":"("})",
                             .policy_decision = "allow",
                             .created_at_us = 1};
    const InvocationOutcome outcome{.failure_kind = "INVALID_ARGUMENTS",
                                    .reason_code = "tool.invalid_arguments.schema",
                                    .finished_at_us = 1};
    for (auto _ : state) benchmark::DoNotOptimize(invocations.insert_completed(call, outcome));
    state.SetItemsProcessed(state.iterations());
  }
  std::filesystem::remove_all(dir);
}

}  // namespace

BENCHMARK(persisted_invocations)
    ->ArgName("durability(0=full,1=normal,2=off)")
    ->Arg(static_cast<int>(Durability::full))
    ->Arg(static_cast<int>(Durability::normal))
    ->Arg(static_cast<int>(Durability::off))
    ->MinTime(2.0)
    ->Unit(benchmark::kMicrosecond);
BENCHMARK(persisted_refusals)->MinTime(2.0)->Unit(benchmark::kMicrosecond);

BENCHMARK_MAIN();
