#include "run_command.hpp"

#include <boost/json.hpp>

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>

namespace toolhost::sandbox_plugin {

namespace json = boost::json;

namespace {

namespace reason {
constexpr std::string_view kSchema = "tool.invalid_arguments.schema";
constexpr std::string_view kBackend = "tool.unavailable.sandbox_backend";
constexpr std::string_view kNotGranted = "tool.unavailable.not_granted";
constexpr std::string_view kCancelled = "tool.cancelled.cancelled";
constexpr std::string_view kInternal = "tool.internal.error";
}  // namespace reason

constexpr int64_t kMaxTimeoutSeconds = 300;

// The request for the service, or nullopt when the arguments are not what
// the input schema allows (the host validates first, so this is a backstop).
std::optional<std::string> request_of(std::string_view arguments_json, std::string& problem) {
  json::error_code ec;
  json::value v = json::parse(arguments_json, ec);
  if (ec || !v.is_object()) {
    problem = "arguments are not a JSON object";
    return std::nullopt;
  }
  const auto& args = v.as_object();
  json::object request;
  for (const auto& [key, value] : args) {
    if (key == "command") {
      if (!value.is_string() || value.as_string().empty()) {
        problem = "command must be a non-empty string";
        return std::nullopt;
      }
      request["command"] = value;
    } else if (key == "timeout_s") {
      if (!value.is_int64() || value.as_int64() < 1 || value.as_int64() > kMaxTimeoutSeconds) {
        problem = "timeout_s must be an integer from 1 to 300";
        return std::nullopt;
      }
      request["timeout_s"] = value;
    } else {
      problem = "unexpected argument " + std::string(key);
      return std::nullopt;
    }
  }
  if (!request.contains("command")) {
    problem = "command is required";
    return std::nullopt;
  }
  return json::serialize(request);
}

// The service's result, re-serialized with exactly the output schema's
// members, so nothing else the host might add reaches the model.
std::optional<std::string> output_of(std::string_view result_json) {
  json::error_code ec;
  json::value v = json::parse(result_json, ec);
  if (ec || !v.is_object()) return std::nullopt;
  const auto& r = v.as_object();
  json::object out;
  for (std::string_view key : {"exit_code", "duration_ms"}) {
    const auto* value = r.if_contains(key);
    if (!value || !value->is_int64()) return std::nullopt;
    out[key] = *value;
  }
  for (std::string_view key : {"stdout", "stderr"}) {
    const auto* value = r.if_contains(key);
    if (!value || !value->is_string()) return std::nullopt;
    out[key] = *value;
  }
  for (std::string_view key : {"stdout_truncated", "stderr_truncated", "timed_out"}) {
    const auto* value = r.if_contains(key);
    if (!value || !value->is_bool()) return std::nullopt;
    out[key] = *value;
  }
  return json::serialize(out);
}

std::string detail_of(std::string_view answer) {
  json::error_code ec;
  json::value v = json::parse(answer, ec);
  if (!ec && v.is_object()) {
    if (const auto* d = v.as_object().if_contains("detail"); d && d->is_string())
      return std::string(d->as_string());
  }
  return std::string(answer);
}

bool has_sandbox_service(const sdk::Context& context) {
  const th_host_services* s = context.raw();
  return s != nullptr &&
         s->struct_size >= offsetof(th_host_services, sandbox_run) + sizeof(s->sandbox_run) &&
         s->sandbox_run != nullptr;
}

}  // namespace

sdk::Result run_command(const sdk::Call& call, sdk::Context& context) {
  std::string problem;
  auto request = request_of(call.arguments_json, problem);
  if (!request) return sdk::Result::fail(std::string(reason::kSchema), problem);
  if (!has_sandbox_service(context))
    return sdk::Result::fail(std::string(reason::kNotGranted),
                             "the host granted no sandbox_run service");

  const th_host_services* s = context.raw();
  std::string answer;
  auto status = static_cast<th_service_status>(
      s->sandbox_run(s->host, sdk::str(*request), sdk::Context::sink_for(answer)));
  switch (status) {
    case TH_SERVICE_OK:
      break;
    case TH_SERVICE_UNAVAILABLE:
      return sdk::Result::fail(std::string(reason::kBackend), detail_of(answer));
    case TH_SERVICE_CANCELLED:
      return sdk::Result::fail(std::string(reason::kCancelled), detail_of(answer));
    default:
      return sdk::Result::fail(
          std::string(reason::kInternal),
          "sandbox_run status " + std::to_string(status) + ": " + detail_of(answer));
  }
  auto output = output_of(answer);
  if (!output)
    return sdk::Result::fail(std::string(reason::kInternal), "sandbox_run answered malformed JSON");
  // The model reads the result object itself: JSON keeps a command's output
  // from forging the exit code or the other stream. Output trust is the
  // declared EXTERNAL_UNTRUSTED, which registration forces in any case.
  return sdk::Result::ok(*output, *output);
}

}  // namespace toolhost::sandbox_plugin
