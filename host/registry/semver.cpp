#include "registry/semver.hpp"

#include <charconv>

namespace toolhost::registry {

namespace {

bool is_numeric(std::string_view s) {
  if (s.empty()) return false;
  for (char c : s)
    if (c < '0' || c > '9') return false;
  return true;
}

bool is_identifier(std::string_view s) {
  if (s.empty()) return false;
  for (char c : s)
    if (!((c >= '0' && c <= '9') || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '-'))
      return false;
  return true;
}

std::optional<uint64_t> parse_number(std::string_view s) {
  if (!is_numeric(s) || (s.size() > 1 && s[0] == '0')) return std::nullopt;
  uint64_t v = 0;
  auto [p, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
  if (ec != std::errc() || p != s.data() + s.size()) return std::nullopt;
  return v;
}

std::vector<std::string_view> split(std::string_view s, char sep) {
  std::vector<std::string_view> out;
  size_t start = 0;
  while (true) {
    size_t pos = s.find(sep, start);
    out.push_back(s.substr(start, pos - start));
    if (pos == std::string_view::npos) break;
    start = pos + 1;
  }
  return out;
}

}  // namespace

std::optional<SemVer> SemVer::parse(std::string_view text) {
  SemVer v;
  if (auto plus = text.find('+'); plus != std::string_view::npos) {
    v.build = std::string(text.substr(plus + 1));
    for (auto id : split(v.build, '.'))
      if (!is_identifier(id)) return std::nullopt;
    text = text.substr(0, plus);
  }
  if (auto dash = text.find('-'); dash != std::string_view::npos) {
    for (auto id : split(text.substr(dash + 1), '.')) {
      if (!is_identifier(id)) return std::nullopt;
      if (is_numeric(id) && id.size() > 1 && id[0] == '0') return std::nullopt;
      v.prerelease.emplace_back(id);
    }
    text = text.substr(0, dash);
  }
  auto parts = split(text, '.');
  if (parts.size() != 3) return std::nullopt;
  auto ma = parse_number(parts[0]), mi = parse_number(parts[1]), pa = parse_number(parts[2]);
  if (!ma || !mi || !pa) return std::nullopt;
  v.major = *ma;
  v.minor = *mi;
  v.patch = *pa;
  return v;
}

std::strong_ordering compare(const SemVer& a, const SemVer& b) {
  if (auto c = a.major <=> b.major; c != 0) return c;
  if (auto c = a.minor <=> b.minor; c != 0) return c;
  if (auto c = a.patch <=> b.patch; c != 0) return c;
  // A version without a prerelease outranks one with.
  if (a.prerelease.empty() || b.prerelease.empty())
    return b.prerelease.size() == 0 ? (a.prerelease.empty() ? std::strong_ordering::equal
                                                             : std::strong_ordering::less)
                                    : std::strong_ordering::greater;
  for (size_t i = 0; i < a.prerelease.size() && i < b.prerelease.size(); ++i) {
    const auto &x = a.prerelease[i], &y = b.prerelease[i];
    bool xn = is_numeric(x), yn = is_numeric(y);
    if (xn && yn) {
      if (auto c = x.size() <=> y.size(); c != 0) return c;
      if (auto c = x <=> y; c != 0) return c;
    } else if (xn != yn) {
      return xn ? std::strong_ordering::less : std::strong_ordering::greater;
    } else if (auto c = x <=> y; c != 0) {
      return c;
    }
  }
  return a.prerelease.size() <=> b.prerelease.size();
}

}  // namespace toolhost::registry
