#!/usr/bin/env python3
"""The ambient-state static check.

Fails when any C or C++ source outside the clock adapter reads ambient time
or the environment, or when a built builtin plugin imports a symbol that does.
Plugins read time only through the host's clock service
(th_host_services.clock_now_utc_us); the host reads it only in
host/clock/system_clock.cpp. Every other exception is listed in ALLOWED with
its reason, and no exception may cover a plugin (hard gate 8: the module
implementing system.current_time is not in the allowed set).

Comments and string literals are ignored: a comment may explain why a call
is not made, and a string may be data that happens to spell a name (the
timezone "localtime" that system.current_time refuses). Reaching a function
through a string and dlsym would evade this scan but not the import check's
intent; dlsym in a plugin is a review matter.
"""

import argparse
import os
import re
import subprocess
import sys

SOURCE_SUFFIXES = (".c", ".cc", ".cpp", ".cxx", ".h", ".hh", ".hpp", ".hxx", ".ipp", ".inl", ".tpp")

# name -> regex over comment-free source text.
SOURCE_PATTERNS = {
    "system clock": r"\b(?:system|utc|tai|gps|file)_clock\b(?!\.(?:hpp|h|cpp|hh|cc)\b)",
    "time()": r"(?<![\w.>])time\s*\(",
    "gettimeofday": r"\bgettimeofday\b",
    "clock_gettime": r"\bclock_gettime\b",
    "timespec_get": r"\btimespec_get\b",
    "ftime": r"(?<![\w.>])ftime\s*\(",
    "local zone (localtime/mktime/tzset)": r"\b(?:localtime(?:_r|_s)?|mktime|tzset|timelocal)\b",
    "getenv": r"\b(?:secure_)?getenv\b",
    "environ": r"\b_{0,2}environ\b",
    "ICU current time": r"\b(?:ucal_getNow|uprv_getUTCtime|uprv_getRawUTCtime)\b|\bCalendar\s*::\s*getNow\b",
    "ICU calendar at now": r"\bCalendar\s*::\s*createInstance\b|\bGregorianCalendar\b|\bucal_open\b"
    r"|\budat_open\b|\bSimpleDateFormat\b|\bDateFormat\s*::\s*create\w*\b",
    "ICU host zone": r"\bTimeZone\s*::\s*(?:createDefault|detectHostTimeZone)\b"
    r"|\bucal_get(?:Default|Host)TimeZone\b|\buprv_tz(?:name|set)\b|\buprv_timezone\b",
}

# (path prefix relative to the repository root, pattern name, reason)
ALLOWED = [
    (
        "host/clock/system_clock.cpp",
        "system clock",
        "the clock adapter: the one place in the codebase that reads the system clock",
    ),
    (
        "host/cli/",
        "getenv",
        "the CLI is the composition root; its --state-dir default follows XDG_STATE_HOME, "
        "then HOME, as the XDG Base Directory specification requires",
    ),
    (
        "host/cli/",
        "environ",
        "the composition root snapshots the process environment once for the credential "
        "source (only *_API_KEY variables are kept); plugins receive credentials only "
        "through the credential_lookup service",
    ),
    (
        "tests/conformance/fixtures/misbehaving_plugin.cpp",
        "time()",
        "a deliberately misbehaving fixture: the conformance suite must catch its ambient "
        "clock read; it is built only into the test tree, never into the builtin plugins",
    ),
    (
        "tests/conformance/fixtures/misbehaving_plugin.cpp",
        "getenv",
        "the same deliberately misbehaving fixture, for the conformance suite's environment check",
    ),
    (
        "host/isolation/worker_process.cpp",
        "environ",
        "hands the host's environment unchanged to the worker process it spawns (posix_spawn); "
        "it reads no variable, and plugins in the worker are held to this check too",
    ),
]

# Imports a plugin may not have: regexes over `nm -D -C --undefined-only` names.
# C's clock() (processor time) is caught here rather than in the sources,
# where `clock()` is the natural name of an accessor for the Clock port.
SYMBOL_PATTERNS = [
    r"(?:__)?(?:time|gettimeofday|clock_gettime|clock_gettime64|timespec_get|ftime|clock)",
    r"(?:secure_)?getenv|_{0,2}environ",
    r"localtime(?:_r)?|mktime|tzset|timelocal",
    r"std::chrono::(?:_V2::)?(?:system|utc|tai|gps|file)_clock::now\(\)",
    r"(?:ucal_getNow|uprv_getUTCtime|uprv_getRawUTCtime|ucal_open|udat_open)(?:_\d+)?",
    r"(?:ucal_getDefaultTimeZone|ucal_getHostTimeZone)(?:_\d+)?",
    r"icu(?:_\d+)?::(?:Calendar::getNow|Calendar::createInstance|GregorianCalendar::GregorianCalendar"
    r"|TimeZone::createDefault|TimeZone::detectHostTimeZone|SimpleDateFormat::SimpleDateFormat)\(.*",
]


