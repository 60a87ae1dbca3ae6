// isolation_bench [CALLS]: the same trivial tool (hostile.echo) through the
// full pipeline, in process and in a worker process, alternating batches so
// both see the same machine load. Prints mean and median microseconds per
// call for each and the isolated/in-process difference. Both persist their
// invocation rows the same way, so the difference is the executor's cost.
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <vector>

#include "isolation_harness.hpp"

using namespace toolhost;
using namespace toolhost::isolation::testing;

namespace {

double call_us(IsolationHarness& h, const std::string& session) {
  pipeline::CallRequest r;
  r.tool = registry::ToolRef::parse("hostile.echo");
  r.arguments_json = R"({"text":"benchmark"})";
  r.session_id = session;
  auto start = std::chrono::steady_clock::now();
  auto o = h.pipeline->call(r);
  auto us =
      std::chrono::duration<double, std::micro>(std::chrono::steady_clock::now() - start).count();
  if (o.status != pipeline::CallStatus::ok) {
    std::fprintf(stderr, "call failed: %s\n", boost::json::serialize(o.to_json()).c_str());
    std::exit(1);
  }
  return us;
}

struct Stats {
  double mean, median;
};
Stats stats(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  double sum = 0;
  for (double x : v) sum += x;
  return {sum / v.size(), v[v.size() / 2]};
}

}  // namespace

int main(int argc, char** argv) {
  int calls = argc > 1 ? std::atoi(argv[1]) : 4000;
  const std::string dir = ISOLATION_FIXTURE_DIRS "/hostile";
  auto in_config = third_party_config(dir);
  in_config.isolation["hostile.so"] = "in_process";
  IsolationHarness isolated(third_party_config(dir));
  IsolationHarness in_process(in_config);
  std::string error;
  auto s1 = isolated.pipeline->create_session({}, &error);
  auto s2 = in_process.pipeline->create_session({}, &error);
  if (!s1 || !s2) return 1;
  // Warm up: the first isolated call starts the worker.
  for (int i = 0; i < 50; ++i) {
    call_us(isolated, s1->id);
    call_us(in_process, s2->id);
  }
  std::vector<double> iso, inproc;
  const int batch = 100;
  for (int done = 0; done < calls; done += batch) {
    for (int i = 0; i < batch; ++i) iso.push_back(call_us(isolated, s1->id));
    for (int i = 0; i < batch; ++i) inproc.push_back(call_us(in_process, s2->id));
  }
  auto a = stats(iso), b = stats(inproc);
  std::printf("calls per mode: %zu (alternating batches of %d)\n", iso.size(), batch);
  std::printf("in process : mean %8.1f us  median %8.1f us\n", b.mean, b.median);
  std::printf("isolated   : mean %8.1f us  median %8.1f us\n", a.mean, a.median);
  std::printf("overhead   : mean %8.1f us  median %8.1f us per call (%.2fx median)\n",
              a.mean - b.mean, a.median - b.median, a.median / b.median);
  return 0;
}
