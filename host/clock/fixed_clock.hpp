// The deterministic harness's Clock: every reading is the same instant, so a
// tool that reads only this clock produces byte-identical results.
#pragma once

#include "clock/clock.hpp"

namespace toolhost::clock {

class FixedClock final : public Clock {
 public:
  explicit FixedClock(int64_t utc_us) : utc_us_(utc_us) {}
  int64_t now_utc_us() const override { return utc_us_; }

 private:
  int64_t utc_us_;
};

}  // namespace toolhost::clock