def strip_comments(text):
    """C/C++ text with comments and string literals blanked (newlines kept, so
    line numbers hold)."""
    out = []
    i, n = 0, len(text)
    while i < n:
        c = text[i]
        if text.startswith("//", i):
            j = text.find("\n", i)
            j = n if j < 0 else j
            out.append(" " * (j - i))
            i = j
        elif text.startswith("/*", i):
            j = text.find("*/", i + 2)
            j = n if j < 0 else j + 2
            out.append(re.sub(r"[^\n]", " ", text[i:j]))
            i = j
        elif text.startswith('R"', i) and (i == 0 or not (text[i - 1].isalnum() or text[i - 1] == "_")):
            m = re.match(r'R"([^(\s]{0,16})\(', text[i:])
            if not m:
                out.append(c)
                i += 1
                continue
            end = text.find(")" + m.group(1) + '"', i)
            j = n if end < 0 else end + len(m.group(1)) + 2
            out.append(re.sub(r"[^\n]", " ", text[i:j]))
            i = j
        elif c in "\"'":
            j = i + 1
            while j < n and text[j] != c and text[j] != "\n":
                j += 2 if text[j] == "\\" else 1
            out.append(c + " " * (min(j, n) - i - 1) + (c if j < n else ""))
            i = j + 1
        else:
            out.append(c)
            i += 1
    return "".join(out)


def allowed(rel_path, pattern_name):
    return any(rel_path.startswith(prefix) and name == pattern_name for prefix, name, _ in ALLOWED)


def source_files(root):
    for dirpath, dirnames, filenames in os.walk(root):
        rel_dir = os.path.relpath(dirpath, root)
        # Build trees and version control are not sources.
        dirnames[:] = sorted(
            d for d in dirnames if not d.startswith(".") and not (rel_dir == "." and d.startswith("build"))
        )
        for f in sorted(filenames):
            if f.endswith(SOURCE_SUFFIXES):
                yield os.path.join(dirpath, f)


def scan_sources(root):
    """[(rel_path, line, pattern name, text)] of every violation."""
    violations = []
    compiled = {name: re.compile(p) for name, p in SOURCE_PATTERNS.items()}
    for path in source_files(root):
        rel = os.path.relpath(path, root).replace(os.sep, "/")
        with open(path, encoding="utf-8", errors="replace") as f:
            text = f.read()
        code = strip_comments(text)
        lines = text.split("\n")
        for name, regex in compiled.items():
            if allowed(rel, name):
                continue
            for m in regex.finditer(code):
                line = code.count("\n", 0, m.start()) + 1
                violations.append((rel, line, name, lines[line - 1].strip()))
    return violations


def scan_plugin(path):
    """[(symbol)] of forbidden imports of one shared object."""
    run = subprocess.run(
        ["nm", "-D", "-C", "--undefined-only", path], capture_output=True, text=True, check=True
    )
    forbidden = re.compile("|".join(f"(?:{p})" for p in SYMBOL_PATTERNS))
    found = []
    for line in run.stdout.splitlines():
        symbol = line.split(None, 1)[-1].strip()
        symbol = symbol.split("@", 1)[0]
        if forbidden.fullmatch(symbol):
            found.append(symbol)
    return found


def check_allowlist():
    """Hard gate 8: no exception may cover plugin code."""
    return [prefix for prefix, _, _ in ALLOWED if prefix.startswith("plugins")]


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--source-root", required=True)
    parser.add_argument("--plugin-dir", help="built builtin plugins (*.so) to check")
    parser.add_argument("--require-plugin", action="append", default=[],
                        help="a plugin file name that must be present in --plugin-dir")
    args = parser.parse_args(argv)

    failed = False
    for prefix in check_allowlist():
        print(f"allowlist covers plugin code: {prefix}")
        failed = True
    for rel, line, name, text in scan_sources(args.source_root):
        print(f"{rel}:{line}: reads ambient state ({name}): {text}")
        failed = True
    if args.plugin_dir:
        plugins = sorted(f for f in os.listdir(args.plugin_dir) if f.endswith(".so"))
        for required in args.require_plugin:
            if required not in plugins:
                print(f"{required} is not built in {args.plugin_dir}; nothing to check")
                failed = True
        for plugin in plugins:
            for symbol in scan_plugin(os.path.join(args.plugin_dir, plugin)):
                print(f"{plugin}: imports {symbol}")
                failed = True
        print(f"checked the imports of {len(plugins)} plugins: {', '.join(plugins)}")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
