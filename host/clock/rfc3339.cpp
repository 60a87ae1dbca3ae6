#include "clock/rfc3339.hpp"

#include <optional>

namespace toolhost::clock {
namespace {

// Days since 1970-01-01 of a proleptic Gregorian date (H. Hinnant's
// days_from_civil), exact for every year the grammar admits.
int64_t days_from_civil(int64_t y, int64_t m, int64_t d) {
  y -= m <= 2 ? 1 : 0;
  const int64_t era = (y >= 0 ? y : y - 399) / 400;
  const int64_t yoe = y - era * 400;
  const int64_t doy = (153 * (m > 2 ? m - 3 : m + 9) + 2) / 5 + d - 1;
  const int64_t doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
  return era * 146097 + doe - 719468;
}

int days_in_month(int64_t y, int64_t m) {
  static constexpr int kDays[] = {31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};
  const bool leap = (y % 4 == 0 && y % 100 != 0) || y % 400 == 0;
  return m == 2 && leap ? 29 : kDays[m - 1];
}

// Reads exactly `width` decimal digits at `pos`, advancing it.
std::optional<int64_t> digits(std::string_view s, size_t& pos, size_t width) {
  if (pos + width > s.size()) return std::nullopt;
  int64_t value = 0;
  for (size_t i = 0; i < width; ++i) {
    const char c = s[pos + i];
    if (c < '0' || c > '9') return std::nullopt;
    value = value * 10 + (c - '0');
  }
  pos += width;
  return value;
}

bool literal(std::string_view s, size_t& pos, char expected) {
  if (pos >= s.size() || s[pos] != expected) return false;
  ++pos;
  return true;
}

Rfc3339Result failure(std::string what) {
  return Rfc3339Result{0, std::move(what)};
}

}  // namespace

Rfc3339Result parse_rfc3339(std::string_view text) {
  size_t pos = 0;
  const auto year = digits(text, pos, 4);
  if (!year || !literal(text, pos, '-')) return failure("expected YYYY- at the start");
  const auto month = digits(text, pos, 2);
  if (!month || !literal(text, pos, '-')) return failure("expected MM- after the year");
  const auto day = digits(text, pos, 2);
  if (!day) return failure("expected DD after the month");
  if (*month < 1 || *month > 12) return failure("month out of range");
  if (*day < 1 || *day > days_in_month(*year, *month)) return failure("day out of range");
  if (!literal(text, pos, 'T') && !literal(text, pos, 't'))
    return failure("expected T between date and time");
  const auto hour = digits(text, pos, 2);
  if (!hour || !literal(text, pos, ':')) return failure("expected HH: after T");
  const auto minute = digits(text, pos, 2);
  if (!minute || !literal(text, pos, ':')) return failure("expected MM: after the hour");
  const auto second = digits(text, pos, 2);
  if (!second) return failure("expected SS after the minute");
  if (*hour > 23 || *minute > 59) return failure("time of day out of range");
  if (*second == 60) return failure("leap seconds are not representable in Unix time");
  if (*second > 59) return failure("second out of range");

  int64_t micros = 0;
  if (literal(text, pos, '.')) {
    size_t count = 0;
    while (pos < text.size() && text[pos] >= '0' && text[pos] <= '9') {
      if (++count > 6) return failure("more than 6 fractional digits");
      micros = micros * 10 + (text[pos++] - '0');
    }
    if (count == 0) return failure("expected digits after the decimal point");
    for (; count < 6; ++count) micros *= 10;
  }

  int64_t offset_seconds = 0;
  if (literal(text, pos, 'Z') || literal(text, pos, 'z')) {
    offset_seconds = 0;
  } else if (pos < text.size() && (text[pos] == '+' || text[pos] == '-')) {
    const int64_t sign = text[pos++] == '-' ? -1 : 1;
    const auto off_hour = digits(text, pos, 2);
    if (!off_hour || !literal(text, pos, ':')) return failure("expected ±HH:MM offset");
    const auto off_minute = digits(text, pos, 2);
    if (!off_minute) return failure("expected ±HH:MM offset");
    if (*off_hour > 23 || *off_minute > 59) return failure("offset out of range");
    offset_seconds = sign * (*off_hour * 3600 + *off_minute * 60);
  } else {
    return failure("missing UTC offset (Z or ±HH:MM): a naive timestamp names no instant");
  }
  if (pos != text.size()) return failure("unexpected characters after the offset");

  const int64_t local_seconds =
      days_from_civil(*year, *month, *day) * 86400 + *hour * 3600 + *minute * 60 + *second;
  return Rfc3339Result{(local_seconds - offset_seconds) * 1'000'000 + micros, {}};
}

}  // namespace toolhost::clock
