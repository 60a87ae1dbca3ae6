// tz database release names ("2026f", "2026aa" after "2026z"), ordered.
#pragma once

#include <string_view>

namespace toolhost::system_plugin {

// True when release `a` is newer than release `b`. Names that are not of the
// form YYYY followed by lower-case letters compare as not newer.
bool tz_version_is_newer(std::string_view a, std::string_view b);

}  // namespace toolhost::system_plugin
