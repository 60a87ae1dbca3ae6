// The domain partition table: which domains are reserved (never registrable
// by a plugin of ours or a third party), which belong to builtins, and which
// the operator opened for third-party plugins.
#pragma once

#include <optional>
#include <set>
#include <string>
#include <string_view>

namespace toolhost::tables {

class PartitionTable {
 public:
  static std::optional<std::string> parse(std::string_view json, PartitionTable& out);
  static const PartitionTable& builtin();

  bool is_reserved(std::string_view domain) const { return reserved_.count(std::string(domain)) > 0; }
  bool is_builtin(std::string_view domain) const { return builtin_.count(std::string(domain)) > 0; }
  bool is_plugin(std::string_view domain) const { return plugin_.count(std::string(domain)) > 0; }
  // The operator's config may open further domains to third-party plugins.
  void add_plugin_domain(std::string domain) { plugin_.insert(std::move(domain)); }

  const std::set<std::string>& reserved() const { return reserved_; }
  const std::set<std::string>& builtin_domains() const { return builtin_; }
  const std::set<std::string>& plugin_domains() const { return plugin_; }

 private:
  std::set<std::string> reserved_, builtin_, plugin_;
};

}  // namespace toolhost::tables
