// The math.calculate benchmark mix (mix.txt) through the core's evaluate()
// and through the built plugin's invoke, each expression on its own and the
// whole mix as one iteration. compare_python.py runs the same mix through
// the Python decimal reference and reports the ratio.
#include "calculator.hpp"

#include <benchmark/benchmark.h>
#include <dlfcn.h>
#include <toolhost/plugin.h>
#include <boost/json.hpp>

#include <cstdio>
#include <fstream>
#include <string>
#include <utility>
#include <vector>

namespace {

struct MixEntry {
  std::string label;
  std::string expression;
  std::string arguments_json;
};

std::vector<MixEntry> load_mix() {
  std::vector<MixEntry> mix;
  std::ifstream in(TOOLHOST_SOURCE_DIR "/bench/math/mix.txt");
  std::string line;
  while (std::getline(in, line)) {
    if (line.empty() || line[0] == '#') continue;
    const size_t tab = line.find('\t');
    if (tab == std::string::npos) continue;
    MixEntry e{line.substr(0, tab), line.substr(tab + 1), {}};
    boost::json::object args;
    args["expression"] = e.expression;
    e.arguments_json = boost::json::serialize(args);
    mix.push_back(std::move(e));
  }
  return mix;
}

const th_plugin_v1* load_plugin() {
  void* library = dlopen(TOOLHOST_BUILTIN_PLUGIN_DIR "/math.so", RTLD_NOW | RTLD_LOCAL);
  if (!library) return nullptr;
  auto entry = reinterpret_cast<th_plugin_entry_fn>(dlsym(library, TOOLHOST_ENTRY_SYMBOL));
  th_host_offer offer{sizeof(th_host_offer), 1, 1, th_str{"bench", 5}};
  const th_plugin_v1* plugin = nullptr;
  if (!entry || entry(&offer, &plugin) != TH_ENTRY_OK) return nullptr;
  return plugin;  // stays loaded for the process
}

void invoke(const th_plugin_v1* plugin, const std::string& arguments_json) {
  th_invoke_request request{};
  request.struct_size = sizeof(request);
  request.tool_name = th_str{"math.calculate", 14};
  request.tool_version = th_str{"1.0.0", 5};
  request.arguments_json = th_str{arguments_json.data(), arguments_json.size()};
  th_host_services services{};
  services.struct_size = sizeof(services);
  th_invoke_result result{};
  result.struct_size = sizeof(result);
  plugin->invoke(plugin->self, &request, &services, &result);
  benchmark::DoNotOptimize(result.output_json.data);
  benchmark::DoNotOptimize(result.reason_code.data);
  if (result.release) result.release(result.release_context);
}

}  // namespace

int main(int argc, char** argv) {
  static const std::vector<MixEntry> mix = load_mix();
  static const th_plugin_v1* plugin = load_plugin();
  if (mix.empty() || !plugin) {
    std::fprintf(stderr, "mix.txt or math.so missing\n");
    return 1;
  }
  for (const auto& e : mix) {
    benchmark::RegisterBenchmark(("core/" + e.label).c_str(), [&e](benchmark::State& state) {
      for (auto _ : state) benchmark::DoNotOptimize(toolhost::math::evaluate(e.expression));
    });
  }
  for (const auto& e : mix) {
    benchmark::RegisterBenchmark(("plugin/" + e.label).c_str(), [&e](benchmark::State& state) {
      for (auto _ : state) invoke(plugin, e.arguments_json);
    });
  }
  benchmark::RegisterBenchmark("core/mix", [](benchmark::State& state) {
    for (auto _ : state) {
      for (const auto& e : mix) benchmark::DoNotOptimize(toolhost::math::evaluate(e.expression));
    }
  });
  benchmark::RegisterBenchmark("plugin/mix", [](benchmark::State& state) {
    for (auto _ : state) {
      for (const auto& e : mix) invoke(plugin, e.arguments_json);
    }
  });
  benchmark::Initialize(&argc, argv);
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}
