// The production Clock. It is the one place in the codebase that reads the
// system clock; the ambient-state static check allows nothing else to.
#pragma once

#include "clock/clock.hpp"

namespace toolhost::clock {

class SystemClock final : public Clock {
 public:
  int64_t now_utc_us() const override;
};

}  // namespace toolhost::clock
