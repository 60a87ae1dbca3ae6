#include "clock/clock_flag.hpp"

#include "clock/fixed_clock.hpp"
#include "clock/rfc3339.hpp"
#include "clock/system_clock.hpp"

namespace toolhost::clock {

ClockFlagResult parse_clock_flag(std::string_view value) {
  constexpr std::string_view kFixed = "fixed:";
  ClockFlagResult result;
  if (value.empty() || value == "system") {
    result.clock = std::make_unique<SystemClock>();
  } else if (value.starts_with(kFixed)) {
    Rfc3339Result instant = parse_rfc3339(value.substr(kFixed.size()));
    if (instant.ok()) {
      result.clock = std::make_unique<FixedClock>(instant.utc_us);
    } else {
      result.error = "--clock fixed: " + instant.error;
    }
  } else {
    result.error = "--clock must be 'system' or 'fixed:RFC3339', got '" + std::string(value) + "'";
  }
  return result;
}

}  // namespace toolhost::clock
