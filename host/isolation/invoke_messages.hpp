// The invoke and result messages, encoded and decoded in one place so host
// and worker cannot disagree on field order.
#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include "loader/plugin_call.hpp"

namespace toolhost::isolation {

struct InvokeMessage {
  std::string tool_name, tool_version, arguments_json, invocation_id, session_id;
};

// The worker sends back exactly what loader::call_plugin copied out.
using ResultMessage = loader::PluginCallOutput;

std::string encode(const InvokeMessage& m);
std::string encode(const ResultMessage& m);
std::optional<InvokeMessage> decode_invoke(const std::string& payload);
std::optional<ResultMessage> decode_result(const std::string& payload);

}  // namespace toolhost::isolation
