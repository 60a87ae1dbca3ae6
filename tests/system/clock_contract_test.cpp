// The Clock port's contract, asserted for every implementation: a reading is
// an aware UTC instant in microseconds since the Unix epoch.
#include <gtest/gtest.h>

#include <cstdlib>
#include <memory>

#include "clock/fixed_clock.hpp"
#include "clock/system_clock.hpp"

namespace {

using toolhost::clock::Clock;

constexpr int64_t k2020Us = 1'577'836'800'000'000;  // 2020-01-01T00:00:00Z
constexpr int64_t k2200Us = 7'258'118'400'000'000;  // 2200-01-01T00:00:00Z
constexpr int64_t kExampleUs = 1'784'984'591'482'913;

template <typename T>
std::unique_ptr<Clock> make_clock();
template <>
std::unique_ptr<Clock> make_clock<toolhost::clock::SystemClock>() {
  return std::make_unique<toolhost::clock::SystemClock>();
}
template <>
std::unique_ptr<Clock> make_clock<toolhost::clock::FixedClock>() {
  return std::make_unique<toolhost::clock::FixedClock>(kExampleUs);
}

// Sets the process's TZ for the scope of a test. A clock that consulted the
// local zone (through the C library, which re-reads TZ when it changes) would
// move when TZ does.
class ScopedTz {
 public:
  explicit ScopedTz(const char* zone) { setenv("TZ", zone, 1); }
  ~ScopedTz() { unsetenv("TZ"); }
};

template <typename T>
class ClockContract : public ::testing::Test {};
using Implementations = ::testing::Types<toolhost::clock::SystemClock, toolhost::clock::FixedClock>;
TYPED_TEST_SUITE(ClockContract, Implementations);

TYPED_TEST(ClockContract, ReadsAnInstantAfter2020InMicroseconds) {
  const auto clock = make_clock<TypeParam>();
  const int64_t now = clock->now_utc_us();
  EXPECT_GT(now, k2020Us);  // seconds or milliseconds would land in 1970
  EXPECT_LT(now, k2200Us);  // nanoseconds would land far beyond
}

TYPED_TEST(ClockContract, IsUtcWhateverTheLocalZone) {
  const auto clock = make_clock<TypeParam>();
  int64_t east = 0, west = 0;
  {
    ScopedTz tz("Pacific/Kiritimati");  // +14:00
    east = clock->now_utc_us();
  }
  {
    ScopedTz tz("Etc/GMT+12");  // -12:00
    west = clock->now_utc_us();
  }
  // 26 hours apart in local terms; an aware reading moves by the elapsed time only.
  EXPECT_GE(west, east);
  EXPECT_LT(west - east, 60'000'000);
}

TYPED_TEST(ClockContract, NeverGoesBackwardsAcrossConsecutiveReads) {
  const auto clock = make_clock<TypeParam>();
  int64_t previous = clock->now_utc_us();
  for (int i = 0; i < 1000; ++i) {
    const int64_t next = clock->now_utc_us();
    EXPECT_GE(next, previous);
    previous = next;
  }
}

TEST(FixedClock, ReturnsItsInstantEveryTime) {
  const toolhost::clock::FixedClock clock(kExampleUs);
  EXPECT_EQ(clock.now_utc_us(), kExampleUs);
  EXPECT_EQ(clock.now_utc_us(), kExampleUs);
  EXPECT_EQ(toolhost::clock::FixedClock(-1).now_utc_us(), -1);
}

// Microsecond resolution is real, not milliseconds scaled by 1000.
TEST(SystemClock, ResolvesMicroseconds) {
  const toolhost::clock::SystemClock clock;
  bool sub_millisecond = false;
  for (int i = 0; i < 10000 && !sub_millisecond; ++i)
    sub_millisecond = clock.now_utc_us() % 1000 != 0;
  EXPECT_TRUE(sub_millisecond);
}

}  // namespace
