#include "tables/message_table.hpp"

#include <boost/json.hpp>

#include "tables/embedded_tables.hpp"

namespace toolhost::tables {

namespace json = boost::json;

std::optional<std::string> MessageTable::parse(std::string_view text, MessageTable& out) {
  json::error_code ec;
  json::value doc = json::parse(text, ec);
  if (ec) return "message table is not valid JSON: " + ec.message();
  const auto* root = doc.if_object();
  const auto* messages = root ? root->if_contains("messages") : nullptr;
  if (!messages || !messages->is_object()) return "message table has no \"messages\" object";
  for (const auto& [code, entry] : messages->as_object()) {
    const auto* e = entry.if_object();
    if (!e) return "message table entry " + std::string(code) + " is not an object";
    const auto* kind = e->if_contains("kind");
    const auto* retryable = e->if_contains("retryable");
    const auto* message = e->if_contains("message");
    if (!kind || !kind->is_string() || !retryable || !retryable->is_bool() || !message ||
        !message->is_string())
      return "message table entry " + std::string(code) + " lacks kind, retryable or message";
    out.entries_[std::string(code)] = OutcomeMessage{std::string(kind->as_string()),
                                                     retryable->as_bool(),
                                                     std::string(message->as_string())};
  }
  return std::nullopt;
}

const MessageTable& MessageTable::builtin() {
  static const MessageTable table = [] {
    MessageTable t;
    // The embedded file is covered by tests; a parse failure here is a build defect.
    (void)parse(embedded_messages_json(), t);
    return t;
  }();
  return table;
}

const OutcomeMessage* MessageTable::find(std::string_view reason_code) const {
  auto it = entries_.find(reason_code);
  return it == entries_.end() ? nullptr : &it->second;
}

std::string kind_of_reason_code(std::string_view code) {
  constexpr std::string_view prefix = "tool.";
  if (code.substr(0, prefix.size()) != prefix) return {};
  auto rest = code.substr(prefix.size());
  auto dot = rest.find('.');
  if (dot == std::string_view::npos || dot == 0 || dot + 1 == rest.size()) return {};
  std::string kind(rest.substr(0, dot));
  for (auto& c : kind) {
    if (c >= 'a' && c <= 'z')
      c = static_cast<char>(c - 'a' + 'A');
    else if (c != '_')
      return {};
  }
  return kind;
}

}  // namespace toolhost::tables
