#!/usr/bin/env bash
# Sets up, builds, loads the builtin plugin directory and asks math.calculate
# for 17 * 23.
set -euo pipefail
cd "$(dirname "$0")/.."
./scripts/setup.sh
cmake -S . -B build/release -G Ninja -DCMAKE_BUILD_TYPE=Release >/dev/null
cmake --build build/release -j"${TOOLHOST_JOBS:-2}" --target toolhost builtin_plugins
./build/release/toolhost call math.calculate '{"expression": "17 * 23"}'
