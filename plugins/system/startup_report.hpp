// The operator's line about the zone data, logged once when the plugin is
// loaded and never put into a result (it would change result bytes on every
// tzdata update).
#pragma once

#include <string>
#include <string_view>

namespace toolhost::system_plugin {

class ZoneDatabase;

// The release named on the first line ("# version 2026f") of a tzdata.zi
// file; empty when the file is missing or malformed.
std::string installed_tz_version(const std::string& tzdata_zi_path);

// "system: zone data 2026f (...)" plus, when `installed` is newer, a warning
// that the generated data is behind the installed tz database.
std::string startup_report(const ZoneDatabase& zones, std::string_view installed);

}  // namespace toolhost::system_plugin
