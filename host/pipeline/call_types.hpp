// What a front end asks the pipeline, and what it gets back.
#pragma once

#include <boost/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "registry/catalog.hpp"

namespace toolhost::pipeline {

struct CallRequest {
  // An existing session, or empty for a new one (snapshotting the catalog).
  std::string session_id;
  // NAME or NAME@VERSION; a version pins this call only.
  registry::ToolRef tool;
  // The arguments as the caller sent them (JSON text); empty means {}.
  std::string arguments_json;
  // arguments_json is boost::json::serialize's text of an object (a front
  // end that parsed the arguments itself): it is recorded and passed on as
  // it is, not serialized again, unless defaults were added to it.
  bool arguments_serialized = false;
  // The same arguments already parsed, by a front end that parsed them
  // itself (then arguments_serialized holds too): validated as they are,
  // unless the schema declares defaults. Borrowed for the call only.
  const boost::json::value* arguments = nullptr;
  // Pins for the session (new: at creation; existing: re-pins it).
  std::vector<registry::ToolRef> session_pins;
  // A workspace directory for this call's session (new sessions keep it).
  std::string workspace_dir;
  // Interactive approval given up front (`toolhost call --approve`).
  bool approve_inline = false;
};

struct Failure {
  std::string kind;         // e.g. "INVALID_ARGUMENTS"
  std::string reason_code;  // e.g. "tool.invalid_arguments.syntax"
  std::string message;      // static, from the outcome message table
  bool retryable = false;
  std::string detail;  // operator-only
};

enum class CallStatus { ok, failed, awaiting_approval };

struct CallOutcome {
  CallStatus status = CallStatus::failed;
  std::string invocation_id;
  std::string session_id;
  std::string tool;
  std::string version;
  boost::json::value output;  // ok only: the structured result
  std::string output_json;    // `output` serialized, once its record was written (else empty)
  std::string content;        // the model-facing text (a failure's static message)
  std::string output_trust;
  std::optional<Failure> failure;
  // The artifact holding the full output when it was excerpted (its JSON ref).
  std::optional<boost::json::object> full_output_artifact;

  // The `toolhost call --json` object.
  boost::json::object to_json() const;
};

std::string_view to_string(CallStatus status);

}  // namespace toolhost::pipeline
