#include "pipeline/executor.hpp"

#include <condition_variable>
#include <deque>
#include <functional>
#include <mutex>
#include <thread>

namespace toolhost::pipeline {

namespace {
std::string copy(th_str s) { return s.data ? std::string(s.data, s.size) : std::string(); }
}  // namespace

void take_result(th_invoke_result& raw, PluginResult& out) {
  out.filled = true;
  out.status = raw.status;
  out.output_json = copy(raw.output_json);
  out.content = copy(raw.content);
  out.output_trust = raw.output_trust;
  out.reason_code = copy(raw.reason_code);
  out.detail = copy(raw.detail);
  if (raw.release) raw.release(raw.release_context);
}

struct ThreadedExecutor::Pool {
  std::mutex mutex;
  std::condition_variable work_ready;
  std::deque<std::function<void()>> jobs;
  size_t idle = 0;

  void submit(std::function<void()> job) {
    std::unique_lock lock(mutex);
    jobs.push_back(std::move(job));
    if (idle == 0) {
      std::thread([this] { work(); }).detach();
    } else {
      work_ready.notify_one();
    }
  }

  void work() {
    std::unique_lock lock(mutex);
    while (true) {
      ++idle;
      work_ready.wait(lock, [this] { return !jobs.empty(); });
      --idle;
      auto job = std::move(jobs.front());
      jobs.pop_front();
      lock.unlock();
      job();
      lock.lock();
    }
  }
};

ThreadedExecutor::ThreadedExecutor() : pool_(new Pool) {}
ThreadedExecutor::~ThreadedExecutor() = default;

namespace {
struct Handoff {
  std::mutex mutex;
  std::condition_variable done_cv;
  bool done = false;
  PluginResult result;
};
}  // namespace

PluginResult ThreadedExecutor::run(std::shared_ptr<loader::PluginLibrary> plugin,
                                   std::shared_ptr<CallContext> context, InvokeInput input) {
  auto handoff = std::make_shared<Handoff>();
  auto deadline = context->deadline;
  pool_->submit([plugin, context, handoff, input = std::move(input)] {
    th_invoke_request request{};
    request.struct_size = sizeof(request);
    request.tool_name = th_str{input.tool_name.data(), input.tool_name.size()};
    request.tool_version = th_str{input.tool_version.data(), input.tool_version.size()};
    request.arguments_json = th_str{input.arguments_json.data(), input.arguments_json.size()};
    request.invocation_id = th_str{input.invocation_id.data(), input.invocation_id.size()};
    request.session_id = th_str{input.session_id.data(), input.session_id.size()};
    th_invoke_result raw{};
    raw.struct_size = sizeof(raw);
    PluginResult result;
    int32_t rc = plugin->api().invoke(plugin->api().self, &request, &context->services, &raw);
    if (rc == 0) take_result(raw, result);
    result.returned = true;
    // A plugin that noticed its deadline and gave up did not finish in time.
    result.late = std::chrono::steady_clock::now() >= context->deadline;
    std::lock_guard lock(handoff->mutex);
    handoff->result = std::move(result);
    handoff->done = true;
    handoff->done_cv.notify_one();
  });
  std::unique_lock lock(handoff->mutex);
  if (!handoff->done_cv.wait_until(lock, deadline, [&] { return handoff->done; })) {
    context->cancelled.store(true, std::memory_order_release);
    context->abandoned.store(true, std::memory_order_release);
    return PluginResult{};  // returned == false
  }
  return std::move(handoff->result);
}

}  // namespace toolhost::pipeline
