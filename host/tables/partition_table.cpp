#include "tables/partition_table.hpp"

#include <boost/json.hpp>

#include "tables/embedded_tables.hpp"

namespace toolhost::tables {

namespace json = boost::json;

namespace {
std::optional<std::string> read_rows(const json::object& root, const char* key,
                                     std::set<std::string>& out) {
  const auto* rows = root.if_contains(key);
  if (!rows) return std::nullopt;
  if (!rows->is_array()) return std::string("partition table \"") + key + "\" is not an array";
  for (const auto& d : rows->as_array()) {
    if (!d.is_string()) return std::string("partition table \"") + key + "\" holds a non-string";
    out.insert(std::string(d.as_string()));
  }
  return std::nullopt;
}
}  // namespace

std::optional<std::string> PartitionTable::parse(std::string_view text, PartitionTable& out) {
  json::error_code ec;
  json::value doc = json::parse(text, ec);
  if (ec) return "partition table is not valid JSON: " + ec.message();
  const auto* root = doc.if_object();
  if (!root) return "partition table is not an object";
  if (auto err = read_rows(*root, "reserved", out.reserved_)) return err;
  if (auto err = read_rows(*root, "builtin", out.builtin_)) return err;
  if (auto err = read_rows(*root, "plugin", out.plugin_)) return err;
  return std::nullopt;
}

const PartitionTable& PartitionTable::builtin() {
  static const PartitionTable table = [] {
    PartitionTable t;
    (void)parse(embedded_domains_json(), t);
    return t;
  }();
  return table;
}

}  // namespace toolhost::tables
