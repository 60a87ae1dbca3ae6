#include "clock/system_clock.hpp"

#include <chrono>

namespace toolhost::clock {

int64_t SystemClock::now_utc_us() const {
  // Since C++20 system_clock measures Unix time. floor, not duration_cast:
  // an instant before 1970 must round toward the past, like every reading.
  const auto now = std::chrono::floor<std::chrono::microseconds>(std::chrono::system_clock::now());
  return now.time_since_epoch().count();
}

}  // namespace toolhost::clock
