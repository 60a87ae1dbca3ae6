// The value of the CLI's --clock flag: "system" (the default) or
// "fixed:<RFC 3339 timestamp>", which makes every reading that instant.
#pragma once

#include <memory>
#include <string>
#include <string_view>

#include "clock/clock.hpp"

namespace toolhost::clock {

struct ClockFlagResult {
  std::unique_ptr<Clock> clock;  // set on success
  std::string error;             // empty on success; otherwise what is wrong

  bool ok() const { return clock != nullptr; }
};

// An empty value means "system".
ClockFlagResult parse_clock_flag(std::string_view value);

}  // namespace toolhost::clock
