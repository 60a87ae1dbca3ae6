// The math builtin: math.calculate over the core in calculator.hpp.
#include "calculator.hpp"
#include "toolhost_manifest_json.hpp"

#include <boost/json.hpp>
#include <toolhost/plugin.hpp>

#include <string>

namespace {

using toolhost::sdk::Call;
using toolhost::sdk::Context;
using toolhost::sdk::Result;

constexpr std::string_view kRoundedLine = "\nrounded to 50 significant digits";

Result calculate(const Call& call, Context&) {
  boost::json::error_code ec;
  const boost::json::value arguments = boost::json::parse(call.arguments_json, ec);
  const boost::json::string* expression = nullptr;
  if (!ec && arguments.is_object()) {
    if (const auto* v = arguments.as_object().if_contains("expression"))
      expression = v->if_string();
  }
  // The host validates against the input schema first; this only guards a
  // caller that did not.
  if (!expression) {
    return Result::fail("tool.invalid_arguments.syntax",
                        "arguments are not an object with a string \"expression\"");
  }
  const std::string_view text(expression->data(), expression->size());
  toolhost::math::EvalOutcome outcome = toolhost::math::evaluate(text);
  if (!outcome.ok) return Result::fail(std::move(outcome.reason_code), std::move(outcome.detail));

  boost::json::object output;
  output["result"] = outcome.result;
  output["result_exact"] = outcome.exact;
  output["expression"] = text;
  std::string content = std::move(outcome.result);
  if (!outcome.exact) content += kRoundedLine;
  return Result::ok(boost::json::serialize(output), std::move(content));
}

}  // namespace

TOOLHOST_PLUGIN(toolhost_embedded::toolhost_manifest_json,
                {{"math.calculate", "1.0.0", &calculate}})
