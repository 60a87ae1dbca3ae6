// The frozen catalog: every registered tool version, resolvable by name
// (latest active version) or by exact version (a pin).
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "registry/tool_spec.hpp"

namespace toolhost::registry {

struct Resolution {
  const ToolSpec* spec = nullptr;
  // When spec is null: "tool.not_found.unknown_tool" or "tool.not_found.unknown_version".
  std::string reason_code;
  // Operator-facing: what was asked and, for a version miss, the versions that exist.
  std::string detail;
};

// "math.calculate@1.0.0" -> {"math.calculate", "1.0.0"}; no '@' -> version nullopt.
struct ToolRef {
  std::string name;
  std::optional<std::string> version;
  static ToolRef parse(std::string_view text);
  std::string str() const { return version ? name + "@" + *version : name; }
};

class Catalog {
 public:
  Catalog() = default;
  explicit Catalog(std::vector<ToolSpec> specs);

  // Unversioned: the highest semver that is not deprecated and not a
  // prerelease (falling back to the highest of all when none qualifies).
  const ToolSpec* latest(std::string_view name) const;
  const ToolSpec* exact(std::string_view name, std::string_view version) const;
  Resolution resolve(const ToolRef& ref) const;
  // Ascending semver order.
  std::vector<std::string> versions(std::string_view name) const;
  std::vector<std::string> names() const;
  // Sorted by name, then ascending version.
  const std::vector<ToolSpec>& all() const { return specs_; }
  size_t size() const { return specs_.size(); }

 private:
  std::vector<ToolSpec> specs_;
};

}  // namespace toolhost::registry
