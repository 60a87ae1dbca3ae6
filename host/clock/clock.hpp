// The Clock port: where every component that needs "now" asks for it.
//
// now_utc_us() is an instant, not a wall-clock reading: microseconds since
// 1970-01-01T00:00:00Z, so it is aware (UTC) by construction and carries no
// local zone to be assumed later. Converting it to a zone is the consumer's
// business, with an explicit zone.
#pragma once

#include <cstdint>

namespace toolhost::clock {

class Clock {
 public:
  virtual ~Clock() = default;
  // Microseconds since the Unix epoch, UTC. Must be safe to call from several
  // threads at once.
  virtual int64_t now_utc_us() const = 0;
};

}  // namespace toolhost::clock
