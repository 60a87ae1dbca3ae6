#include "list_files.hpp"

#include "tool_support.hpp"

namespace toolhost::workspace_plugin {
namespace {

std::string render_line(const boost::json::object& entry) {
  std::string line = boost::json::serialize(entry.at("path"));
  if (entry.at("kind").as_string() == "directory") return line + " (directory)\n";
  return line + " (file, " + std::to_string(entry.at("byte_count").to_number<uint64_t>()) +
         " bytes)\n";
}

}  // namespace

sdk::Result list_files(const sdk::Call& call, sdk::Context& context) {
  const auto arguments = parse_arguments(call.arguments_json);
  if (!arguments) return sdk::Result::fail(std::string(reason::kSchema), "list_files");
  const auto* path_value = arguments->if_contains("path");
  const auto path = path_value ? string_argument(*arguments, "path") : std::string();
  const auto recursive = bool_argument(*arguments, "recursive", false);
  if (!path || !recursive)
    return sdk::Result::fail(std::string(reason::kSchema), "list_files: path, recursive");

  // One more than shown, so a full page can be told from a truncated one.
  std::string json;
  const auto status = context.workspace_list(*path, *recursive, kMaxListedEntries + 1, &json);
  if (status != TH_SERVICE_OK) return failure_for(status, "list_files");
  boost::system::error_code error;
  auto parsed = boost::json::parse(json, error);
  if (error || !parsed.is_array())
    return sdk::Result::fail(std::string(reason::kInternal), "list_files: listing is not an array");
  auto& entries = parsed.as_array();
  const bool truncated = entries.size() > kMaxListedEntries;
  if (truncated) entries.resize(kMaxListedEntries);

  bool all_tool_written = true;
  std::string content;
  for (const auto& value : entries) {
    const auto& entry = value.as_object();
    content += render_line(entry);
    if (!all_tool_written) continue;
    th_provenance provenance = TH_PROVENANCE_UNKNOWN;
    all_tool_written =
        context.workspace_provenance(entry.at("path").as_string(), &provenance) == TH_SERVICE_OK &&
        provenance == TH_PROVENANCE_TOOL_WRITTEN;
  }
  if (truncated) content += "(truncated after 1000 entries)\n";
  if (entries.empty()) content = "(no entries)\n";

  boost::json::object output;
  output["path"] = *path;
  output["entries"] = std::move(entries);
  output["truncated"] = truncated;
  return sdk::Result::ok(boost::json::serialize(output), std::move(content),
                         all_tool_written ? TH_TRUST_INTERNAL_TOOL : TH_TRUST_EXTERNAL_UNTRUSTED);
}

}  // namespace toolhost::workspace_plugin
