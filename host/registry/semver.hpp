// Semantic versions (semver 2.0.0): parsing and precedence.
#pragma once

#include <compare>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace toolhost::registry {

struct SemVer {
  uint64_t major = 0, minor = 0, patch = 0;
  std::vector<std::string> prerelease;  // dot-separated identifiers
  std::string build;                    // ignored for precedence

  static std::optional<SemVer> parse(std::string_view text);
  bool is_prerelease() const { return !prerelease.empty(); }
};

// Precedence as semver 2.0.0 section 11 defines it (build metadata ignored).
std::strong_ordering compare(const SemVer& a, const SemVer& b);
inline bool operator<(const SemVer& a, const SemVer& b) { return compare(a, b) < 0; }

}  // namespace toolhost::registry
