#include "fake_backend.hpp"

#include <cctype>
#include <cstdio>
#include <fstream>
#include <sstream>
#include <stdexcept>

namespace toolhost::mcp::testing {
namespace {

std::vector<ToolDescriptor> load_manifest(const std::string& path) {
  std::ifstream file(path);
  if (!file) throw std::runtime_error("cannot read " + path);
  std::stringstream text;
  text << file.rdbuf();
  const boost::json::value manifest = boost::json::parse(text.str());
  std::vector<ToolDescriptor> tools;
  for (const auto& spec : manifest.at("tools").as_array()) {
    const auto& s = spec.as_object();
    ToolDescriptor d;
    d.name = s.at("name").as_string();
    d.version = s.at("version").as_string();
    d.title = s.at("title").as_string();
    d.description = s.at("description").as_string();
    d.side_effect = s.at("side_effect").as_string();
    d.risk = s.at("risk").as_string();
    d.idempotency = s.at("idempotency").as_string();
    d.output_trust = s.at("output_trust").as_string();
    d.input_schema = s.at("input_schema").as_object();
    d.output_schema = s.at("output_schema").as_object();
    d.open_world = false;
    tools.push_back(std::move(d));
  }
  return tools;
}

CallOutcome failure(std::string kind, std::string reason, std::string message) {
  CallOutcome outcome;
  outcome.status = CallOutcome::Status::failed;
  outcome.failure_kind = std::move(kind);
  outcome.reason_code = std::move(reason);
  outcome.content = std::move(message);
  return outcome;
}

CallOutcome schema_failure() {
  return failure("INVALID_ARGUMENTS", "tool.invalid_arguments.schema",
                 "The arguments do not match the tool's input schema.");
}

bool only_string_fields(const boost::json::object& arguments,
                        std::initializer_list<std::string_view> fields) {
  if (arguments.size() != fields.size()) return false;
  for (auto field : fields) {
    const auto* value = arguments.if_contains(field);
    if (value == nullptr || !value->is_string()) return false;
  }
  return true;
}

struct ExpressionParser {
  std::string_view text;
  std::size_t pos = 0;
  bool ok = true;

