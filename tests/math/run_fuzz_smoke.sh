#!/usr/bin/env bash
# Bounded libFuzzer run of the math core for CI: configures a separate clang
# build (build/fuzz) with TOOLHOST_FUZZ=ON, builds only math_fuzz and runs it
# for 20 s over the checked-in seed corpus. A crash or abort fails the test.
set -euo pipefail
SOURCE_DIR="${1:-$(cd "$(dirname "$0")/../.." && pwd)}"
BUILD_DIR="${TOOLHOST_FUZZ_BUILD_DIR:-$SOURCE_DIR/build/fuzz}"
SECONDS_TO_RUN="${TOOLHOST_FUZZ_SECONDS:-20}"

command -v clang++ >/dev/null || { echo "clang++ not found"; exit 1; }
cmake -S "$SOURCE_DIR" -B "$BUILD_DIR" -G Ninja -DCMAKE_BUILD_TYPE=Release \
  -DCMAKE_C_COMPILER=clang -DCMAKE_CXX_COMPILER=clang++ -DTOOLHOST_FUZZ=ON \
  -DTOOLHOST_BUILD_BENCH=OFF >/dev/null
cmake --build "$BUILD_DIR" --target math_fuzz -j2
# Work on a scratch copy so the checked-in corpus only ever holds the seeds.
corpus="$(mktemp -d)"
trap 'rm -rf "$corpus"' EXIT
cp "$SOURCE_DIR"/tests/math/fuzz_corpus/* "$corpus"/
"$BUILD_DIR"/tests/math/math_fuzz -max_total_time="$SECONDS_TO_RUN" -timeout=2 \
  -rss_limit_mb=2048 -max_len=1100 -print_final_stats=1 "$corpus"
