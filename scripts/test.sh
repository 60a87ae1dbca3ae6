#!/usr/bin/env bash
# Sets up, builds and runs every test: a warnings-as-errors release build, then
# the same suite under AddressSanitizer + UndefinedBehaviorSanitizer.
set -euo pipefail
cd "$(dirname "$0")/.."
./scripts/setup.sh
JOBS="${TOOLHOST_JOBS:-2}"

echo "== release build (-Werror) =="
cmake -S . -B build/release -G Ninja -DCMAKE_BUILD_TYPE=Release -DTOOLHOST_WERROR=ON >/dev/null
cmake --build build/release -j"$JOBS"
ctest --test-dir build/release --output-on-failure -j"$JOBS"

if [ "${TOOLHOST_SKIP_SANITIZERS:-0}" != "1" ]; then
  echo "== AddressSanitizer + UndefinedBehaviorSanitizer build =="
  cmake -S . -B build/asan -G Ninja -DCMAKE_BUILD_TYPE=Debug -DTOOLHOST_WERROR=ON \
        -DTOOLHOST_SANITIZE=ON -DTOOLHOST_BUILD_BENCH=OFF >/dev/null
  cmake --build build/asan -j"$JOBS"
  ASAN_OPTIONS=detect_leaks=1:abort_on_error=0 UBSAN_OPTIONS=print_stacktrace=1 \
    ctest --test-dir build/asan --output-on-failure -j"$JOBS" -LE no_sanitizer
fi
