"""POSIX TZ strings (the TZif footer) and their translation to ICU's rules.

The footer governs every instant after a zone's last explicit transition. ICU
expresses the same thing as a SimpleTimeZone rule (the "Rules" table of
zoneinfo64), whose rule times must lie within [0, 24h]; footers such as
Jerusalem's "M3.4.4/26" (the Thursday of the fourth week at 26:00, i.e. Friday
02:00) are rewritten as an equivalent day-of-week-on-or-after rule. A footer
that cannot be expressed exactly is an error: the build must not ship data
that silently disagrees with the system's tz database.
"""

import calendar
import re
from dataclasses import dataclass

DAY = 86400


class PosixTzError(ValueError):
    pass


@dataclass(frozen=True)
class Rule:
    month: int  # 1..12
    week: int  # 1..5, 5 meaning the last
    weekday: int  # 0 = Sunday .. 6 = Saturday
    time: int  # seconds after local midnight, may be negative or beyond 24h


@dataclass(frozen=True)
class PosixTz:
    std_utoff: int
    dst_utoff: int | None = None
    start: Rule | None = None  # into daylight time, in standard wall time
    end: Rule | None = None  # back to standard time, in daylight wall time


_NAME = r"(?:<[^>]*>|[A-Za-z]{3,})"
_OFFSET = r"[+-]?\d{1,3}(?::\d{1,2}){0,2}"


def _hms(text: str) -> int:
    sign = -1 if text.startswith("-") else 1
    parts = [int(p) for p in text.lstrip("+-").split(":")]
    parts += [0] * (3 - len(parts))
    return sign * (parts[0] * 3600 + parts[1] * 60 + parts[2])


def _rule(text: str) -> Rule:
    date, _, time = text.partition("/")
    m = re.fullmatch(r"M(\d{1,2})\.([1-5])\.([0-6])", date)
    if not m:
        raise PosixTzError(f"only Mm.w.d rules are supported, got {text!r}")
    return Rule(int(m[1]), int(m[2]), int(m[3]), _hms(time) if time else 7200)


def parse(footer: str) -> PosixTz:
    m = re.fullmatch(
        rf"({_NAME})({_OFFSET})(?:({_NAME})({_OFFSET})?(?:,([^,]+),([^,]+))?)?", footer
    )
    if not m:
        raise PosixTzError(f"unsupported TZ string {footer!r}")
    std = -_hms(m[2])  # POSIX offsets are west-positive
    if not m[3]:
        return PosixTz(std)
    dst = -_hms(m[4]) if m[4] else std + 3600
    if not m[5]:
        raise PosixTzError(f"daylight time without rules in {footer!r}")
    return PosixTz(std, dst, _rule(m[5]), _rule(m[6]))


def rule_day(year: int, rule: Rule) -> int:
    """Days since 1970-01-01 of the rule's date in `year` (before applying time)."""
    first_weekday = (calendar.weekday(year, rule.month, 1) + 1) % 7  # 0 = Sunday
    day = 1 + (rule.weekday - first_weekday) % 7 + 7 * (rule.week - 1)
    length = calendar.monthrange(year, rule.month)[1]
    while day > length:
        day -= 7
    return (calendar.timegm((year, rule.month, day, 0, 0, 0)) // DAY)


def transitions_in_year(tz: PosixTz, year: int):
    """(utc_seconds, utoff_after) of the rule's two transitions in `year`."""
    start = rule_day(year, tz.start) * DAY + tz.start.time - tz.std_utoff
    end = rule_day(year, tz.end) * DAY + tz.end.time - tz.dst_utoff
    return sorted([(start, tz.dst_utoff), (end, tz.std_utoff)])


@dataclass(frozen=True)
class IcuFinalRule:
    raw: int  # finalRaw: the standard offset, seconds
    vector: tuple  # the 11 ints of a zoneinfo64 Rules entry


_WALL_TIME = 0
# ICU/Java month lengths used to validate day-of-month rules (February: 28).
_MIN_MONTH_LENGTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]


def _icu_rule_part(rule: Rule):
    """(month0, day, dayOfWeek, millis-free time) in SimpleTimeZone's encoding."""
    month0 = rule.month - 1
    icu_weekday = rule.weekday + 1  # ICU: 1 = Sunday
    if 0 <= rule.time <= DAY:
        week = -1 if rule.week == 5 else rule.week
        return [month0, week, icu_weekday, rule.time, _WALL_TIME]
    shift_days, time = divmod(rule.time, DAY)
    weekday = (rule.weekday + shift_days) % 7 + 1
    if rule.week < 5:
        # The w-th weekday lies in days [7w-6, 7w]; shifted, "weekday on or
        # after 7w-6+shift". ICU handles an on-or-after date that runs past the
        # month's end, but not one that starts before the month.
        first = 7 * rule.week - 6 + shift_days
        if not 1 <= first <= _MIN_MONTH_LENGTH[month0]:
            raise PosixTzError(f"rule {rule} crosses into the previous month")
        return [month0, first, -weekday, time, _WALL_TIME]
    length = _MIN_MONTH_LENGTH[month0]
    if month0 == 1:
        raise PosixTzError(f"shifted last-week rule in February: {rule}")
    if shift_days < 0:
        # The last weekday lies in [L-6, L]; shifted back, "on or before L+shift".
        return [month0, -(length + shift_days), -weekday, time, _WALL_TIME]
    return [month0, length - 6 + shift_days, -weekday, time, _WALL_TIME]


def icu_final_rule(tz: PosixTz) -> IcuFinalRule:
    """The zone's final rule as ICU stores it. ICU requires positive savings, so
    a footer with negative daylight saving (Europe/Dublin's winter "GMT") is
    stated the other way round: the larger offset becomes daylight time and the
    two rules swap, which leaves every UTC offset unchanged."""
    std, dst, start, end = tz.std_utoff, tz.dst_utoff, tz.start, tz.end
    if dst < std:
        std, dst, start, end = dst, std, end, start
    vector = _icu_rule_part(start) + _icu_rule_part(end) + [dst - std]
    return IcuFinalRule(std, tuple(vector))
