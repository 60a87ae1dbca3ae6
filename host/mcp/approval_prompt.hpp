// The approval question put to the user through elicitation (a form with one
// boolean field), and how the user's answer is read.
#pragma once

#include "mcp/backend.hpp"

#include <boost/json.hpp>

#include <string_view>

namespace toolhost::mcp {

// The name of the single form field; also the inputRequests key in 2026-07-28.
inline constexpr std::string_view kApprovalField = "approve";

// Params of an elicitation/create request. include_mode adds mode:"form"
// (2025-11-25 and later; 2025-06-18 has no mode field).
boost::json::object approval_elicitation_params(const ToolDescriptor& tool,
                                                std::string_view invocation_id,
                                                const boost::json::object& arguments,
                                                bool include_mode);

enum class ApprovalAnswer {
  approve,    // accept with approve == true
  deny,       // accept with approve == false, or decline
  undecided,  // cancel, or anything we cannot read: leave it to out-of-band approval
};

// Reads an ElicitResult ({action, content}).
ApprovalAnswer read_approval_answer(const boost::json::value& elicit_result);

// Whether declared client capabilities include form-mode elicitation: an
// elicitation object that is empty (form by default) or names form.
bool supports_form_elicitation(const boost::json::object* client_capabilities);

}  // namespace toolhost::mcp
