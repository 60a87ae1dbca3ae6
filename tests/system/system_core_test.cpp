// The plugin's pure parts: rendering arithmetic, the name shape rule, and the
// ordering of tz releases.
#include <gtest/gtest.h>

#include "civil_time.hpp"
#include "tz_version.hpp"
#include "zone_name_rule.hpp"

namespace {

using toolhost::system_plugin::civil_time;
using toolhost::system_plugin::has_accepted_shape;
using toolhost::system_plugin::tz_version_is_newer;

TEST(CivilTime, RendersOffsetsAndWeekdays) {
  const auto t = civil_time(1'784'984'591'482'913, -4 * 3600);
  ASSERT_TRUE(t);
  EXPECT_EQ(t->iso8601, "2026-07-25T09:03:11.482913-04:00");
  EXPECT_EQ(t->utc_offset, "-04:00");
  EXPECT_EQ(t->unix_seconds, 1'784'984'591);
  EXPECT_EQ(t->weekday, "Saturday");
  EXPECT_EQ(civil_time(0, 0)->iso8601, "1970-01-01T00:00:00.000000+00:00");
  EXPECT_EQ(civil_time(0, 5 * 3600 + 45 * 60)->iso8601, "1970-01-01T05:45:00.000000+05:45");
  EXPECT_EQ(civil_time(0, -(9 * 3600 + 30 * 60))->utc_offset, "-09:30");
  EXPECT_EQ(civil_time(0, 14 * 3600)->weekday, "Thursday");
  EXPECT_EQ(civil_time(0, -12 * 3600)->weekday, "Wednesday");
}

TEST(CivilTime, FloorsUnixSecondsAndKeepsMicrosecondsPositive) {
  EXPECT_EQ(civil_time(-1, 0)->unix_seconds, -1);
  EXPECT_EQ(civil_time(-1, 0)->iso8601, "1969-12-31T23:59:59.999999+00:00");
  EXPECT_EQ(civil_time(-1'000'000, 0)->unix_seconds, -1);
  EXPECT_EQ(civil_time(-1'000'001, 0)->unix_seconds, -2);
  EXPECT_EQ(civil_time(-999'999, 0)->unix_seconds, -1);
}

TEST(CivilTime, TruncatesSecondsOfAnOffsetTowardZero) {
  EXPECT_EQ(civil_time(0, -(44 * 60 + 30))->iso8601, "1969-12-31T23:16:00.000000-00:44");
  EXPECT_EQ(civil_time(0, 19 * 60 + 32)->iso8601, "1970-01-01T00:19:00.000000+00:19");
  EXPECT_EQ(civil_time(0, -59)->utc_offset, "+00:00");
}

TEST(CivilTime, CoversTheRfc3339YearsAndNoMore) {
  EXPECT_EQ(civil_time(-62'135'596'800'000'000, 0)->iso8601, "0001-01-01T00:00:00.000000+00:00");
  EXPECT_EQ(civil_time(253'402'300'799'999'999, 0)->iso8601, "9999-12-31T23:59:59.999999+00:00");
  EXPECT_FALSE(civil_time(253'402'300'800'000'000, 0));
  EXPECT_FALSE(civil_time(INT64_MIN, 0));
  EXPECT_FALSE(civil_time(INT64_MAX, 14 * 3600));
}

TEST(ZoneNameRule, AcceptsUtcAndSlashedNames) {
  for (const char* ok : {"UTC", "America/New_York", "Etc/GMT+5", "US/Eastern", "Etc/UTC"})
    EXPECT_TRUE(has_accepted_shape(ok)) << ok;
  for (const char* bad : {"", "EST", "EST5EDT", "GMT", "utc", "UTC ", "+05:30", "local",
                          "posix/America/New_York", "right/UTC", "SystemV/EST5EDT"})
    EXPECT_FALSE(has_accepted_shape(bad)) << bad;
}

TEST(TzVersion, OrdersReleases) {
  EXPECT_TRUE(tz_version_is_newer("2026g", "2026f"));
  EXPECT_TRUE(tz_version_is_newer("2027a", "2026z"));
  EXPECT_TRUE(tz_version_is_newer("2026aa", "2026z"));
  EXPECT_FALSE(tz_version_is_newer("2026f", "2026f"));
  EXPECT_FALSE(tz_version_is_newer("2022e", "2026f"));
  EXPECT_FALSE(tz_version_is_newer("", "2026f"));
  EXPECT_FALSE(tz_version_is_newer("2026F", "2026f"));
}

}  // namespace
