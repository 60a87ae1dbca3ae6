#include "artifacts/artifact_types.hpp"

#include <boost/json.hpp>

#include <array>
#include <utility>

namespace toolhost::artifacts {
namespace {

constexpr std::array<std::pair<Origin, std::string_view>, 4> kOrigins{{
    {Origin::model_output, "MODEL_OUTPUT"},
    {Origin::workspace_export, "WORKSPACE_EXPORT"},
    {Origin::text_export, "TEXT_EXPORT"},
    {Origin::tool_output, "TOOL_OUTPUT"},
}};

constexpr std::array<std::pair<Provenance, std::string_view>, 2> kProvenances{{
    {Provenance::internal, "internal"},
    {Provenance::external_untrusted, "external_untrusted"},
}};

}  // namespace

std::string_view to_string(Origin origin) {
  for (const auto& [value, name] : kOrigins) {
    if (value == origin) return name;
  }
  return "TOOL_OUTPUT";
}

std::optional<Origin> parse_origin(std::string_view text) {
  for (const auto& [value, name] : kOrigins) {
    if (name == text) return value;
  }
  return std::nullopt;
}

// Tool-output captures hold whatever a tool printed, kept for the operator;
// handing them back to a tool would turn the executor's overflow store into
// a channel between tools.
bool resolvable_by_tools(Origin origin) {
  return origin != Origin::tool_output;
}

std::string_view to_string(Provenance provenance) {
  for (const auto& [value, name] : kProvenances) {
    if (value == provenance) return name;
  }
  return "external_untrusted";
}

std::optional<Provenance> parse_provenance(std::string_view text) {
  for (const auto& [value, name] : kProvenances) {
    if (name == text) return value;
  }
  return std::nullopt;
}

std::string ArtifactRef::to_json() const {
  boost::json::object object;
  object["id"] = id;
  object["name"] = name;
  object["media_type"] = media_type;
  object["byte_count"] = byte_count;
  object["checksum"] = checksum;
  object["origin"] = origin;
  return boost::json::serialize(object);
}

}  // namespace toolhost::artifacts
