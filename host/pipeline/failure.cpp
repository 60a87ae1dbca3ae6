#include "pipeline/failure.hpp"

namespace toolhost::pipeline {

Failure make_failure(const tables::MessageTable& messages, const std::string& reason_code,
                     std::string detail) {
  const auto* entry = messages.find(reason_code);
  if (!entry) {
    entry = messages.find("tool.plugin_fault.unknown_reason_code");
    detail = "unknown reason code \"" + reason_code + "\"" + (detail.empty() ? "" : ": " + detail);
    return Failure{entry ? entry->kind : "PLUGIN_FAULT", "tool.plugin_fault.unknown_reason_code",
                   entry ? entry->message : "The tool failed in an unexpected way.", false,
                   std::move(detail)};
  }
  return Failure{entry->kind, reason_code, entry->message, entry->retryable, std::move(detail)};
}

}  // namespace toolhost::pipeline
