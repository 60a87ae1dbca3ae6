#!/usr/bin/env python3
"""Generates ICU's zoneinfo64.txt from the TZif files of the installed tz database.

ICU 72 carries zone data 2022e; the system's tzdata is newer. This writes the
installed data in ICU's resource source format (as ICU's own tz2icu does from
the tz sources), to be compiled by genrb into zoneinfo64.res:

  zoneinfo64:table(nofallback) {
    TZVersion { "2026f" }
    Zones:array { <one entry per name in Names: a zone table, or :int alias> }
    Names { <every zone name, sorted by UTF-16 code unit (ICU binary-searches it)> }
    Rules { <rule name>:intvector { 11 SimpleTimeZone parameters } }
    Regions { <one region code per name> }
  }

A zone table holds its transitions split by magnitude (transPre32 and
transPost32 as (high, low) 32-bit pairs, trans as 32-bit seconds), typeOffsets
as (raw, dst) second pairs whose first pair is in effect before the first
transition, typeMap with one type byte per transition, and optionally
finalRule/finalRaw/finalYear: from January 1 (UTC) of finalYear ICU switches to
the rule, so every transition before that is listed explicitly here.
"""

import argparse
import calendar
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import posix_tz  # noqa: E402
import tzif  # noqa: E402

INT32_MIN, INT32_MAX = -(2**31), 2**31 - 1
SKIPPED_DIRECTORIES = {"posix", "right"}  # duplicates, and leap-second time
# Not zones of the database: the host's own configuration, and zic's default rules.
SKIPPED_FILES = {"localtime", "posixrules"}


def tz_version(zoneinfo_dir):
    with open(os.path.join(zoneinfo_dir, "tzdata.zi"), encoding="ascii") as f:
        first = f.readline().split()
    if first[:2] != ["#", "version"] or len(first) != 3:
        raise SystemExit("tzdata.zi does not start with '# version'")
    return first[2]


def zone_files(zoneinfo_dir):
    """{name: bytes} of every TZif file, symbolic links included."""
    zones = {}
    for root, dirs, files in os.walk(zoneinfo_dir, followlinks=False):
        rel_root = os.path.relpath(root, zoneinfo_dir)
        if rel_root == ".":
            dirs[:] = [d for d in dirs if d not in SKIPPED_DIRECTORIES]
        for f in files:
            name = f if rel_root == "." else f"{rel_root}/{f}"
            if name in SKIPPED_FILES:
                continue
            with open(os.path.join(root, f), "rb") as fh:
                data = fh.read()
            if tzif.is_tzif(data):
                zones[name] = data
    return zones


def declared_links(zoneinfo_dir):
    """{link: target} from tzdata.zi's L lines."""
    links = {}
    with open(os.path.join(zoneinfo_dir, "tzdata.zi"), encoding="ascii") as f:
        for line in f:
            parts = line.split()
            if len(parts) == 3 and parts[0] == "L":
                links[parts[2]] = parts[1]
    return links


def regions(zoneinfo_dir):
    """{zone: ISO country code} from zone.tab; other zones are region 001."""
    result = {}
    with open(os.path.join(zoneinfo_dir, "zone.tab"), encoding="utf-8") as f:
        for line in f:
            if line.startswith("#") or not line.strip():
                continue
            fields = line.rstrip("\n").split("\t")
            result[fields[2]] = fields[0]
    return result


