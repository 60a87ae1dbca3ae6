// system.current_time through the built plugin, loaded as the host loads it.
#include <gtest/gtest.h>

#include <fstream>
#include <sstream>
#include <string>

#include "plugin_harness.hpp"

namespace {

using toolhost::test::LoadedPlugin;
using toolhost::test::Outcome;

constexpr std::string_view kTool = "system.current_time";
// 2026-07-25T13:03:11.482913Z, the spec's representative instant.
constexpr int64_t kExampleUs = 1784984591482913;

const LoadedPlugin& plugin() {
  static const LoadedPlugin loaded(std::string(TOOLHOST_BUILTIN_PLUGIN_DIR) + "/system.so");
  return loaded;
}

Outcome call(std::string_view arguments, int64_t now_us) {
  return plugin().invoke(kTool, arguments, now_us);
}

std::string read_file(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream out;
  out << in.rdbuf();
  return out.str();
}

TEST(SystemCurrentTime, Loads) {
  ASSERT_EQ(plugin().error(), "");
}

TEST(SystemCurrentTime, ManifestIsTheCheckedInFile) {
  ASSERT_EQ(plugin().error(), "");
  const std::string file = read_file(std::string(TOOLHOST_MANIFEST_DIR) + "/plugins/system.json");
  ASSERT_FALSE(file.empty());
  EXPECT_EQ(plugin().manifest(), file);
}

TEST(SystemCurrentTime, RendersTheRepresentativeResultExactly) {
  const Outcome out = call(R"({"timezone":"America/New_York"})", kExampleUs);
  ASSERT_EQ(out.status, TH_INVOKE_OK) << out.reason_code << ": " << out.detail;
  // unix_seconds is the arithmetic's 1784984591, not the spec example's
  // 1785157391 (two days later).
  EXPECT_EQ(out.output_json,
            R"({"iso8601":"2026-07-25T09:03:11.482913-04:00","timezone":"America/New_York",)"
            R"("utc_offset":"-04:00","unix_seconds":1784984591,"weekday":"Saturday"})");
  EXPECT_EQ(out.content, "2026-07-25T09:03:11.482913-04:00 (America/New_York, Saturday)");
}

// Hard gate 8: under a fixed clock, two invocations give identical bytes.
TEST(SystemCurrentTime, FixedClockGivesIdenticalBytesTwice) {
  for (const char* args : {R"({"timezone":"Europe/London"})", R"({})", R"({"timezone":"UTC"})"}) {
    const Outcome first = call(args, kExampleUs);
    const Outcome second = call(args, kExampleUs);
    ASSERT_EQ(first.status, TH_INVOKE_OK) << args;
    EXPECT_EQ(first.output_json, second.output_json) << args;
    EXPECT_EQ(first.content, second.content) << args;
  }
}

TEST(SystemCurrentTime, ReadsTheInjectedClockOnly) {
  const Outcome a = call(R"({"timezone":"UTC"})", 0);
  const Outcome b = call(R"({"timezone":"UTC"})", 86'400'000'000);
  EXPECT_EQ(a.content, "1970-01-01T00:00:00.000000+00:00 (UTC, Thursday)");
  EXPECT_EQ(b.content, "1970-01-02T00:00:00.000000+00:00 (UTC, Friday)");
}

TEST(SystemCurrentTime, DefaultsToUtcWithANumericOffset) {
  const Outcome out = call("{}", kExampleUs);
  ASSERT_EQ(out.status, TH_INVOKE_OK);
  EXPECT_EQ(out.output_json,
            R"({"iso8601":"2026-07-25T13:03:11.482913+00:00","timezone":"UTC",)"
            R"("utc_offset":"+00:00","unix_seconds":1784984591,"weekday":"Saturday"})");
}

TEST(SystemCurrentTime, UnixSecondsFloorsBeforeNineteenSeventy) {
  Outcome out = call("{}", -1);
  EXPECT_EQ(out.content, "1969-12-31T23:59:59.999999+00:00 (UTC, Wednesday)");
  EXPECT_NE(out.output_json.find(R"("unix_seconds":-1,)"), std::string::npos) << out.output_json;
  out = call("{}", -1'500'000);
  EXPECT_NE(out.output_json.find(R"("unix_seconds":-2,)"), std::string::npos) << out.output_json;
  // Apollo 11's landing, 1969-07-20T20:17:40.5Z, in New York.
  out = call(R"({"timezone":"America/New_York"})", -14'182'939'500'000);
  EXPECT_EQ(out.output_json,
            R"({"iso8601":"1969-07-20T16:17:40.500000-04:00","timezone":"America/New_York",)"
            R"("utc_offset":"-04:00","unix_seconds":-14182940,"weekday":"Sunday"})");
}

// Mexico abolished DST in 2022; ICU's built-in 2022e data still says -05:00.
TEST(SystemCurrentTime, MexicoCityIsMinusSixInJuly2026) {
  const Outcome out = call(R"({"timezone":"America/Mexico_City"})", kExampleUs);
  ASSERT_EQ(out.status, TH_INVOKE_OK) << out.reason_code;
  EXPECT_EQ(out.content, "2026-07-25T07:03:11.482913-06:00 (America/Mexico_City, Saturday)");
}

// Both zones are newer than ICU's built-in data.
TEST(SystemCurrentTime, ZonesNewerThanIcusOwnDataResolve) {
  Outcome out = call(R"({"timezone":"America/Ciudad_Juarez"})", kExampleUs);
  ASSERT_EQ(out.status, TH_INVOKE_OK) << out.reason_code;
  EXPECT_EQ(out.content, "2026-07-25T07:03:11.482913-06:00 (America/Ciudad_Juarez, Saturday)");
  out = call(R"({"timezone":"America/Coyhaique"})", kExampleUs);
  ASSERT_EQ(out.status, TH_INVOKE_OK) << out.reason_code;
  EXPECT_EQ(out.content, "2026-07-25T10:03:11.482913-03:00 (America/Coyhaique, Saturday)");
}

// An offset with seconds (local mean time) is truncated to minutes and the
// local time follows it, so the string still names the instant.
TEST(SystemCurrentTime, SecondsInAnOffsetAreTruncatedConsistently) {
  const Outcome out = call(R"({"timezone":"Africa/Monrovia"})", 13'046'400'000'000);
  EXPECT_EQ(out.output_json,
            R"({"iso8601":"1970-05-31T23:16:00.000000-00:44","timezone":"Africa/Monrovia",)"
            R"("utc_offset":"-00:44","unix_seconds":13046400,"weekday":"Sunday"})");
}

TEST(SystemCurrentTime, AcceptsIanaNamesIncludingLinksAndEtc) {
  for (const char* name : {"UTC", "Etc/UTC", "Etc/GMT+5", "US/Eastern", "Europe/Kyiv",
                           "America/Argentina/Buenos_Aires", "Antarctica/Troll"}) {
    const Outcome out = call(std::string(R"({"timezone":")") + name + "\"}", kExampleUs);
    EXPECT_EQ(out.status, TH_INVOKE_OK) << name << ": " << out.detail;
  }
  EXPECT_EQ(call(R"({"timezone":"Etc/GMT+5"})", kExampleUs).content,
            "2026-07-25T08:03:11.482913-05:00 (Etc/GMT+5, Saturday)");
}

TEST(SystemCurrentTime, RefusesEverythingElseAsUnknownTimezone) {
  for (const char* name : {"EST",
                           "IST",
                           "CST",
                           "PST",
                           "EST5EDT",
                           "CST6CDT",
                           "MST7MDT",
                           "PST8PDT",
                           "+05:30",
                           "-03:00",
                           "local",
                           "localtime",
                           "",
                           "Etc/Unknown",
                           "GMT+5",
                           "GMT",
                           "Factory",
                           "Zulu",
                           "Japan",
                           "posix/America/New_York",
                           "right/UTC",
                           "SystemV/EST5EDT",
                           "america/new_york",
                           "AMERICA/NEW_YORK",
                           "utc",
                           " UTC",
                           "America/New_York ",
                           "America//New_York",
                           "America/../America/New_York",
                           "/America/New_York",
                           "America/Nowhere",
                           "Europe/"}) {
    const Outcome out = call(std::string(R"({"timezone":")") + name + "\"}", kExampleUs);
    EXPECT_EQ(out.status, TH_INVOKE_FAILED) << '"' << name << '"';
    EXPECT_EQ(out.reason_code, "tool.invalid_arguments.unknown_timezone") << '"' << name << '"';
    EXPECT_EQ(out.output_json, "") << name;
    EXPECT_EQ(out.content, "") << name;
  }
}

TEST(SystemCurrentTime, WithoutAClockServiceItFailsInsteadOfReadingOne) {
  const Outcome out = plugin().invoke(kTool, "{}", std::nullopt);
  EXPECT_EQ(out.status, TH_INVOKE_FAILED);
  EXPECT_EQ(out.reason_code, "tool.unavailable.not_granted");
}

TEST(SystemCurrentTime, MalformedArgumentsAreASchemaFailure) {
  EXPECT_EQ(call("[]", kExampleUs).reason_code, "tool.invalid_arguments.schema");
  EXPECT_EQ(call(R"({"timezone":5})", kExampleUs).reason_code, "tool.invalid_arguments.schema");
  EXPECT_EQ(call("not json", kExampleUs).reason_code, "tool.invalid_arguments.schema");
}

}  // namespace
