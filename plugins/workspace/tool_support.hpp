// What the three workspace tools share: argument access and the mapping from
// a service status to the tool's failure.
#pragma once

#include <toolhost/plugin.hpp>

#include "common/json_escape.hpp"  // append_json_string, for results built by hand

#include <boost/json.hpp>

#include <optional>
#include <string>
#include <string_view>

namespace toolhost::workspace_plugin {

using common::append_json_escaped;
using common::append_json_string;

namespace reason {
inline constexpr std::string_view kNoSuchPath = "tool.not_found.no_such_path";
inline constexpr std::string_view kNotText = "tool.invalid_arguments.not_text";
inline constexpr std::string_view kNotAFile = "tool.invalid_arguments.not_a_file";
inline constexpr std::string_view kNotADirectory = "tool.invalid_arguments.not_a_directory";
inline constexpr std::string_view kOutsideWorkspace =
    "tool.invalid_arguments.path_outside_workspace";
inline constexpr std::string_view kSchema = "tool.invalid_arguments.schema";
inline constexpr std::string_view kNotGranted = "tool.unavailable.not_granted";
inline constexpr std::string_view kCancelled = "tool.cancelled.cancelled";
inline constexpr std::string_view kInternal = "tool.internal.error";
}  // namespace reason

// The arguments object, already validated by the host against the input
// schema; anything else is a schema failure.
std::optional<boost::json::object> parse_arguments(std::string_view arguments_json);
std::optional<std::string> string_argument(const boost::json::object& arguments,
                                           std::string_view name);
// `fallback` when absent: the host normally applies schema defaults itself.
std::optional<bool> bool_argument(const boost::json::object& arguments, std::string_view name,
                                  bool fallback);

// The failure for a service status other than OK. An escape is reported as
// path_outside_workspace, though the host overrides whatever is returned.
sdk::Result failure_for(th_service_status status, std::string_view operation);

}  // namespace toolhost::workspace_plugin
