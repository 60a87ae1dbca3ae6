#include "tables/policy_matrix.hpp"

#include <algorithm>
#include <boost/json.hpp>

#include "tables/embedded_tables.hpp"

namespace toolhost::tables {

namespace json = boost::json;

std::string_view to_string(PolicyDecision d) {
  switch (d) {
    case PolicyDecision::allow: return "allow";
    case PolicyDecision::require_approval: return "require_approval";
    case PolicyDecision::deny: return "deny";
  }
  return "deny";
}

std::optional<std::string> parse_policy_rules(std::string_view text, std::vector<PolicyRule>& out) {
  json::error_code ec;
  json::value doc = json::parse(text, ec);
  if (ec) return "policy is not valid JSON: " + ec.message();
  const auto* root = doc.if_object();
  const auto* rules = root ? root->if_contains("rules") : nullptr;
  if (!rules || !rules->is_array()) return "policy has no \"rules\" array";
  for (const auto& r : rules->as_array()) {
    const auto* o = r.if_object();
    if (!o) return "policy rule is not an object";
    PolicyRule rule;
    const auto* se = o->if_contains("side_effect");
    const auto* dec = o->if_contains("decision");
    if (!se || !se->is_string() || !dec || !dec->is_string())
      return "policy rule needs side_effect and decision strings";
    rule.side_effect = std::string(se->as_string());
    std::string_view d = dec->as_string();
    if (d == "allow")
      rule.decision = PolicyDecision::allow;
    else if (d == "require_approval")
      rule.decision = PolicyDecision::require_approval;
    else if (d == "deny")
      rule.decision = PolicyDecision::deny;
    else
      return "policy rule decision must be allow, require_approval or deny";
    if (const auto* risk = o->if_contains("risk")) {
      if (risk->is_string()) {
        rule.risks.emplace_back(risk->as_string());
      } else if (risk->is_array()) {
        for (const auto& x : risk->as_array()) {
          if (!x.is_string()) return "policy rule risk must be strings";
          rule.risks.emplace_back(x.as_string());
        }
      } else {
        return "policy rule risk must be a string or an array";
      }
    }
    out.push_back(std::move(rule));
  }
  return std::nullopt;
}

std::optional<std::string> PolicyMatrix::parse(std::string_view text, PolicyMatrix& out) {
  return parse_policy_rules(text, out.rules_);
}

const PolicyMatrix& PolicyMatrix::builtin() {
  static const PolicyMatrix m = [] {
    PolicyMatrix p;
    (void)parse(embedded_policy_json(), p);
    return p;
  }();
  return m;
}

PolicyDecision PolicyMatrix::decide(std::string_view side_effect, std::string_view risk) const {
  for (const auto& rule : rules_) {
    bool se_match = rule.side_effect == "*" || rule.side_effect == side_effect;
    bool risk_match = rule.risks.empty() ||
                      std::any_of(rule.risks.begin(), rule.risks.end(),
                                  [&](const std::string& r) { return r == "*" || r == risk; });
    if (se_match && risk_match) return rule.decision;
  }
  return PolicyDecision::deny;
}

void PolicyMatrix::prepend(std::vector<PolicyRule> rules) {
  rules.insert(rules.end(), rules_.begin(), rules_.end());
  rules_ = std::move(rules);
}

}  // namespace toolhost::tables
