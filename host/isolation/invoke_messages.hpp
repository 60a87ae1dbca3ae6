// The invoke and result messages, encoded and decoded in one place so host
// and worker cannot disagree on field order.
#pragma once

#include <cstdint>
#include <optional>
#include <string>

namespace toolhost::isolation {

struct InvokeMessage {
  std::string tool_name, tool_version, arguments_json, invocation_id, session_id;
};

struct ResultMessage {
  bool filled = false;  // invoke returned 0
  int32_t status = 1;   // th_invoke_status
  std::string output_json, content;
  int32_t output_trust = 0;
  std::string reason_code, detail;
};

std::string encode(const InvokeMessage& m);
std::string encode(const ResultMessage& m);
std::optional<InvokeMessage> decode_invoke(const std::string& payload);
std::optional<ResultMessage> decode_result(const std::string& payload);

}  // namespace toolhost::isolation
