#!/usr/bin/env python3
"""Differential test: system.current_time against Python's zoneinfo.

For every name Python's zoneinfo offers that our acceptance rule accepts, at
instants spread over 1970-2037 (and more thinly over 1850-1969 and
2038-2100), and one second and one microsecond either side of each of the
zone's transitions in 2020-2030, 2037-2040 and 2098-2100, the plugin's output must
equal, byte for byte, the output computed here from zoneinfo's UTC offset by
the four rendering rules. Python reads the same installed tz database the
plugin's zone data was generated from; this also checks that the generated
release is the installed one.
"""

import argparse
import datetime as dt
import json
import subprocess
import sys
import zoneinfo

UTC = dt.timezone.utc
EPOCH = dt.datetime(1970, 1, 1, tzinfo=UTC)
WEEKDAYS = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"]
EXCLUDED_TREES = ("posix/", "right/", "SystemV/")


def accepted_by_rule(name):
    return name == "UTC" or ("/" in name and not name.startswith(EXCLUDED_TREES))


def offset_seconds(zone, us):
    """zoneinfo's UTC offset at the instant, in whole seconds. Offsets change
    on whole seconds, so the floored second has the instant's offset."""
    offset = dt.datetime.fromtimestamp(us // 1_000_000, zone).utcoffset()
    return offset.days * 86400 + offset.seconds


def expected(name, us, offset):
    """The four rendering rules, stated independently of the C++ code."""
    minutes = int(offset / 60)  # toward zero: RFC 3339 offsets have no seconds
    local = (EPOCH + dt.timedelta(microseconds=us, minutes=minutes)).replace(tzinfo=None)
    sign = "-" if minutes < 0 else "+"
    utc_offset = f"{sign}{abs(minutes) // 60:02d}:{abs(minutes) % 60:02d}"
    iso = local.isoformat(timespec="microseconds") + utc_offset
    weekday = WEEKDAYS[local.weekday()]
    output = {
        "iso8601": iso,
        "timezone": name,
        "utc_offset": utc_offset,
        "unix_seconds": us // 1_000_000,
        "weekday": weekday,
    }
    return json.dumps(output, separators=(",", ":")), f"{iso} ({name}, {weekday})"


def seconds(year):
    return int(dt.datetime(year, 1, 1, tzinfo=UTC).timestamp())


def spread(first_year, last_year, count):
    """`count` + 1 instants from the start of `first_year` to the end of
    `last_year`, with a stride that is no multiple of a day or an hour, and
    varying microseconds."""
    start, end = seconds(first_year) * 1_000_000, (seconds(last_year + 1) - 1) * 1_000_000
    step = (end - start) // count
    return [start + i * step + (i * 7919) % 1_000_000 for i in range(count + 1)]


def spread_instants():
    # 1970-2037 as the issue asks, plus 1850-1969 (transitions before 2^31
    # seconds before the epoch are stored apart) and 2038-2100 (where ICU
    # switches from listed transitions to the zone's final rule).
    return spread(1970, 2037, 400) + spread(1850, 1969, 60) + spread(2038, 2100, 60)


# Years whose transitions are probed one second either side: 2020-2030 as the
# issue asks, plus the switch to the final rule and the end of the century.
TRANSITION_YEARS = [(2020, 2030), (2037, 2040), (2098, 2100)]


def transitions(zone, begin, end):
    """UTC seconds of each offset change in [begin, end): twelve-hourly
    samples, then bisection to the second. (No zone changes its offset twice
    within twelve hours.)"""
    found = []
    step = 12 * 3600
    t = begin
    before = offset_seconds(zone, t * 1_000_000)
    while t < end:
        after_t = t + step
        after = offset_seconds(zone, after_t * 1_000_000)
        if after != before:
            lo, hi = t, after_t  # offset(lo) == before, offset(hi) != before
            while hi - lo > 1:
                mid = (lo + hi) // 2
                if offset_seconds(zone, mid * 1_000_000) == before:
                    lo = mid
                else:
                    hi = mid
            found.append(hi)
        t, before = after_t, after
    return found


def cases(names):
    spread_all = spread_instants()
    for name in names:
        zone = zoneinfo.ZoneInfo(name)
        instants = list(spread_all)
        for first, last in TRANSITION_YEARS:
            for t in transitions(zone, seconds(first), seconds(last + 1)):
                s = t * 1_000_000
                instants += [s - 1_000_000, s - 1, s, s + 1_000_000]
        for us in instants:
            yield name, us, zone


def installed_version(zoneinfo_dir):
    with open(f"{zoneinfo_dir}/tzdata.zi", encoding="ascii") as f:
        return f.readline().split()[-1]


def generated_version(zoneinfo64_txt):
    with open(zoneinfo64_txt, encoding="ascii") as f:
        for line in f:
            if line.strip().startswith("TZVersion"):
                return line.split('"')[1]
    return None


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--driver", required=True)
    parser.add_argument("--plugin", required=True)
    parser.add_argument("--zoneinfo64-txt", required=True)
    parser.add_argument("--zoneinfo-dir", default="/usr/share/zoneinfo")
    args = parser.parse_args()

    failures = 0
    installed = installed_version(args.zoneinfo_dir)
    generated = generated_version(args.zoneinfo64_txt)
    if installed != generated:
        print(f"generated zone data {generated} is not the installed tzdata {installed}")
        failures += 1

    names = sorted(n for n in zoneinfo.available_timezones() if accepted_by_rule(n))
    all_cases = list(cases(names))
    # Names of the right shape that Python does not offer must be refused.
    refused = ["posix/UTC", "right/UTC", "SystemV/EST5EDT", "Etc/Unknown", "America/Nowhere"]
    stdin = "".join(f"{name}\t{us}\n" for name, us, _ in all_cases)
    stdin += "".join(f"{name}\t0\n" for name in refused)
    run = subprocess.run(
        [args.driver, args.plugin], input=stdin, capture_output=True, text=True, check=False
    )
    if run.returncode != 0:
        print(run.stderr)
        return 1
    lines = run.stdout.split("\n")[:-1]
    if len(lines) != len(all_cases) + len(refused):
        print(f"driver answered {len(lines)} of {len(all_cases) + len(refused)} calls")
        return 1

    fields = ["iso8601", "timezone", "utc_offset", "unix_seconds", "weekday"]
    mismatches = {f: 0 for f in fields + ["content", "bytes"]}
    for (name, us, zone), line in zip(all_cases, lines):
        status, output_json, content, reason = line.split("\t")
        want_json, want_content = expected(name, us, offset_seconds(zone, us))
        if status != "0":
            failures += 1
            if failures <= 20:
                print(f"{name} @ {us}: refused with {reason}")
            continue
        got, want = json.loads(output_json), json.loads(want_json)
        for f in fields:
            if got.get(f) != want[f]:
                mismatches[f] += 1
        if content != want_content:
            mismatches["content"] += 1
        if output_json != want_json:
            mismatches["bytes"] += 1
            failures += 1
            if failures <= 20:
                print(f"{name} @ {us}:\n  got  {output_json}\n  want {want_json}")
    for name, line in zip(refused, lines[len(all_cases) :]):
        if line.split("\t")[3] != "tool.invalid_arguments.unknown_timezone":
            failures += 1
            print(f"{name} was not refused: {line}")

    print(
        f"{len(names)} zones, {len(all_cases)} instants, zone data {generated}; "
        f"mismatches per field: {mismatches}"
    )
    return 1 if failures or any(mismatches.values()) else 0


if __name__ == "__main__":
    sys.exit(main())
