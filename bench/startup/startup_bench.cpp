// Startup (load + negotiate + read manifests + seven registration steps +
// catalog) over generated plugin directories of 10, 100 and 500 plugins, each
// exporting two versions of two tools.
#include <benchmark/benchmark.h>

#include <filesystem>

#include "startup/host_startup.hpp"

namespace fs = std::filesystem;

namespace {

std::string make_directory(int plugins) {
  auto dir = fs::temp_directory_path() / ("toolhost-startup-bench-" + std::to_string(plugins));
  fs::remove_all(dir);
  fs::create_directories(dir);
  for (int i = 0; i < plugins; ++i)
    fs::copy_file(BENCH_PLUGIN_PATH, dir / ("p" + std::to_string(i) + ".so"));
  return dir.string();
}

void BM_Startup(benchmark::State& state) {
  const int plugins = static_cast<int>(state.range(0));
  const auto dir = make_directory(plugins);
  toolhost::startup::StartupOptions options;
  options.builtin_plugin_dir = dir;
  for (auto _ : state) {
    auto host = toolhost::startup::start_host(options);
    if (!host->ok() || host->catalog.size() != static_cast<size_t>(plugins) * 4) {
      state.SkipWithError(host->diagnostics.empty() ? "wrong catalog size" : host->diagnostics[0].c_str());
      break;
    }
    benchmark::DoNotOptimize(host);
  }
  state.counters["ms_per_plugin"] = benchmark::Counter(
      static_cast<double>(plugins), benchmark::Counter::kIsIterationInvariantRate | benchmark::Counter::kInvert,
      benchmark::Counter::kIs1000);
  fs::remove_all(dir);
}

}  // namespace

BENCHMARK(BM_Startup)->Arg(10)->Arg(100)->Arg(500)->Unit(benchmark::kMillisecond)->UseRealTime();
BENCHMARK_MAIN();
