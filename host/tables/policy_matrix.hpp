// The side_effect x risk policy matrix. Rules are checked in order and the
// first match decides; a call no rule matches is denied (fail closed).
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace toolhost::tables {

enum class PolicyDecision { allow, require_approval, deny };

std::string_view to_string(PolicyDecision d);

struct PolicyRule {
  std::string side_effect;         // "*" matches any
  std::vector<std::string> risks;  // empty or "*" matches any
  PolicyDecision decision = PolicyDecision::deny;
};

class PolicyMatrix {
 public:
  static std::optional<std::string> parse(std::string_view json, PolicyMatrix& out);
  static const PolicyMatrix& builtin();

  PolicyDecision decide(std::string_view side_effect, std::string_view risk) const;
  // Operator overrides take precedence over the checked-in rules.
  void prepend(std::vector<PolicyRule> rules);
  const std::vector<PolicyRule>& rules() const { return rules_; }

 private:
  std::vector<PolicyRule> rules_;
};

// Parses a {"rules": [...]} document (also the "policy" object of a config file).
std::optional<std::string> parse_policy_rules(std::string_view json, std::vector<PolicyRule>& out);

}  // namespace toolhost::tables
