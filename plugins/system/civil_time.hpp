// The four rendering rules of system.current_time, as pure arithmetic on an
// instant and the zone's UTC offset at that instant. No ICU, no clock: the
// result is a function of its two arguments only.
#pragma once

#include <cstdint>
#include <optional>
#include <string>

namespace toolhost::system_plugin {

struct CivilTime {
  std::string iso8601;     // RFC 3339, microseconds, numeric offset (never Z)
  std::string utc_offset;  // ±HH:MM, the tail of iso8601
  int64_t unix_seconds;    // floored toward negative infinity
  std::string weekday;     // English full name of the local date
};

// `offset_seconds` is the zone's offset east of UTC. RFC 3339 offsets have no
// seconds field, so an offset with seconds (local mean time, e.g.
// Africa/Monrovia's -00:44:30 until 1972) is truncated toward zero to whole
// minutes, as strftime's %z does, and the local time is computed with the
// truncated offset so that iso8601 still names exactly the instant.
// Empty when the local date falls outside the years 0000-9999 RFC 3339 allows.
std::optional<CivilTime> civil_time(int64_t utc_us, int32_t offset_seconds);

}  // namespace toolhost::system_plugin
