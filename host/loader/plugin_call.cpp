#include "loader/plugin_call.hpp"

namespace toolhost::loader {
namespace {

th_str view(std::string_view s) {
  return th_str{s.data(), s.size()};
}
std::string copy(th_str s) {
  return s.data ? std::string(s.data, s.size) : std::string();
}

}  // namespace

PluginCallOutput take_call_output(th_invoke_result& raw) {
  PluginCallOutput out;
  out.filled = true;
  out.status = raw.status;
  out.output_json = copy(raw.output_json);
  out.content = copy(raw.content);
  out.output_trust = raw.output_trust;
  out.reason_code = copy(raw.reason_code);
  out.detail = copy(raw.detail);
  if (raw.release) raw.release(raw.release_context);
  return out;
}

PluginCallOutput call_plugin(const th_plugin_v1& api, const PluginCallInput& input,
                             const th_host_services* services) {
  th_invoke_request request{};
  request.struct_size = sizeof(request);
  request.tool_name = view(input.tool_name);
  request.tool_version = view(input.tool_version);
  request.arguments_json = view(input.arguments_json);
  request.invocation_id = view(input.invocation_id);
  request.session_id = view(input.session_id);
  th_invoke_result raw{};
  raw.struct_size = sizeof(raw);
  if (api.invoke(api.self, &request, services, &raw) != 0) return {};
  return take_call_output(raw);
}

}  // namespace toolhost::loader
