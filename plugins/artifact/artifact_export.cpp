#include "artifact_export.hpp"

#include "file_name.hpp"
#include "media_type.hpp"

#include <boost/json.hpp>

#include <optional>
#include <string>

namespace toolhost::artifact_plugin {
namespace {

namespace json = boost::json;
using sdk::Result;

// Workspace service answers as the tool's reason codes.
Result workspace_failure(th_service_status status) {
  switch (status) {
    case TH_SERVICE_NO_SUCH_PATH:
      return Result::fail("tool.not_found.no_such_path");
    case TH_SERVICE_NOT_A_FILE:
      return Result::fail("tool.invalid_arguments.not_a_file");
    case TH_SERVICE_NOT_A_DIRECTORY:
      return Result::fail("tool.invalid_arguments.not_a_directory");
    case TH_SERVICE_ESCAPE:
      return Result::fail("tool.invalid_arguments.path_outside_workspace");
    case TH_SERVICE_TOO_LARGE:
      return Result::fail("tool.output_too_large.artifact_too_large");
    case TH_SERVICE_CANCELLED:
      return Result::fail("tool.cancelled.cancelled");
    case TH_SERVICE_UNAVAILABLE:
      return Result::fail("tool.unavailable.not_granted", "workspace_read not granted");
    default:
      return Result::fail("tool.internal.error",
                          "workspace_read status " + std::to_string(static_cast<int>(status)));
  }
}

// Artifact service answers as the tool's reason codes.
Result artifact_failure(th_service_status status, std::string_view step) {
  switch (status) {
    case TH_SERVICE_TOO_LARGE:
      return Result::fail("tool.output_too_large.artifact_too_large");
    case TH_SERVICE_UNAVAILABLE:
      return Result::fail("tool.unavailable.not_granted", "artifact writer not granted");
    default:
      return Result::fail("tool.internal.error", std::string(step) + " status " +
                                                     std::to_string(static_cast<int>(status)));
  }
}

std::string meta_json(std::string_view name, std::string_view media_type, std::string_view origin,
                      std::string_view provenance) {
  json::object meta;
  meta["name"] = name;
  meta["media_type"] = media_type;
  meta["origin"] = origin;
  meta["provenance"] = provenance;
  return json::serialize(meta);
}

// The committed reference, wrapped in the tool's result.
Result attached(th_service_status commit_status, const std::string& ref_json) {
  if (commit_status != TH_SERVICE_OK) return artifact_failure(commit_status, "artifact_commit");
  boost::system::error_code ec;
  json::value ref = json::parse(ref_json, ec);
  if (ec || !ref.is_object()) return Result::fail("tool.internal.error", "malformed ArtifactRef");
  const json::object& r = ref.as_object();
  const json::value* id = r.if_contains("id");
  const json::value* name = r.if_contains("name");
  const json::value* bytes = r.if_contains("byte_count");
  if (!id || !id->is_string() || !name || !name->is_string() || !bytes || !bytes->is_number()) {
    return Result::fail("tool.internal.error", "incomplete ArtifactRef");
  }
  const std::string content = "Exported " + std::string(name->as_string()) + " (" +
                              json::serialize(*bytes) + " bytes) as artifact " +
                              std::string(id->as_string()) + ". The file is attached to the reply.";
  json::object output;
  output["artifact"] = std::move(ref);
  output["attached"] = true;
  return Result::ok(json::serialize(output), content);
}

Result export_workspace_file(std::string_view path, std::optional<std::string_view> name_override,
                             sdk::Context& ctx) {
  std::string name(name_override.value_or(last_path_segment(path)));
  if (!is_bare_file_name(name)) name = "export";

  // Bytes the tool itself wrote keep the host's trust; anything else in the
  // workspace came from outside it.
  th_provenance provenance = TH_PROVENANCE_UNKNOWN;
  const bool tool_written = ctx.workspace_provenance(path, &provenance) == TH_SERVICE_OK &&
                            provenance == TH_PROVENANCE_TOOL_WRITTEN;

  uint64_t writer = 0;
  const auto begun =
      ctx.artifact_begin(meta_json(name, media_type_for_name(name), "WORKSPACE_EXPORT",
                                   tool_written ? "internal" : "external_untrusted"),
                         &writer);
  if (begun != TH_SERVICE_OK) return artifact_failure(begun, "artifact_begin");

  // Stream: the file never sits whole in the plugin's memory.
  th_service_status append_status = TH_SERVICE_OK;
  bool cancelled = false;
  const auto read = ctx.workspace_read(path, [&](std::string_view chunk) {
    if (ctx.cancelled()) {
      cancelled = true;
      return false;
    }
    append_status = ctx.artifact_append(writer, chunk);
    return append_status == TH_SERVICE_OK;
  });
  if (cancelled) {
    ctx.artifact_abort(writer);
    return Result::fail("tool.cancelled.cancelled");
  }
  if (append_status != TH_SERVICE_OK) {
    ctx.artifact_abort(writer);
    return artifact_failure(append_status, "artifact_append");
  }
  if (read != TH_SERVICE_OK) {
    ctx.artifact_abort(writer);
    return workspace_failure(read);
  }
  std::string ref_json;
  const auto committed = ctx.artifact_commit(writer, &ref_json);
  return attached(committed, ref_json);
}

Result export_text(std::string_view content, std::string_view name, sdk::Context& ctx) {
  if (content.size() > kMaxTextExportBytes) {
    return Result::fail("tool.output_too_large.artifact_too_large",
                        "content is " + std::to_string(content.size()) + " bytes");
  }
  // JSON strings may carry U+0000; a file with NUL bytes is not text.
  if (content.find('\0') != std::string_view::npos) {
    return Result::fail("tool.invalid_arguments.not_text", "content contains NUL");
  }
  uint64_t writer = 0;
  // Model-written text is labelled untrusted: its words may have come from
  // anything the model read.
  const auto begun = ctx.artifact_begin(
      meta_json(name, text_media_type_for_name(name), "TEXT_EXPORT", "external_untrusted"),
      &writer);
  if (begun != TH_SERVICE_OK) return artifact_failure(begun, "artifact_begin");
  if (const auto appended = ctx.artifact_append(writer, content); appended != TH_SERVICE_OK) {
    ctx.artifact_abort(writer);
    return artifact_failure(appended, "artifact_append");
  }
  std::string ref_json;
  const auto committed = ctx.artifact_commit(writer, &ref_json);
  return attached(committed, ref_json);
}

std::optional<json::object> parse_arguments(std::string_view arguments_json) {
  boost::system::error_code ec;
  json::value parsed = json::parse(arguments_json, ec);
  if (ec || !parsed.is_object()) return std::nullopt;
  return std::move(parsed.as_object());
}

const json::string* string_field(const json::object& args, std::string_view key) {
  const json::value* v = args.if_contains(key);
  return (v && v->is_string()) ? &v->as_string() : nullptr;
}

}  // namespace

Result export_v1(const sdk::Call& call, sdk::Context& ctx) {
  const auto args = parse_arguments(call.arguments_json);
  if (!args) return Result::fail("tool.invalid_arguments.not_json");
  const json::string* path = string_field(*args, "path");
  if (!path) return Result::fail("tool.invalid_arguments.schema", "/path: required string");
  return export_workspace_file(*path, std::nullopt, ctx);
}

Result export_v2(const sdk::Call& call, sdk::Context& ctx) {
  const auto args = parse_arguments(call.arguments_json);
  if (!args) return Result::fail("tool.invalid_arguments.not_json");
  for (std::string_view key : {"path", "content", "name"}) {
    if (args->contains(key) && !string_field(*args, key)) {
      std::string detail(key);
      detail.append(": not a string");
      return Result::fail("tool.invalid_arguments.schema", std::move(detail));
    }
  }
  const json::string* path = string_field(*args, "path");
  const json::string* content = string_field(*args, "content");
  const json::string* name = string_field(*args, "name");

  const bool has_path = path && !path->empty();  // "" is the schema default: no path
  const bool has_content = content != nullptr;
  if (has_path == has_content) {
    return Result::fail("tool.invalid_arguments.export_source",
                        has_path ? "both path and content" : "neither path nor content");
  }
  if (name && !is_bare_file_name(*name)) {
    return Result::fail("tool.invalid_arguments.file_name",
                        "name of " + std::to_string(name->size()) + " bytes is not a bare name");
  }
  if (has_content) {
    return export_text(*content, name ? std::string_view(*name) : kDefaultTextExportName, ctx);
  }
  return export_workspace_file(*path, name ? std::optional<std::string_view>(*name) : std::nullopt,
                               ctx);
}

}  // namespace toolhost::artifact_plugin
