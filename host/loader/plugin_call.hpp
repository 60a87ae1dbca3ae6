// One call through the C ABI: builds the request, invokes, copies the result
// into host memory and lets the plugin release its buffers. The in-process
// executor, the worker process and the conformance suite all call plugins
// through this, so the request is built and the result copied in one place.
#pragma once

#include <toolhost/plugin.h>

#include <cstdint>
#include <string>
#include <string_view>

namespace toolhost::loader {

struct PluginCallInput {
  std::string_view tool_name, tool_version, arguments_json, invocation_id, session_id;
};

struct PluginCallOutput {
  bool filled = false;  // invoke returned 0 and filled the result
  int32_t status = TH_INVOKE_FAILED;
  std::string output_json;
  std::string content;
  int32_t output_trust = TH_TRUST_AS_DECLARED;
  std::string reason_code;
  std::string detail;
};

// Copies a filled th_invoke_result and releases it.
PluginCallOutput take_call_output(th_invoke_result& raw);

PluginCallOutput call_plugin(const th_plugin_v1& api, const PluginCallInput& input,
                             const th_host_services* services);

}  // namespace toolhost::loader
