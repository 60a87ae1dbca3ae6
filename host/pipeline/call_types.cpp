#include "pipeline/call_types.hpp"

namespace toolhost::pipeline {

namespace json = boost::json;

std::string_view to_string(CallStatus status) {
  switch (status) {
    case CallStatus::ok:
      return "ok";
    case CallStatus::failed:
      return "failed";
    case CallStatus::awaiting_approval:
      return "awaiting_approval";
  }
  return "failed";
}

json::object CallOutcome::to_json() const {
  json::object o;
  o["status"] = to_string(status);
  o["invocation_id"] = invocation_id;
  o["session_id"] = session_id;
  o["tool"] = tool;
  o["version"] = version;
  if (status == CallStatus::ok) o["output"] = output;
  o["content"] = content;
  o["output_trust"] = output_trust;
  if (failure) {
    o["failure"] = json::object{{"kind", failure->kind},
                                {"reason_code", failure->reason_code},
                                {"message", failure->message},
                                {"retryable", failure->retryable},
                                {"detail", failure->detail}};
  }
  if (full_output_artifact) o["full_output_artifact"] = *full_output_artifact;
  return o;
}

}  // namespace toolhost::pipeline
