#include "mcp/approval_prompt.hpp"

namespace toolhost::mcp {
namespace {
// Arguments are shown to the user so they know what they approve; a huge
// argument object is cut so the prompt stays readable.
constexpr std::size_t kMaxArgumentsShown = 2000;
}  // namespace

boost::json::object approval_elicitation_params(const ToolDescriptor& tool,
                                                std::string_view invocation_id,
                                                const boost::json::object& arguments,
                                                bool include_mode) {
  std::string shown = boost::json::serialize(arguments);
  if (shown.size() > kMaxArgumentsShown) {
    shown.resize(kMaxArgumentsShown);
    shown += "...";
  }
  std::string message = "Approve " + tool.name + " " + tool.version;
  if (!tool.title.empty()) message += " (" + tool.title + ")";
  message += "? Side effect " + tool.side_effect + ", risk " + tool.risk + ". Invocation " +
             std::string(invocation_id) + ". Arguments: " + shown;

  boost::json::object field;
  field["type"] = "boolean";
  field["title"] = "Approve";
  field["description"] = "Allow this invocation to run";
  field["default"] = false;
  boost::json::object properties;
  properties[kApprovalField] = std::move(field);
  boost::json::object schema;
  schema["type"] = "object";
  schema["properties"] = std::move(properties);
  schema["required"] = boost::json::array{kApprovalField};

  boost::json::object params;
  if (include_mode) params["mode"] = "form";
  params["message"] = std::move(message);
  params["requestedSchema"] = std::move(schema);
  return params;
}

ApprovalAnswer read_approval_answer(const boost::json::value& elicit_result) {
  const auto* result = elicit_result.if_object();
  if (result == nullptr) return ApprovalAnswer::undecided;
  const auto* action = result->if_contains("action");
  if (action == nullptr || !action->is_string()) return ApprovalAnswer::undecided;
  if (action->get_string() == "decline") return ApprovalAnswer::deny;
  if (action->get_string() != "accept") return ApprovalAnswer::undecided;
  const auto* content = result->if_contains("content");
  if (content == nullptr || !content->is_object()) return ApprovalAnswer::undecided;
  const auto* approve = content->get_object().if_contains(kApprovalField);
  if (approve == nullptr || !approve->is_bool()) return ApprovalAnswer::undecided;
  return approve->get_bool() ? ApprovalAnswer::approve : ApprovalAnswer::deny;
}

bool supports_form_elicitation(const boost::json::object* client_capabilities) {
  if (client_capabilities == nullptr) return false;
  const auto* elicitation = client_capabilities->if_contains("elicitation");
  if (elicitation == nullptr || !elicitation->is_object()) return false;
  const auto& modes = elicitation->get_object();
  return modes.empty() || modes.contains("form");
}

}  // namespace toolhost::mcp
