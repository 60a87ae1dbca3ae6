#include "tables/embedded_tables.hpp"

#include "domains_json.hpp"
#include "messages_json.hpp"
#include "policy_json.hpp"

namespace toolhost::tables {
std::string_view embedded_messages_json() { return toolhost_embedded::messages_json; }
std::string_view embedded_domains_json() { return toolhost_embedded::domains_json; }
std::string_view embedded_policy_json() { return toolhost_embedded::policy_json; }
}  // namespace toolhost::tables
