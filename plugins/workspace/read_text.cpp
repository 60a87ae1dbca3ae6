#include "read_text.hpp"

#include "text_scanner.hpp"
#include "tool_support.hpp"

namespace toolhost::workspace_plugin {

sdk::Result read_text(const sdk::Call& call, sdk::Context& context) {
  const auto arguments = parse_arguments(call.arguments_json);
  const auto path = arguments ? string_argument(*arguments, "path") : std::nullopt;
  if (!path) return sdk::Result::fail(std::string(reason::kSchema), "read_text: path");

  // The result is built by hand, in the output schema's order, and each chunk
  // is escaped into it as it arrives, while it is still in cache.
  std::string output = R"({"path":)";
  append_json_string(output, *path);
  output += R"(,"content":")";
  TextScanner scanner;
  std::string text;
  const auto status = context.workspace_read(*path, [&](std::string_view chunk) {
    if (!scanner.feed(chunk)) return false;  // stop reading at the first non-text byte
    text.append(chunk);
    append_json_escaped(output, chunk);
    return true;
  });
  if (status == TH_SERVICE_STOPPED || (status == TH_SERVICE_OK && !scanner.finish()))
    return sdk::Result::fail(
        std::string(reason::kNotText),
        "read_text: NUL byte or invalid UTF-8 near byte " + std::to_string(scanner.byte_count()));
  if (status != TH_SERVICE_OK) return failure_for(status, "read_text");

  th_provenance provenance = TH_PROVENANCE_UNKNOWN;
  const bool tool_written = context.workspace_provenance(*path, &provenance) == TH_SERVICE_OK &&
                            provenance == TH_PROVENANCE_TOOL_WRITTEN;

  output += R"(","byte_count":)" + std::to_string(scanner.byte_count());
  output += R"(,"checksum":")" + scanner.checksum() + "\"}";
  return sdk::Result::ok(std::move(output), std::move(text),
                         tool_written ? TH_TRUST_INTERNAL_TOOL : TH_TRUST_EXTERNAL_UNTRUSTED);
}

}  // namespace toolhost::workspace_plugin
