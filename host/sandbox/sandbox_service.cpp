#include "sandbox/sandbox_service.hpp"

#include <boost/json.hpp>

namespace toolhost::sandbox {

namespace json = boost::json;

namespace {

void emit(th_sink out, std::string_view text) {
  if (out.write) out.write(out.context, text.data(), text.size());
}

int32_t refuse(th_sink out, th_service_status status, std::string_view detail) {
  json::object o;
  o["detail"] = detail;
  emit(out, json::serialize(o));
  return status;
}

// The request, or an explanation of why it is not one.
bool parse_request(std::string_view text, SandboxRequest& request, std::string& error) {
  json::error_code ec;
  json::value v = json::parse(text, ec);
  if (ec || !v.is_object()) {
    error = "request is not a JSON object";
    return false;
  }
  const auto& o = v.as_object();
  for (const auto& [key, value] : o) {
    if (key != "command" && key != "timeout_s") {
      error = "unexpected request member " + std::string(key);
      return false;
    }
  }
  const auto* command = o.if_contains("command");
  if (!command || !command->is_string() || command->as_string().empty()) {
    error = "command must be a non-empty string";
    return false;
  }
  request.command = std::string(command->as_string());
  if (request.command.find('\0') != std::string::npos) {
    error = "command contains a NUL byte";
    return false;
  }
  if (const auto* timeout = o.if_contains("timeout_s")) {
    if (!timeout->is_int64() || timeout->as_int64() < 1 || timeout->as_int64() > 300) {
      error = "timeout_s must be an integer from 1 to 300";
      return false;
    }
    request.timeout = std::chrono::seconds(timeout->as_int64());
  }
  return true;
}

}  // namespace

std::string result_json(const SandboxResult& r) {
  json::object o;
  o["exit_code"] = r.exit_code;
  o["stdout"] = r.stdout_text.text;
  o["stderr"] = r.stderr_text.text;
  o["stdout_truncated"] = r.stdout_text.truncated;
  o["stderr_truncated"] = r.stderr_text.truncated;
  o["timed_out"] = r.timed_out;
  o["duration_ms"] = r.duration_ms;
  return json::serialize(o);
}

namespace services {

int32_t run(SandboxCallContext* context, th_str request_json, th_sink out) noexcept {
  try {
    if (!context || !context->workspace || !context->config)
      return refuse(out, TH_SERVICE_UNAVAILABLE, "the sandbox is not granted to this call");
    SandboxRequest request;
    request.timeout = context->config->max_timeout;
    std::string error;
    if (!parse_request(
            std::string_view(request_json.data ? request_json.data : "", request_json.size),
            request, error))
      return refuse(out, TH_SERVICE_DENIED, error);
    auto outcome = run_in_sandbox(*context->config, *context->workspace, request,
                                  context->call_deadline, context->cancelled);
    switch (outcome.status) {
      case SandboxStatus::ran:
        emit(out, result_json(outcome.result));
        return TH_SERVICE_OK;
      case SandboxStatus::cancelled:
        return refuse(out, TH_SERVICE_CANCELLED, "the call was cancelled; the command was killed");
      case SandboxStatus::unavailable:
        return refuse(out, TH_SERVICE_UNAVAILABLE, outcome.detail);
    }
    return refuse(out, TH_SERVICE_IO_ERROR, "unknown sandbox outcome");
  } catch (...) {
    // Only allocation can throw here; reporting it would allocate again.
    return TH_SERVICE_IO_ERROR;
  }
}

}  // namespace services

const SandboxConfig& SandboxConfig::host_default() {
  static const SandboxConfig config;
  return config;
}

}  // namespace toolhost::sandbox
