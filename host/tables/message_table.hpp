// The outcome message table: one static, model-facing message per reason
// code. Messages never interpolate anything; the reason code carries the
// diagnosis and the message the remedy.
#pragma once

#include <map>
#include <optional>
#include <string>
#include <string_view>

namespace toolhost::tables {

struct OutcomeMessage {
  std::string kind;  // e.g. "INVALID_ARGUMENTS"
  bool retryable = false;
  std::string message;
};

class MessageTable {
 public:
  // Parses the table JSON ({"messages": {code: {kind, retryable, message}}}).
  // Returns an error description on malformed input.
  static std::optional<std::string> parse(std::string_view json, MessageTable& out);
  // The table embedded from manifests/messages.json.
  static const MessageTable& builtin();

  const OutcomeMessage* find(std::string_view reason_code) const;
  bool contains(std::string_view reason_code) const { return find(reason_code) != nullptr; }
  const std::map<std::string, OutcomeMessage, std::less<>>& entries() const { return entries_; }

 private:
  std::map<std::string, OutcomeMessage, std::less<>> entries_;
};

// The failure kind a reason code names: "tool.invalid_arguments.syntax" ->
// "INVALID_ARGUMENTS". Empty when the code is not of the form tool.<kind>.<reason>.
std::string kind_of_reason_code(std::string_view reason_code);

}  // namespace toolhost::tables
