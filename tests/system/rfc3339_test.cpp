#include <gtest/gtest.h>

#include "clock/clock_flag.hpp"
#include "clock/rfc3339.hpp"

namespace {

using toolhost::clock::parse_clock_flag;
using toolhost::clock::parse_rfc3339;

constexpr int64_t kExampleUs = 1'784'984'591'482'913;  // 2026-07-25T13:03:11.482913Z

TEST(Rfc3339, ParsesUtcAndOffsetsToTheSameInstant) {
  EXPECT_EQ(parse_rfc3339("2026-07-25T13:03:11.482913Z").utc_us, kExampleUs);
  EXPECT_EQ(parse_rfc3339("2026-07-25T09:03:11.482913-04:00").utc_us, kExampleUs);
  EXPECT_EQ(parse_rfc3339("2026-07-25T18:33:11.482913+05:30").utc_us, kExampleUs);
  EXPECT_EQ(parse_rfc3339("2026-07-25t13:03:11.482913z").utc_us, kExampleUs);
  EXPECT_EQ(parse_rfc3339("2026-07-25T13:03:11.482913-00:00").utc_us, kExampleUs);
}

TEST(Rfc3339, ScalesShortFractionsAndAcceptsNone) {
  EXPECT_EQ(parse_rfc3339("1970-01-01T00:00:00Z").utc_us, 0);
  EXPECT_EQ(parse_rfc3339("1970-01-01T00:00:00.5Z").utc_us, 500000);
  EXPECT_EQ(parse_rfc3339("1970-01-01T00:00:00.000001Z").utc_us, 1);
}

TEST(Rfc3339, HandlesInstantsBefore1970AndLeapDays) {
  EXPECT_EQ(parse_rfc3339("1969-12-31T23:59:59.999999Z").utc_us, -1);
  EXPECT_EQ(parse_rfc3339("1969-07-20T20:17:40.5Z").utc_us, -14'182'939'500'000);
  EXPECT_EQ(parse_rfc3339("2024-02-29T00:00:00Z").utc_us, 1'709'164'800'000'000);
  EXPECT_EQ(parse_rfc3339("0001-01-01T00:00:00Z").utc_us, -62'135'596'800'000'000);
  EXPECT_EQ(parse_rfc3339("9999-12-31T23:59:59.999999Z").utc_us, 253'402'300'799'999'999);
}

TEST(Rfc3339, RefusesNaiveAndMalformedTimestamps) {
  for (const char* bad :
       {"2026-07-25T13:03:11", "2026-07-25T13:03:11.482913", "2026-07-25 13:03:11Z", "2026-07-25",
        "2026-7-25T13:03:11Z", "2026-07-25T13:03:11.Z", "2026-07-25T13:03:11.1234567Z",
        "2026-07-25T13:03:60Z", "2026-07-25T24:00:00Z", "2026-02-29T00:00:00Z",
        "2026-13-01T00:00:00Z", "2026-07-25T13:03:11+0400", "2026-07-25T13:03:11+24:00",
        "2026-07-25T13:03:11Z ", "", "now"}) {
    const auto result = parse_rfc3339(bad);
    EXPECT_FALSE(result.ok()) << bad;
    EXPECT_FALSE(result.error.empty()) << bad;
  }
  EXPECT_NE(parse_rfc3339("2026-07-25T13:03:11").error.find("naive"), std::string::npos);
}

TEST(ClockFlag, FixedMakesAFixedClock) {
  auto parsed = parse_clock_flag("fixed:2026-07-25T13:03:11.482913Z");
  ASSERT_TRUE(parsed.ok()) << parsed.error;
  EXPECT_EQ(parsed.clock->now_utc_us(), kExampleUs);
  parsed = parse_clock_flag("fixed:2026-07-25T09:03:11.482913-04:00");
  ASSERT_TRUE(parsed.ok()) << parsed.error;
  EXPECT_EQ(parsed.clock->now_utc_us(), kExampleUs);
}

TEST(ClockFlag, SystemIsTheDefault) {
  EXPECT_TRUE(parse_clock_flag("").ok());
  EXPECT_TRUE(parse_clock_flag("system").ok());
}

TEST(ClockFlag, RefusesAnythingElseWithAReason) {
  for (const char* bad : {"fixed:", "fixed:2026-07-25T13:03:11", "fixed 2026-07-25T13:03:11Z",
                          "2026-07-25T13:03:11Z", "realtime", "Fixed:2026-07-25T13:03:11Z"}) {
    const auto parsed = parse_clock_flag(bad);
    EXPECT_FALSE(parsed.ok()) << bad;
    EXPECT_EQ(parsed.clock, nullptr) << bad;
    EXPECT_NE(parsed.error.find("--clock"), std::string::npos) << bad;
  }
}

}  // namespace
