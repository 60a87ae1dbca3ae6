#include "loader/manifest.hpp"

#include <boost/json.hpp>

namespace toolhost::loader {

namespace json = boost::json;

std::optional<std::string> read_manifest(std::string_view text, const std::string& origin,
                                         bool third_party,
                                         std::vector<registry::Candidate>& out) {
  json::error_code ec;
  json::value doc = json::parse(text, ec);
  if (ec) return "manifest is not valid JSON: " + ec.message();
  const auto* root = doc.if_object();
  if (!root) return std::string("manifest is not a JSON object");
  const auto* tools = root->if_contains("tools");
  if (!tools || !tools->is_array()) return std::string("manifest has no \"tools\" array");
  for (const auto& t : tools->as_array()) {
    json::value spec = t;
    if (third_party) {
      if (auto* o = spec.if_object()) {
        if (auto* src = o->if_contains("source"); src && src->is_string() && src->as_string() == "BUILTIN")
          *src = "PLUGIN";
      }
    }
    out.push_back(registry::Candidate{std::move(spec), origin});
  }
  return std::nullopt;
}

}  // namespace toolhost::loader
