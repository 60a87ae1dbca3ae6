#include "mcp/protocol_versions.hpp"

#include <algorithm>
#include <array>

namespace toolhost::mcp {
namespace {
constexpr std::array<std::string_view, 2> kLegacy{kRevision20251125, kRevision20250618};
constexpr std::array<std::string_view, 1> kModern{kRevision20260728};
}  // namespace

std::span<const std::string_view> legacy_revisions() {
  return kLegacy;
}
std::span<const std::string_view> modern_revisions() {
  return kModern;
}

std::string_view negotiate_legacy_revision(std::string_view requested) {
  if (std::find(kLegacy.begin(), kLegacy.end(), requested) != kLegacy.end()) return requested;
  return kLegacy.front();
}

bool is_modern_revision(std::string_view revision) {
  return std::find(kModern.begin(), kModern.end(), revision) != kModern.end();
}

}  // namespace toolhost::mcp
