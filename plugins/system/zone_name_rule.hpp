// Which timezone names system.current_time accepts (docs/system.md states the
// rule). Neither ICU nor Python's zoneinfo implements it: both also accept
// System V names such as EST5EDT, and ICU accepts Java-style IST/PST and
// custom GMT+5. So the shape is checked here, and membership in the zone data
// separately.
#pragma once

#include <string_view>

namespace toolhost::system_plugin {

// True for "UTC" and for names with a '/' outside the posix/, right/ and
// SystemV/ trees. A name of that shape is accepted only if the zone database
// also contains it, exactly (case-sensitively).
bool has_accepted_shape(std::string_view name);

}  // namespace toolhost::system_plugin
