// Runs a plugin's invoke on a worker thread under a deadline.
//
// What in-process execution can and cannot stop: when the deadline passes the
// pipeline stops waiting, records TIMEOUT and answers at once, cancellation
// reaches the plugin through is_cancelled / deadline_remaining_us, and every
// host service refuses the abandoned call. A plugin that ignores all of that
// keeps its worker thread busy until it returns; its late result is dropped.
// Nothing in-process can preempt native code, so a plugin that never returns
// holds one thread for the life of the process — run untrusted plugins out of
// process, where the worker can be killed.
#pragma once

#include <chrono>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "loader/plugin_call.hpp"
#include "loader/plugin_library.hpp"
#include "pipeline/call_context.hpp"

namespace toolhost::pipeline {

// What the plugin returned, copied into host memory (the plugin's own buffers
// are released before this exists), and how the executor saw the call end.
struct PluginResult : loader::PluginCallOutput {
  bool returned = false;   // false: the deadline passed first
  bool late = false;       // returned, but only after the deadline had passed
  int64_t elapsed_us = 0;  // the plugin's time, when the executor measured it
};

struct InvokeInput {
  std::string tool_name, tool_version, arguments_json;
  // Views of the call context's own copies (CallContext::artifacts), which
  // every executor keeps alive with the context until the plugin returns.
  std::string_view invocation_id, session_id;
};

// One call of a sequence: its deadline starts when it starts.
struct SequencedCall {
  std::shared_ptr<loader::PluginLibrary> plugin;
  std::shared_ptr<CallContext> context;
  InvokeInput input;
  std::chrono::steady_clock::duration timeout{};
};

class Executor {
 public:
  virtual ~Executor() = default;
  virtual PluginResult run(std::shared_ptr<loader::PluginLibrary> plugin,
                           std::shared_ptr<CallContext> context, InvokeInput input) = 0;
  // Runs the calls one after another, in order; one result per call. A call
  // that overruns is abandoned like run()'s and the rest still run.
  virtual std::vector<PluginResult> run_sequence(std::vector<SequencedCall> calls) {
    std::vector<PluginResult> results;
    results.reserve(calls.size());
    for (auto& c : calls) {
      c.context->start_deadline(c.timeout);
      const auto start = std::chrono::steady_clock::now();
      results.push_back(run(std::move(c.plugin), std::move(c.context), std::move(c.input)));
      results.back().elapsed_us = std::chrono::duration_cast<std::chrono::microseconds>(
                                      std::chrono::steady_clock::now() - start)
                                      .count();
    }
    return results;
  }
};

// Calls invoke on a pool of worker threads (grown on demand, never shrunk).
// The hand-off polls briefly on both sides before it sleeps; see executor.cpp.
class ThreadedExecutor final : public Executor {
 public:
  ThreadedExecutor();
  ~ThreadedExecutor() override;
  PluginResult run(std::shared_ptr<loader::PluginLibrary> plugin,
                   std::shared_ptr<CallContext> context, InvokeInput input) override;
  // The whole sequence goes to one worker in one hand-off; the caller only
  // watches the deadlines. A call that overruns is abandoned on its worker
  // and the calls after it move to another one.
  std::vector<PluginResult> run_sequence(std::vector<SequencedCall> calls) override;

 private:
  struct Task;
  struct Job;
  struct Sequence;
  struct Worker;
  struct Pool;
  Pool* pool_;  // intentionally never freed: abandoned workers may outlive us
};

// Copies a filled th_invoke_result into a PluginResult and releases it.
void take_result(th_invoke_result& raw, PluginResult& out);

}  // namespace toolhost::pipeline