  void skip() {
    while (pos < text.size() && std::isspace(static_cast<unsigned char>(text[pos]))) ++pos;
  }
  bool take(char c) {
    skip();
    if (pos < text.size() && text[pos] == c) {
      ++pos;
      return true;
    }
    return false;
  }
  long long combine(long long a, char op, long long b) {
    long long r = 0;
    bool overflow = op == '+'   ? __builtin_add_overflow(a, b, &r)
                    : op == '-' ? __builtin_sub_overflow(a, b, &r)
                                : __builtin_mul_overflow(a, b, &r);
    if (overflow) ok = false;
    return r;
  }
  long long factor() {
    skip();
    if (take('-')) return combine(0, '-', factor());
    if (take('(')) {
      long long v = sum();
      if (!take(')')) ok = false;
      return v;
    }
    if (pos >= text.size() || !std::isdigit(static_cast<unsigned char>(text[pos]))) {
      ok = false;
      return 0;
    }
    long long v = 0;
    while (pos < text.size() && std::isdigit(static_cast<unsigned char>(text[pos]))) {
      v = combine(combine(v, '*', 10), '+', text[pos++] - '0');
    }
    return v;
  }
  long long product() {
    long long v = factor();
    while (ok && take('*')) v = combine(v, '*', factor());
    return v;
  }
  long long sum() {
    long long v = product();
    while (ok) {
      if (take('+')) {
        v = combine(v, '+', product());
      } else if (take('-')) {
        v = combine(v, '-', product());
      } else {
        break;
      }
    }
    return v;
  }
};

std::string fnv1a_hex(std::string_view bytes) {
  unsigned long long hash = 1469598103934665603ull;
  for (unsigned char c : bytes) hash = (hash ^ c) * 1099511628211ull;
  char text[17];
  std::snprintf(text, sizeof text, "%016llx", hash);
  return text;
}

}  // namespace

bool evaluate_integer_expression(std::string_view expression, long long& value) {
  ExpressionParser parser{expression};
  value = parser.sum();
  parser.skip();
  return parser.ok && parser.pos == expression.size();
}

FakeBackend::FakeBackend(const std::string& manifest_dir, std::map<std::string, std::string> pins)
    : pins_(std::move(pins)) {
  for (const char* plugin : {"math", "demo"}) {
    for (auto& tool : load_manifest(manifest_dir + "/plugins/" + plugin + ".json")) {
      versions_.push_back(std::move(tool));
    }
  }
  ToolDescriptor newer = versions_.front();  // math.calculate
  newer.version = "1.1.0";
  versions_.push_back(std::move(newer));
}

std::vector<ToolDescriptor> FakeBackend::list_tools() {
  ++list_count;
  std::map<std::string, ToolDescriptor> chosen;
  for (const auto& tool : versions_) {
    auto pin = pins_.find(tool.name);
    if (pin != pins_.end()) {
      if (tool.version == pin->second) chosen[tool.name] = tool;
      continue;
    }
    auto& slot = chosen[tool.name];
    if (slot.version < tool.version) slot = tool;  // lexical order suffices for the fake
  }
  std::vector<ToolDescriptor> tools;
  // Reverse order on purpose: the server must sort.
  for (auto it = chosen.rbegin(); it != chosen.rend(); ++it) tools.push_back(it->second);
  for (const auto& tool : extra_) tools.push_back(tool);
  return tools;
}

std::string FakeBackend::next_invocation_id() {
  char id[32];
  std::snprintf(id, sizeof id, "inv-%06d", next_id_++);
  return id;
}

CallOutcome FakeBackend::call_tool(std::string_view name, const boost::json::object& arguments) {
  ++call_count;
  if (name == "math.calculate") {
    CallOutcome outcome;
    if (!only_string_fields(arguments, {"expression"})) {
      outcome = schema_failure();
    } else {
      const auto& expression = arguments.at("expression").get_string();
      long long value = 0;
      if (!evaluate_integer_expression(expression, value)) {
        outcome = failure("INVALID_ARGUMENTS", "tool.invalid_arguments.syntax",
                          "The expression could not be parsed.");
      } else {
        outcome.status = CallOutcome::Status::ok;
        outcome.content = std::to_string(value);
        boost::json::object output;
        output["result"] = outcome.content;
        output["result_exact"] = true;
        output["expression"] = expression;
        outcome.output = std::move(output);
        outcome.output_trust = "INTERNAL_TOOL";
      }
    }
    outcome.invocation_id = next_invocation_id();
    return outcome;
  }
  if (name == "demo.external_write") {
    if (!only_string_fields(arguments, {"destination", "content"})) {
      CallOutcome outcome = schema_failure();
      outcome.invocation_id = next_invocation_id();
      return outcome;
    }
    CallOutcome outcome;
    outcome.status = CallOutcome::Status::awaiting_approval;
    outcome.invocation_id = next_invocation_id();
    pending_[outcome.invocation_id] = arguments;
    return outcome;
  }
  for (const auto& tool : extra_) {
    if (tool.name == name) {
      CallOutcome outcome;
      outcome.status = CallOutcome::Status::ok;
      outcome.output = boost::json::object{};
      outcome.content = "{}";
      outcome.output_trust = tool.output_trust;
      outcome.invocation_id = next_invocation_id();
      return outcome;
    }
  }
  CallOutcome unknown;
  unknown.status = CallOutcome::Status::unknown_tool;
  return unknown;
}

CallOutcome FakeBackend::approve(std::string_view invocation_id) {
  ++approve_count;
  auto it = pending_.find(std::string(invocation_id));
  if (it == pending_.end()) {
    CallOutcome unknown;
    unknown.status = CallOutcome::Status::unknown_tool;
    return unknown;
  }
  const std::string destination(it->second.at("destination").as_string());
  const std::string content(it->second.at("content").as_string());
  pending_.erase(it);
  CallOutcome outcome;
  outcome.status = CallOutcome::Status::ok;
  outcome.invocation_id = std::string(invocation_id);
  boost::json::object output;
  output["recorded"] = true;
  output["destination"] = destination;
  output["byte_count"] = content.size();
  output["checksum"] = "fnv1a64:" + fnv1a_hex(content);
  outcome.output = std::move(output);
  outcome.content =
      "Recorded " + std::to_string(content.size()) + " bytes for " + destination + ".";
  outcome.output_trust = "INTERNAL_TOOL";
  return outcome;
}

CallOutcome FakeBackend::deny(std::string_view invocation_id) {
  ++deny_count;
  if (pending_.erase(std::string(invocation_id)) == 0) {
    CallOutcome unknown;
    unknown.status = CallOutcome::Status::unknown_tool;
    return unknown;
  }
  CallOutcome outcome =
      failure("APPROVAL_DENIED", "tool.approval_denied.denied", "The owner denied this tool call.");
  outcome.invocation_id = std::string(invocation_id);
  return outcome;
}

std::vector<std::string> FakeBackend::pending_invocations() const {
  std::vector<std::string> ids;
  for (const auto& [id, arguments] : pending_) ids.push_back(id);
  return ids;
}

}  // namespace toolhost::mcp::testing