def _civil_year(seconds):
    # Howard Hinnant's days-to-civil, year only; valid for any int64 instant.
    z = seconds // 86400 + 719468
    era = z // 146097
    doe = z - era * 146097
    yoe = (doe - doe // 1460 + doe // 36524 - doe // 146096) // 365
    doy = doe - (365 * yoe + yoe // 4 - yoe // 100)
    mp = (5 * doy + 2) // 153
    month = mp + 3 if mp < 10 else mp - 9
    return yoe + era * 400 + (1 if month <= 2 else 0)


def _jan1(year):
    return calendar.timegm((year, 1, 1, 0, 0, 0))


class Zone:
    """One zone's ICU table, built from its TZif data."""

    def __init__(self, name, data):
        self.name = name
        parsed = tzif.parse(data)
        self.footer = posix_tz.parse(parsed.footer) if parsed.footer else None
        self._build(parsed)

    def _pair(self, tz_type, previous_std):
        """(raw, dst) of a TZif type; the savings are inferred from the
        standard offset in effect before it, as ICU keeps them apart."""
        if tz_type.isdst and previous_std is not None and tz_type.utoff > previous_std:
            return (previous_std, tz_type.utoff - previous_std)
        return (tz_type.utoff, 0)

    def _build(self, parsed):
        types = parsed.types
        # Before the first transition: the first standard-time type, as
        # Python's zoneinfo does (RFC 8536 says type 0; they agree in practice).
        initial = next((t for t in types if not t.isdst), None)
        if initial is None:
            initial = types[parsed.transition_types[0]] if parsed.transitions else types[0]
        pairs = [self._pair(initial, None)]
        steps = []  # (utc seconds, (raw, dst))
        std = initial.utoff if not initial.isdst else None
        for when, index in zip(parsed.transitions, parsed.transition_types):
            pair = self._pair(types[index], std)
            if not types[index].isdst:
                std = types[index].utoff
            steps.append((when, pair))
        self.final = None
        if self.footer and self.footer.dst_utoff is not None:
            steps = self._extend_to_final_year(steps)
        elif self.footer and steps and sum(steps[-1][1]) != self.footer.std_utoff:
            raise SystemExit(f"{self.name}: last type disagrees with footer")
        elif self.footer and not steps:
            pairs = [(self.footer.std_utoff, 0)]
        self.steps = steps
        for _, pair in steps:
            if pair not in pairs:
                pairs.append(pair)
        if len(pairs) > 256:
            raise SystemExit(f"{self.name}: more than 256 offset types")
        self.pairs = pairs

    def _extend_to_final_year(self, steps):
        """Lists the footer's transitions up to January 1 of the year after the
        last explicit transition; from there ICU applies the final rule, and
        Python's zoneinfo the same footer."""
        tz = self.footer
        last = steps[-1][0] if steps else _jan1(1970) - 1
        final_year = _civil_year(last) + 1
        boundary = _jan1(final_year)
        rule = posix_tz.icu_final_rule(tz)
        raw = rule.raw
        extra = []
        for year in range(final_year - 2, final_year + 1):
            for when, utoff in posix_tz.transitions_in_year(tz, year):
                if last < when < boundary:
                    extra.append((when, (raw, utoff - raw)))
        self.final = (rule, final_year)
        return steps + sorted(extra)

    def render(self, rule_names, links):
        lines = [f"  /* {self.name} */ :table {{"]
        pre = [t for t, _ in self.steps if t < INT32_MIN]
        mid = [t for t, _ in self.steps if INT32_MIN <= t <= INT32_MAX]
        post = [t for t, _ in self.steps if t > INT32_MAX]

        def pairs64(values):
            out = []
            for v in values:
                u = v & 0xFFFFFFFFFFFFFFFF
                hi, lo = u >> 32, u & 0xFFFFFFFF
                out += [hi - (1 << 32) if hi >= 1 << 31 else hi, lo - (1 << 32) if lo >= 1 << 31 else lo]
            return out

        if pre:
            lines.append(f"    transPre32:intvector {{ {', '.join(map(str, pairs64(pre)))} }}")
        if mid:
            lines.append(f"    trans:intvector {{ {', '.join(map(str, mid))} }}")
        if post:
            lines.append(f"    transPost32:intvector {{ {', '.join(map(str, pairs64(post)))} }}")
        flat = [v for pair in self.pairs for v in pair]
        lines.append(f"    typeOffsets:intvector {{ {', '.join(map(str, flat))} }}")
        if self.steps:
            type_map = "".join(f"{self.pairs.index(p):02x}" for _, p in self.steps)
            lines.append(f'    typeMap:bin {{ "{type_map}" }}')
        if self.final:
            rule, year = self.final
            lines.append(f'    finalRule {{ "{rule_names[rule.vector]}" }}')
            lines.append(f"    finalRaw:int {{ {rule.raw} }}")
            lines.append(f"    finalYear:int {{ {year} }}")
        if links:
            lines.append(f"    links:intvector {{ {', '.join(map(str, links))} }}")
        lines.append("  }")
        return "\n".join(lines)


def generate(zoneinfo_dir):
    version = tz_version(zoneinfo_dir)
    files = zone_files(zoneinfo_dir)
    names = sorted(files, key=lambda n: n.encode("utf-16-be"))
    index = {n: i for i, n in enumerate(names)}
    # A declared link whose file is byte-identical to its target becomes an
    # alias; anything else stands on its own.
    alias = {
        link: target
        for link, target in declared_links(zoneinfo_dir).items()
        if link in files and target in files and files[link] == files[target]
    }
    zones = {n: Zone(n, files[n]) for n in names if n not in alias}
    rule_names = {}
    for n in names:
        if n in zones and zones[n].final:
            rule_names.setdefault(zones[n].final[0].vector, f"R{len(rule_names)}")
    links_of = {}
    for link, target in alias.items():
        links_of.setdefault(target, []).append(index[link])
    region_of = regions(zoneinfo_dir)

    out = [
        "// Generated by plugins/system/zoneinfo/zoneinfo64_writer.py from the TZif",
        f"// files of the installed tz database, version {version}. Do not edit.",
        "zoneinfo64:table(nofallback) {",
        f'  TZVersion {{ "{version}" }}',
        "  Zones:array {",
    ]
    for n in names:
        if n in alias:
            out.append(f"  /* {n} */ :int {{ {index[alias[n]]} }}")
        else:
            links = sorted(links_of.get(n, []) + [index[n]]) if n in links_of else []
            out.append(zones[n].render(rule_names, links))
    out.append("  }")
    out.append("  Names {")
    out += [f'    "{n}",' for n in names]
    out.append("  }")
    out.append("  Rules {")
    for vector, rule_name in rule_names.items():
        out.append(f"    {rule_name}:intvector {{ {', '.join(map(str, vector))} }}")
    out.append("  }")
    out.append("  Regions {")
    for n in names:
        target = alias.get(n, n)
        out.append(f'    "{region_of.get(target, region_of.get(n, "001"))}",')
    out.append("  }")
    out.append("}")
    return version, "\n".join(out) + "\n"


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--zoneinfo", default="/usr/share/zoneinfo")
    parser.add_argument("--out", required=True, help="zoneinfo64.txt to write")
    parser.add_argument("--version-header", help="C++ header receiving the tz version")
    args = parser.parse_args()
    version, text = generate(args.zoneinfo)
    with open(args.out, "w", encoding="ascii") as f:
        f.write(text)
    if args.version_header:
        with open(args.version_header, "w", encoding="ascii") as f:
            f.write(
                "// Generated by zoneinfo64_writer.py; do not edit.\n#pragma once\n"
                "namespace toolhost::system_plugin {\n"
                f'inline constexpr const char kGeneratedTzVersion[] = "{version}";\n'
                "}\n"
            )


if __name__ == "__main__":
    main()
