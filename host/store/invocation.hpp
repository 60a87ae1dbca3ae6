// One row of tool_invocations as plain structs.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace toolhost::store {

// The life of a row:
//   running            -> succeeded | failed                 (complete)
//   awaiting_approval  -> running                            (claim_for_approval)
//   awaiting_approval  -> denied                             (deny)
// `approved` is part of the vocabulary but never persisted on its own: the
// approval and the start of the run are one transaction that writes
// `running` (with approved_at_us set), so a crash can never leave a row that
// is approved but not yet known to have started.
enum class InvocationStatus { running, awaiting_approval, approved, succeeded, failed, denied };

std::string_view to_string(InvocationStatus status);
std::optional<InvocationStatus> parse_invocation_status(std::string_view text);

// What the pipeline knows before the plugin runs.
struct NewInvocation {
  std::string session_id{};
  std::string tool{};
  std::string version{};
  std::string arguments_json{};   // validated, defaults applied
  std::string policy_decision{};  // e.g. "allow", "require_approval", "deny"
  int64_t created_at_us = 0;      // also started_at_us for insert_running
};

// A row just written: its id, and SQLite's rowid for it. The rowid only lets
// the completion find the row without the id index; it is always checked
// against the id, so a stale or wrong one costs a lookup, never a wrong row.
struct WrittenInvocation {
  std::string id{};
  int64_t rowid = 0;  // 0: unknown
};

// How a call ended. Empty strings are stored as NULL.
struct InvocationOutcome {
  bool succeeded = false;
  std::string output_json{};   // success: the structured result
  std::string content{};       // the model-facing text
  std::string output_trust{};  // e.g. "INTERNAL_TOOL"
  std::string failure_kind{};  // failure: e.g. "INVALID_ARGUMENTS"
  std::string reason_code{};   // failure: e.g. "tool.invalid_arguments.syntax"
  std::string detail{};        // failure: operator-only specifics
  int64_t finished_at_us = 0;
  int64_t duration_us = 0;  // measured by the caller (a fixed clock would say 0)
};

struct Invocation {
  std::string id{};
  std::string session_id{};
  std::string tool{};
  std::string version{};
  std::string arguments_json{};
  std::string policy_decision{};
  InvocationStatus status = InvocationStatus::running;
  std::string output_json{};
  std::string content{};
  std::string output_trust{};
  std::string failure_kind{};
  std::string reason_code{};
  std::string detail{};
  int64_t created_at_us = 0;
  std::optional<int64_t> started_at_us{};
  std::optional<int64_t> finished_at_us{};
  std::optional<int64_t> duration_us{};
  std::optional<int64_t> approved_at_us{};
};

}  // namespace toolhost::store
