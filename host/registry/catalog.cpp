#include "registry/catalog.hpp"

#include <algorithm>

namespace toolhost::registry {

ToolRef ToolRef::parse(std::string_view text) {
  ToolRef r;
  auto at = text.find('@');
  r.name = std::string(text.substr(0, at));
  if (at != std::string_view::npos) r.version = std::string(text.substr(at + 1));
  return r;
}

Catalog::Catalog(std::vector<ToolSpec> specs) : specs_(std::move(specs)) {
  std::sort(specs_.begin(), specs_.end(), [](const ToolSpec& a, const ToolSpec& b) {
    if (a.name != b.name) return a.name < b.name;
    return a.semver < b.semver;
  });
}

const ToolSpec* Catalog::latest(std::string_view name) const {
  const ToolSpec* best = nullptr;
  const ToolSpec* best_any = nullptr;
  for (const auto& s : specs_) {
    if (s.name != name) continue;
    best_any = &s;  // ascending order: the last one is the highest
    if (!s.deprecated && !s.semver.is_prerelease()) best = &s;
  }
  return best ? best : best_any;
}

const ToolSpec* Catalog::exact(std::string_view name, std::string_view version) const {
  // The common case, a version string exactly as registered, needs no parse.
  for (const auto& s : specs_)
    if (s.name == name && s.version == version) return &s;
  auto wanted = SemVer::parse(version);
  for (const auto& s : specs_) {
    if (s.name != name) continue;
    if (s.version == version) return &s;
    if (wanted && compare(s.semver, *wanted) == 0) return &s;
  }
  return nullptr;
}

std::vector<std::string> Catalog::versions(std::string_view name) const {
  std::vector<std::string> out;
  for (const auto& s : specs_)
    if (s.name == name) out.push_back(s.version);
  return out;
}

std::vector<std::string> Catalog::names() const {
  std::vector<std::string> out;
  for (const auto& s : specs_)
    if (out.empty() || out.back() != s.name) out.push_back(s.name);
  return out;
}

Resolution Catalog::resolve(const ToolRef& ref) const {
  Resolution r;
  if (!ref.version) {
    r.spec = latest(ref.name);
    if (!r.spec) {
      r.reason_code = "tool.not_found.unknown_tool";
      r.detail = "no tool named \"" + ref.name + "\"";
    }
    return r;
  }
  r.spec = exact(ref.name, *ref.version);
  if (r.spec) return r;
  auto existing = versions(ref.name);
  if (existing.empty()) {
    r.reason_code = "tool.not_found.unknown_tool";
    r.detail = "no tool named \"" + ref.name + "\"";
    return r;
  }
  r.reason_code = "tool.not_found.unknown_version";
  r.detail = "no version " + *ref.version + " of " + ref.name + "; versions: ";
  for (size_t i = 0; i < existing.size(); ++i) r.detail += (i ? ", " : "") + existing[i];
  return r;
}

}  // namespace toolhost::registry
