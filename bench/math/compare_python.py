#!/usr/bin/env python3
"""Runs the math.calculate mix (mix.txt) through the C++ core and plugin
(math_bench) and through the Python decimal reference (tests/math/oracle.py)
in the same run, alternating, and reports per-expression times and ratios.

Usage: compare_python.py BUILD_DIR
"""

import json
import os
import subprocess
import sys
import timeit

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "..", "tests", "math"))
import oracle  # noqa: E402


def load_mix():
    mix = []
    with open(os.path.join(HERE, "mix.txt")) as f:
        for line in f:
            line = line.rstrip("\n")
            if line and not line.startswith("#"):
                label, expression = line.split("\t", 1)
                mix.append((label, expression))
    return mix


def run_native(build_dir):
    binary = os.path.join(build_dir, "bench", "math", "math_bench")
    out = subprocess.run([binary, "--benchmark_format=json", "--benchmark_min_time=0.2"],
                         stdout=subprocess.PIPE, check=True).stdout
    return {b["name"]: b["real_time"] * {"ns": 1, "us": 1e3, "ms": 1e6}[b["time_unit"]]
            for b in json.loads(out)["benchmarks"]}


def run_python(mix):
    times = {}
    for label, expression in mix:
        timer = timeit.Timer(lambda: oracle.evaluate(expression))
        n, _ = timer.autorange()
        best = min(timer.repeat(repeat=3, number=n)) / n
        times[label] = best * 1e9
    return times


def main():
    build_dir = sys.argv[1] if len(sys.argv) > 1 else "build/release"
    mix = load_mix()
    # Alternate native, Python, native and keep each side's best, so a
    # noisy neighbour on a shared machine penalises neither side alone.
    native = run_native(build_dir)
    python = run_python(mix)
    again = run_native(build_dir)
    native = {k: min(v, again.get(k, v)) for k, v in native.items()}

    print("%-24s %12s %12s %12s %9s" % ("expression", "python ns", "core ns", "plugin ns",
                                         "ratio"))
    for label, _ in mix:
        core = native["core/" + label]
        plugin = native["plugin/" + label]
        print("%-24s %12.0f %12.0f %12.0f %8.1fx" % (label, python[label], core, plugin,
                                                     python[label] / plugin))
    total_python = sum(python.values())
    core_mix = native["core/mix"]
    plugin_mix = native["plugin/mix"]
    print()
    print("mix total: python %.1f us, core %.1f us, plugin %.1f us" %
          (total_python / 1e3, core_mix / 1e3, plugin_mix / 1e3))
    print("ratio over the mix: core %.1fx, plugin %.1fx (target >= 20x)" %
          (total_python / core_mix, total_python / plugin_mix))
    print("17 * 23 through the plugin: %.0f ns (target < 2000 ns)" %
          native["plugin/integer_multiply"])
    hostile = [label for label, _ in mix if label.startswith("hostile")]
    print("hostile inputs through the plugin: " +
          ", ".join("%s %.1f us" % (h, native["plugin/" + h] / 1e3) for h in hostile) +
          " (target < 1 ms)")


if __name__ == "__main__":
    main()
