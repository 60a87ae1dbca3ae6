#!/usr/bin/env python3
"""Proves the ambient-state check can fail: a fixture tree per case."""

import os
import subprocess
import sys
import tempfile
import textwrap
import unittest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import ambient_state_check as check  # noqa: E402


def tree(files):
    root = tempfile.mkdtemp()
    for rel, text in files.items():
        path = os.path.join(root, rel)
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(path, "w", encoding="utf-8") as f:
            f.write(textwrap.dedent(text))
    return root


def names(root):
    return sorted({(rel, name) for rel, _, name, _ in check.scan_sources(root)})


class SourceScan(unittest.TestCase):
    def test_flags_each_way_of_reading_time_or_environment(self):
        cases = {
            "plugins/a/a.cpp": "auto t = std::chrono::system_clock::now();",
            "plugins/b/b.cpp": "long t = time(nullptr);",
            "plugins/c/c.cpp": "std::time_t t = std::time(0);",
            "plugins/d/d.c": "struct timeval tv; gettimeofday(&tv, 0);",
            "plugins/e/e.cc": "clock_gettime(CLOCK_REALTIME, &ts);",
            "plugins/f/f.hpp": 'const char* h = getenv("HOME");',
            "plugins/g/g.cpp": 'auto v = secure_getenv("X");',
            "plugins/h/h.cpp": "extern char** environ;",
            "plugins/i/i.cpp": "UDate d = icu::Calendar::getNow();",
            "plugins/j/j.cpp": "UDate d = ucal_getNow();",
            "host/k/k.cpp": "auto* c = icu::Calendar::createInstance(status);",
            "host/l/l.cpp": "icu::TimeZone* z = icu::TimeZone::createDefault();",
            "tests/m/m.cpp": "std::tm* t = localtime(&now);",
        }
        found = names(tree(cases))
        self.assertEqual(sorted(rel for rel, _ in found), sorted(cases))

    def test_ignores_comments_lookalikes_and_the_allowed_set(self):
        root = tree({
            "plugins/a/a.cpp": """
                // never calls time() or getenv: the host's clock is the only clock
                /* std::chrono::system_clock::now() is banned */
                #include "clock/system_clock.hpp"
                int64_t runtime(int x);
                auto d = ctx.time();
                auto e = ctx->time();
                int64_t now = services->clock_now_utc_us(host);
                const clock::Clock& clock() const { return clock_; }
                auto s = R"(// not a comment)"; int64_t lifetime(int);
                const char* zones[] = {"localtime", "time(", "a\\"b getenv"};
            """,
            "host/clock/system_clock.cpp": "auto n = std::chrono::system_clock::now();",
            "host/cli/global_options.cpp": 'auto x = std::getenv("XDG_STATE_HOME");',
            "build/system/gen.cpp": "long t = time(0);",
        })
        self.assertEqual(names(root), [])

    def test_an_exception_covers_only_its_own_pattern_and_path(self):
        root = tree({
            "host/clock/other.cpp": "auto n = std::chrono::system_clock::now();",
            "host/clock/system_clock.cpp": 'auto h = getenv("TZ");',
            "host/cli/x.cpp": "long t = time(0);",
        })
        self.assertEqual(
            names(root),
            [("host/cli/x.cpp", "time()"), ("host/clock/other.cpp", "system clock"),
             ("host/clock/system_clock.cpp", "getenv")],
        )

    def test_no_exception_covers_plugins(self):
        self.assertEqual(check.check_allowlist(), [])


class SymbolScan(unittest.TestCase):
    def build(self, source):
        root = tempfile.mkdtemp()
        src, so = os.path.join(root, "p.c"), os.path.join(root, "p.so")
        with open(src, "w", encoding="utf-8") as f:
            f.write(source)
        subprocess.run(["cc", "-shared", "-fPIC", "-o", so, src], check=True)
        return so

    def test_flags_imported_time_and_getenv(self):
        so = self.build(textwrap.dedent("""
            #include <stdlib.h>
            #include <time.h>
            long f(void) { return (long)time(0) + (getenv("X") != 0); }
        """))
        self.assertEqual(sorted(check.scan_plugin(so)), ["getenv", "time"])

    def test_passes_a_plugin_without_them(self):
        so = self.build("#include <string.h>\nsize_t f(const char* s) { return strlen(s); }\n")
        self.assertEqual(check.scan_plugin(so), [])


if __name__ == "__main__":
    unittest.main()
