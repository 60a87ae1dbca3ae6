// The bytes of manifests/{messages,domains,policy}.json as built into the host.
#pragma once

#include <string_view>

namespace toolhost::tables {
std::string_view embedded_messages_json();
std::string_view embedded_domains_json();
std::string_view embedded_policy_json();
}  // namespace toolhost::tables
