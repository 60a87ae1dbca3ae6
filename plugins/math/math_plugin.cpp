// The math builtin: math.calculate over the core in calculator.hpp.
#include "calculator.hpp"
#include "common/json_escape.hpp"
#include "toolhost_manifest_json.hpp"

#include <boost/json.hpp>
#include <toolhost/plugin.hpp>

#include <array>
#include <string>

namespace {

using toolhost::common::append_json_string;
using toolhost::sdk::Call;
using toolhost::sdk::Context;
using toolhost::sdk::Result;

constexpr std::string_view kRoundedLine = "\nrounded to 50 significant digits";

bool is_json_space(char c) {
  return c == ' ' || c == '\t' || c == '\n' || c == '\r';
}

// The common shape of the arguments, {"expression": "..."} whose string
// holds only printable ASCII without escapes, read without building a JSON
// value. Anything else (escapes, other bytes, other keys) answers false and
// goes through Boost.JSON, so both paths accept exactly the same documents.
bool read_plain_expression(std::string_view json, std::string_view& expression) {
  size_t i = 0;
  const auto skip = [&] {
    while (i < json.size() && is_json_space(json[i])) ++i;
  };
  const auto take = [&](std::string_view token) {
    skip();
    if (json.substr(i, token.size()) != token) return false;
    i += token.size();
    return true;
  };
  if (!take("{") || !take("\"expression\"") || !take(":") || !take("\"")) return false;
  const size_t end = json.find('"', i);
  if (end == std::string_view::npos) return false;
  // Branch-free over the whole string, so the compiler vectorizes it.
  const auto* bytes = reinterpret_cast<const unsigned char*>(json.data());
  unsigned char bad = 0;
  for (size_t k = i; k < end; ++k) {
    const unsigned char c = bytes[k];
    bad |= static_cast<unsigned char>(static_cast<unsigned char>(c - 0x20) > 0x5e);
    bad |= static_cast<unsigned char>(c == '\\');
  }
  if (bad) return false;
  expression = json.substr(i, end - i);
  i = end + 1;
  if (!take("}")) return false;
  skip();
  return i == json.size();
}

Result calculate(const Call& call, Context&) {
  std::string_view text;
  // Keeps a parsed document alive while `text` points into it.
  std::array<unsigned char, 2048> buffer;
  boost::json::monotonic_resource resource(buffer.data(), buffer.size());
  boost::json::value arguments;
  if (!read_plain_expression(call.arguments_json, text)) {
    boost::json::error_code ec;
    arguments = boost::json::parse(call.arguments_json, ec, &resource);
    const boost::json::string* expression = nullptr;
    if (!ec && arguments.is_object()) {
      if (const auto* v = arguments.as_object().if_contains("expression"))
        expression = v->if_string();
    }
    // The host validates against the input schema first; this only guards
    // a caller that did not.
    if (!expression) {
      return Result::fail("tool.invalid_arguments.syntax",
                          "arguments are not an object with a string \"expression\"");
    }
    text = std::string_view(expression->data(), expression->size());
  }
  toolhost::math::EvalOutcome outcome = toolhost::math::evaluate(text);
  if (!outcome.ok) return Result::fail(std::move(outcome.reason_code), std::move(outcome.detail));

  // {"result":...,"result_exact":...,"expression":...}, written directly.
  std::string output;
  output.reserve(outcome.result.size() + text.size() + 64);
  output += "{\"result\":";
  append_json_string(output, outcome.result);
  output += outcome.exact ? ",\"result_exact\":true,\"expression\":"
                          : ",\"result_exact\":false,\"expression\":";
  append_json_string(output, text);
  output += '}';
  std::string content = std::move(outcome.result);
  if (!outcome.exact) content += kRoundedLine;
  return Result::ok(std::move(output), std::move(content));
}

}  // namespace

TOOLHOST_PLUGIN(toolhost_embedded::toolhost_manifest_json,
                {{"math.calculate", "1.0.0", &calculate}})
