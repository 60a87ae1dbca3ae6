#include "write_text.hpp"

#include "text_scanner.hpp"
#include "tool_support.hpp"

namespace toolhost::workspace_plugin {

sdk::Result write_text(const sdk::Call& call, sdk::Context& context) {
  const auto arguments = parse_arguments(call.arguments_json);
  const auto path = arguments ? string_argument(*arguments, "path") : std::nullopt;
  const auto content = arguments ? string_argument(*arguments, "content") : std::nullopt;
  if (!path || !content)
    return sdk::Result::fail(std::string(reason::kSchema), "write_text: path, content");

  // The checksum is of the bytes handed to the workspace, never a re-read.
  TextScanner scanner;
  if (!scanner.feed(*content) || !scanner.finish())
    return sdk::Result::fail(std::string(reason::kNotText), "write_text: content holds U+0000");

  th_write_outcome outcome{};
  const auto status = context.workspace_write(*path, *content, &outcome);
  if (status != TH_SERVICE_OK) return failure_for(status, "write_text");

  boost::json::object output;
  output["path"] = *path;
  output["byte_count"] = outcome.byte_count;
  output["checksum"] = scanner.checksum();
  output["created"] = outcome.created != 0;
  std::string json = boost::json::serialize(output);
  std::string model_content = json;
  return sdk::Result::ok(std::move(json), std::move(model_content));
}

}  // namespace toolhost::workspace_plugin
