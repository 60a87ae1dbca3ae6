#include "current_time_tool.hpp"

#include <boost/json.hpp>

#include "civil_time.hpp"
#include "zone_database.hpp"

namespace toolhost::system_plugin {
namespace {

constexpr std::string_view kUnknownTimezone = "tool.invalid_arguments.unknown_timezone";

// The host validates arguments against the input schema and applies its
// default before the call; the checks here only keep a host that did not
// from turning into undefined behaviour.
struct TimezoneArgument {
  std::string name;
  std::string error;  // non-empty: the arguments are not the schema's shape
};

TimezoneArgument timezone_argument(std::string_view arguments_json) {
  boost::system::error_code ec;
  const boost::json::value args = boost::json::parse(arguments_json, ec);
  if (ec || !args.is_object()) return {{}, "arguments are not a JSON object"};
  const boost::json::value* tz = args.as_object().if_contains("timezone");
  if (tz == nullptr) return {"UTC", {}};  // the schema's default
  if (!tz->is_string()) return {{}, "timezone is not a string"};
  return {std::string(tz->as_string()), {}};
}

}  // namespace

sdk::Result current_time(const ZoneDatabase& zones, const sdk::Call& call, sdk::Context& context) {
  const TimezoneArgument argument = timezone_argument(call.arguments_json);
  if (!argument.error.empty())
    return sdk::Result::fail("tool.invalid_arguments.schema", argument.error);

  const icu::TimeZone* zone = zones.find(argument.name);
  // The detail is operator-only, so it may name the input; JSON-quoted, as
  // the model wrote it and it may hold any character.
  if (zone == nullptr)
    return sdk::Result::fail(std::string(kUnknownTimezone),
                             boost::json::serialize(boost::json::string(argument.name)) +
                                 " is not an accepted IANA name in zone data " +
                                 std::string(zones.version()));

  const std::optional<int64_t> now = context.now_utc_us();
  if (!now) return sdk::Result::fail("tool.unavailable.not_granted", "no clock service");

  const std::optional<int32_t> offset = ZoneDatabase::offset_seconds(*zone, *now);
  if (!offset) return sdk::Result::fail("tool.internal.error", "ICU getOffset failed");
  const std::optional<CivilTime> civil = civil_time(*now, *offset);
  if (!civil)
    return sdk::Result::fail(
        "tool.internal.error",
        "clock instant " + std::to_string(*now) + " us is outside the years RFC 3339 can express");

  // Key order is the output schema's, fixed so the bytes are.
  boost::json::object output;
  output["iso8601"] = civil->iso8601;
  output["timezone"] = argument.name;
  output["utc_offset"] = civil->utc_offset;
  output["unix_seconds"] = civil->unix_seconds;
  output["weekday"] = civil->weekday;
  std::string content = civil->iso8601 + " (" + argument.name + ", " + civil->weekday + ")";
  return sdk::Result::ok(boost::json::serialize(output), std::move(content));
}

}  // namespace toolhost::system_plugin
