// system.current_time: the current instant, from the host's Clock service
// only, rendered in an IANA zone. A pure function of the clock reading, the
// timezone argument and the zone data, so a fixed clock gives fixed bytes.
#pragma once

#include <toolhost/plugin.hpp>

namespace toolhost::system_plugin {

class ZoneDatabase;

// The handler bound to system.current_time 1.0.0.
sdk::Result current_time(const ZoneDatabase& zones, const sdk::Call& call, sdk::Context& context);

}  // namespace toolhost::system_plugin
