// Failures are rendered from the outcome message table only: the reason code
// decides the kind, the retryability and the model-facing message.
#pragma once

#include <string>

#include "pipeline/call_types.hpp"
#include "tables/message_table.hpp"

namespace toolhost::pipeline {

// A failure for `reason_code`. A code missing from the table is never passed
// through: it becomes tool.plugin_fault.unknown_reason_code, with the
// offending code in the detail.
Failure make_failure(const tables::MessageTable& messages, const std::string& reason_code,
                     std::string detail);

}  // namespace toolhost::pipeline
