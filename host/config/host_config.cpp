#include "config/host_config.hpp"

#include <boost/json.hpp>
#include <fstream>
#include <sstream>

namespace toolhost::config {

namespace json = boost::json;

namespace {
std::optional<std::string> read_strings(const json::value& v, const char* key,
                                        std::vector<std::string>& out) {
  if (!v.is_array()) return std::string("\"") + key + "\" must be an array of strings";
  for (const auto& x : v.as_array()) {
    if (!x.is_string()) return std::string("\"") + key + "\" must be an array of strings";
    out.emplace_back(x.as_string());
  }
  return std::nullopt;
}
}  // namespace

std::optional<std::string> parse_config(std::string_view text, HostConfig& out) {
  json::error_code ec;
  json::value doc = json::parse(text, ec);
  if (ec) return "not valid JSON: " + ec.message();
  const auto* root = doc.if_object();
  if (!root) return std::string("the config must be a JSON object");
  for (const auto& [key, value] : *root) {
    if (key == "plugin_dirs") {
      if (auto e = read_strings(value, "plugin_dirs", out.plugin_dirs)) return e;
    } else if (key == "plugin_domains") {
      if (auto e = read_strings(value, "plugin_domains", out.plugin_domains)) return e;
    } else if (key == "trusted_plugins") {
      if (auto e = read_strings(value, "trusted_plugins", out.trusted_plugins)) return e;
    } else if (key == "default_scopes") {
      std::vector<std::string> scopes;
      if (auto e = read_strings(value, "default_scopes", scopes)) return e;
      out.default_scopes = std::move(scopes);
    } else if (key == "policy") {
      if (auto e = tables::parse_policy_rules(json::serialize(value), out.policy_rules))
        return "\"policy\": " + *e;
    } else if (key == "isolation") {
      if (!value.is_object()) return std::string("\"isolation\" must be an object");
      for (const auto& [plugin, mode] : value.as_object()) {
        if (!mode.is_string() || (mode.as_string() != "process" && mode.as_string() != "in_process"))
          return "\"isolation\"." + std::string(plugin) + " must be \"process\" or \"in_process\"";
        out.isolation[std::string(plugin)] = std::string(mode.as_string());
      }
    } else {
      return "unknown key \"" + std::string(key) + "\"";
    }
  }
  return std::nullopt;
}

std::optional<std::string> load_config(const std::string& path, HostConfig& out) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return path + ": cannot read config file";
  std::stringstream buffer;
  buffer << in.rdbuf();
  out.source_path = path;
  if (auto e = parse_config(buffer.str(), out)) return path + ": " + *e;
  return std::nullopt;
}

}  // namespace toolhost::config
