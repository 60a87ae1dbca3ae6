#include "zone_name_rule.hpp"

namespace toolhost::system_plugin {

bool has_accepted_shape(std::string_view name) {
  if (name == "UTC") return true;
  if (name.find('/') == std::string_view::npos) return false;
  // posix/ duplicates the database; right/ counts leap seconds, which is not
  // civil time; SystemV/ is the legacy tree removed from tzdata in 2020.
  for (std::string_view excluded : {"posix/", "right/", "SystemV/"}) {
    if (name.starts_with(excluded)) return false;
  }
  return true;
}

}  // namespace toolhost::system_plugin
