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

#include "loader/plugin_library.hpp"
#include "pipeline/call_context.hpp"

namespace toolhost::pipeline {

// What the plugin returned, copied into host memory (the plugin's own buffers
// are released before this exists).
struct PluginResult {
  bool returned = false;   // false: the deadline passed first
  bool late = false;       // returned, but only after the deadline had passed
  bool filled = false;     // invoke returned 0 and filled the result
  int32_t status = TH_INVOKE_FAILED;
  std::string output_json;
  std::string content;
  int32_t output_trust = TH_TRUST_AS_DECLARED;
  std::string reason_code;
  std::string detail;
};

struct InvokeInput {
  std::string tool_name, tool_version, arguments_json, invocation_id, session_id;
};

class Executor {
 public:
  virtual ~Executor() = default;
  virtual PluginResult run(std::shared_ptr<loader::PluginLibrary> plugin,
                           std::shared_ptr<CallContext> context, InvokeInput input) = 0;
};

// Calls invoke on a pool of worker threads (grown on demand, never shrunk).
class ThreadedExecutor final : public Executor {
 public:
  ThreadedExecutor();
  ~ThreadedExecutor() override;
  PluginResult run(std::shared_ptr<loader::PluginLibrary> plugin, std::shared_ptr<CallContext> context,
                   InvokeInput input) override;

 private:
  struct Pool;
  Pool* pool_;  // intentionally never freed: abandoned workers may outlive us
};

// Copies a filled th_invoke_result into a PluginResult and releases it.
void take_result(th_invoke_result& raw, PluginResult& out);

}  // namespace toolhost::pipeline
