#include "civil_time.hpp"

#include <array>

namespace toolhost::system_plugin {
namespace {

constexpr int64_t kMicrosPerSecond = 1'000'000;
constexpr int64_t kSecondsPerDay = 86'400;

int64_t floor_div(int64_t a, int64_t b) {
  return a / b - ((a % b != 0) && ((a < 0) != (b < 0)));
}
// Written without a product so that it cannot overflow at the int64 ends.
int64_t floor_mod(int64_t a, int64_t b) {
  const int64_t r = a % b;
  return (r != 0 && ((r < 0) != (b < 0))) ? r + b : r;
}

struct Date {
  int64_t year;
  int month;
  int day;
};

// H. Hinnant's civil_from_days: proleptic Gregorian date of a day count.
Date civil_from_days(int64_t days) {
  days += 719468;
  const int64_t era = floor_div(days, 146097);
  const int64_t doe = days - era * 146097;
  const int64_t yoe = (doe - doe / 1460 + doe / 36524 - doe / 146096) / 365;
  const int64_t doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
  const int64_t mp = (5 * doy + 2) / 153;
  const int day = static_cast<int>(doy - (153 * mp + 2) / 5 + 1);
  const int month = static_cast<int>(mp < 10 ? mp + 3 : mp - 9);
  return Date{yoe + era * 400 + (month <= 2 ? 1 : 0), month, day};
}

// Appends a non-negative value as at least `width` decimal digits.
void append_padded(std::string& out, int64_t value, int width) {
  char digits[20];
  int n = 0;
  do {
    digits[n++] = static_cast<char>('0' + value % 10);
    value /= 10;
  } while (value > 0);
  for (int i = n; i < width; ++i) out += '0';
  while (n > 0) out += digits[--n];
}

constexpr std::array<const char*, 7> kWeekdays = {"Sunday",   "Monday", "Tuesday", "Wednesday",
                                                  "Thursday", "Friday", "Saturday"};

}  // namespace

std::optional<CivilTime> civil_time(int64_t utc_us, int32_t offset_seconds) {
  const int64_t unix_seconds = floor_div(utc_us, kMicrosPerSecond);
  const int64_t micros = floor_mod(utc_us, kMicrosPerSecond);
  const int64_t offset_minutes = offset_seconds / 60;  // truncates toward zero
  const int64_t local_seconds = unix_seconds + offset_minutes * 60;
  const int64_t days = floor_div(local_seconds, kSecondsPerDay);
  const int64_t second_of_day = local_seconds - days * kSecondsPerDay;
  const Date date = civil_from_days(days);
  if (date.year < 0 || date.year > 9999) return std::nullopt;

  const int64_t abs_minutes = offset_minutes < 0 ? -offset_minutes : offset_minutes;
  std::string offset(1, offset_minutes < 0 ? '-' : '+');
  append_padded(offset, abs_minutes / 60, 2);
  offset += ':';
  append_padded(offset, abs_minutes % 60, 2);

  std::string iso;
  iso.reserve(32);
  append_padded(iso, date.year, 4);
  iso += '-';
  append_padded(iso, date.month, 2);
  iso += '-';
  append_padded(iso, date.day, 2);
  iso += 'T';
  append_padded(iso, second_of_day / 3600, 2);
  iso += ':';
  append_padded(iso, second_of_day / 60 % 60, 2);
  iso += ':';
  append_padded(iso, second_of_day % 60, 2);
  iso += '.';
  append_padded(iso, micros, 6);
  iso += offset;
  // 1970-01-01 was a Thursday.
  return CivilTime{iso, offset, unix_seconds, kWeekdays[floor_mod(days + 4, 7)]};
}

}  // namespace toolhost::system_plugin
