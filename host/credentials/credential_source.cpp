#include "credentials/credential_source.hpp"

namespace toolhost::credentials {

std::string EnvironmentCredentialSource::variable_for(std::string_view reference) {
  std::string var;
  for (char c : reference) {
    if (c >= 'a' && c <= 'z')
      var += static_cast<char>(c - 'a' + 'A');
    else if ((c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9'))
      var += c;
    else
      var += '_';
  }
  return var + "_API_KEY";
}

EnvironmentCredentialSource::EnvironmentCredentialSource(char** environment) {
  for (char** e = environment; e && *e; ++e) {
    std::string_view entry(*e);
    auto eq = entry.find('=');
    if (eq == std::string_view::npos) continue;
    auto name = entry.substr(0, eq);
    constexpr std::string_view suffix = "_API_KEY";
    if (name.size() > suffix.size() && name.substr(name.size() - suffix.size()) == suffix &&
        eq + 1 < entry.size())
      keys_.emplace(std::string(name), std::string(entry.substr(eq + 1)));
  }
}

std::optional<std::string> EnvironmentCredentialSource::lookup(std::string_view reference) const {
  auto it = keys_.find(variable_for(reference));
  if (it == keys_.end()) return std::nullopt;
  return it->second;
}

}  // namespace toolhost::credentials
