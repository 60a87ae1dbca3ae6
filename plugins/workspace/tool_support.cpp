#include "tool_support.hpp"

namespace toolhost::workspace_plugin {

std::optional<boost::json::object> parse_arguments(std::string_view arguments_json) {
  boost::system::error_code error;
  auto value = boost::json::parse(arguments_json, error);
  if (error || !value.is_object()) return std::nullopt;
  return std::move(value.as_object());
}

std::optional<std::string> string_argument(const boost::json::object& arguments,
                                           std::string_view name) {
  const auto* value = arguments.if_contains(name);
  if (!value || !value->is_string()) return std::nullopt;
  return std::string(value->as_string());
}

std::optional<bool> bool_argument(const boost::json::object& arguments, std::string_view name,
                                  bool fallback) {
  const auto* value = arguments.if_contains(name);
  if (!value) return fallback;
  if (!value->is_bool()) return std::nullopt;
  return value->as_bool();
}

sdk::Result failure_for(th_service_status status, std::string_view operation) {
  const std::string detail = std::string(operation) + ": service status " + std::to_string(status);
  switch (status) {
    case TH_SERVICE_NO_SUCH_PATH:
      return sdk::Result::fail(std::string(reason::kNoSuchPath), detail);
    case TH_SERVICE_NOT_A_FILE:
      return sdk::Result::fail(std::string(reason::kNotAFile), detail);
    case TH_SERVICE_NOT_A_DIRECTORY:
      return sdk::Result::fail(std::string(reason::kNotADirectory), detail);
    case TH_SERVICE_ESCAPE:
      return sdk::Result::fail(std::string(reason::kOutsideWorkspace), detail);
    case TH_SERVICE_UNAVAILABLE:
      return sdk::Result::fail(std::string(reason::kNotGranted), detail);
    case TH_SERVICE_CANCELLED:
      return sdk::Result::fail(std::string(reason::kCancelled), detail);
    default:
      return sdk::Result::fail(std::string(reason::kInternal), detail);
  }
}

}  // namespace toolhost::workspace_plugin
