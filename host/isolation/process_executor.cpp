#include "isolation/process_executor.hpp"

#include <iostream>

#include "isolation/frame_channel.hpp"
#include "isolation/invoke_messages.hpp"
#include "isolation/service_dispatch.hpp"
#include "isolation/wire_fields.hpp"

namespace toolhost::isolation {

namespace {

pipeline::PluginResult fault(std::string reason_code, std::string detail) {
  pipeline::PluginResult r;
  r.returned = r.filled = true;
  r.status = TH_INVOKE_FAILED;
  r.reason_code = std::move(reason_code);
  r.detail = std::move(detail);
  return r;
}

void operator_note(const std::string& plugin, const std::string& what) {
  std::cerr << "toolhost: isolated plugin " << plugin << ": " << what << "\n";
}

bool is_plugin_fault(const pipeline::PluginResult& r) {
  return !r.filled || r.reason_code.rfind("tool.plugin_fault.", 0) == 0;
}

}  // namespace

ProcessExecutor::ProcessExecutor(std::string plugin_path, WorkerSettings settings)
    : plugin_path_(std::move(plugin_path)), settings_(std::move(settings)) {}

ProcessExecutor::~ProcessExecutor() = default;

size_t ProcessExecutor::workers_started() const {
  std::lock_guard lock(mutex_);
  return started_;
}

std::unique_ptr<WorkerProcess> ProcessExecutor::take_worker(std::string* error) {
  {
    std::lock_guard lock(mutex_);
    if (!idle_.empty()) {
      auto w = std::move(idle_.back());
      idle_.pop_back();
      return w;
    }
    ++started_;
  }
  auto spawned = WorkerProcess::spawn(settings_, plugin_path_);
  if (auto* e = std::get_if<std::string>(&spawned)) {
    *error = *e;
    return nullptr;
  }
  return std::move(std::get<std::unique_ptr<WorkerProcess>>(spawned));
}

void ProcessExecutor::give_back(std::unique_ptr<WorkerProcess> worker) {
  std::lock_guard lock(mutex_);
  if (idle_.size() < settings_.max_idle_workers) idle_.push_back(std::move(worker));
}

pipeline::PluginResult ProcessExecutor::run(std::shared_ptr<loader::PluginLibrary>,
                                            std::shared_ptr<pipeline::CallContext> context,
                                            pipeline::InvokeInput input) {
  std::string error;
  auto worker = take_worker(&error);
  if (!worker) {
    operator_note(plugin_path_, error);
    return fault("tool.plugin_fault.crashed", "the plugin's worker could not start: " + error);
  }
  InvokeMessage request{input.tool_name, input.tool_version, input.arguments_json,
                        std::string(input.invocation_id), std::string(input.session_id)};
  if (!write_frame(worker->fd(), MessageType::invoke, encode(request))) {
    auto how = worker->kill_and_describe(std::chrono::milliseconds(1000));
    operator_note(plugin_path_, "worker " + how + " before the call");
    return fault("tool.plugin_fault.crashed", "the plugin's worker " + how);
  }
  const auto deadline = context->deadline;
  while (true) {
    auto in = read_frame(worker->fd(), deadline);
    switch (in.status) {
      case ReadStatus::timeout: {
        // The worker can be stopped, unlike an in-process thread: kill it now.
        context->cancelled.store(true, std::memory_order_release);
        context->abandoned.store(true, std::memory_order_release);
        worker->kill_and_describe();
        operator_note(plugin_path_, "worker killed at the deadline of " + context->tool_id);
        return pipeline::PluginResult{};  // returned == false: TIMEOUT
      }
      case ReadStatus::closed: {
        auto how = worker->kill_and_describe(std::chrono::milliseconds(1000));
        operator_note(plugin_path_, "worker " + how + " during " + context->tool_id);
        return fault("tool.plugin_fault.crashed", "the plugin's worker " + how);
      }
      case ReadStatus::garbage:
      case ReadStatus::io_error: {
        auto problem = in.problem;
        worker->kill_and_describe();
        operator_note(plugin_path_,
                      "protocol violation during " + context->tool_id + ": " + problem);
        return fault("tool.plugin_fault.protocol",
                     "the plugin's worker broke the protocol: " + problem);
      }
      case ReadStatus::ok:
        break;
    }
    switch (in.frame.type) {
      case MessageType::service_call: {
        auto reply = dispatch_service_call(context->services, in.frame.payload);
        if (!reply || !write_frame(worker->fd(), MessageType::service_reply, *reply)) {
          worker->kill_and_describe();
          return fault("tool.plugin_fault.protocol",
                       "malformed service call from the plugin's worker");
        }
        continue;
      }
      case MessageType::log: {
        FieldReader r(in.frame.payload);
        int32_t level = 0;
        std::string message;
        if (r.i32(level) && r.bytes(message) && context->services.log)
          context->services.log(context->services.host, level,
                                th_str{message.data(), message.size()});
        continue;
      }
      case MessageType::result: {
        auto decoded = decode_result(in.frame.payload);
        if (!decoded) {
          worker->kill_and_describe();
          return fault("tool.plugin_fault.protocol", "malformed result from the plugin's worker");
        }
        pipeline::PluginResult r;
        r.returned = true;
        r.late = std::chrono::steady_clock::now() >= deadline;
        static_cast<loader::PluginCallOutput&>(r) = std::move(*decoded);
        if (is_plugin_fault(r)) {
          worker->kill_and_describe();
        } else {
          give_back(std::move(worker));
        }
        return r;
      }
      default:
        worker->kill_and_describe();
        return fault("tool.plugin_fault.protocol", "unexpected message from the plugin's worker");
    }
  }
}

}  // namespace toolhost::isolation
