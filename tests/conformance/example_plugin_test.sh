#!/usr/bin/env bash
# The plugin author's path, end to end: install the SDK to a temporary
# prefix, build examples/word_count against it with a separate configure,
# run conformance on it, and load it in the host as a third-party plugin.
# Also checks, at the CLI, third-party trust and unique names across sources.
set -euo pipefail
source_dir=$1 build_dir=$2 toolhost=$3 cxx=$4
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
fail() { echo "FAIL: $*" >&2; exit 1; }

# The sdk folder's own install rules (the SDK package, nothing else).
cmake -DCMAKE_INSTALL_PREFIX="$work/sdk" -P "$build_dir/sdk/cmake_install.cmake" > /dev/null
[ -f "$work/sdk/include/toolhost/plugin.hpp" ] || fail "SDK headers not installed"

cmake -S "$source_dir/examples/word_count" -B "$work/build" -G Ninja -DCMAKE_BUILD_TYPE=Release \
  -DCMAKE_CXX_COMPILER="$cxx" -DCMAKE_PREFIX_PATH="$work/sdk" > "$work/configure.log" || { cat "$work/configure.log"; fail "configure"; }
cmake --build "$work/build" -j2 > "$work/build.log" || { cat "$work/build.log"; fail "build"; }
so="$work/build/acme_word_count.so"
[ -f "$so" ] || fail "no $so"

"$toolhost" conformance "$so" --level 10 || fail "conformance"

mkdir -p "$work/plugins" && cp "$so" "$work/plugins/"
cat > "$work/config.json" <<JSON
{"plugin_dirs": ["$work/plugins"], "plugin_domains": ["acme"]}
JSON
out=$("$toolhost" --config "$work/config.json" --state-dir "$work/state" call --json acme.word_count '{"text":"one two  three"}')
echo "$out"
echo "$out" | grep -q '"words":3' || fail "the host did not run the example"
# A third-party plugin's output is capped at EXTERNAL_UNTRUSTED...
echo "$out" | grep -q '"output_trust":"EXTERNAL_UNTRUSTED"' || fail "third-party trust not capped"
# ...unless the operator trusts it.
cat > "$work/trusted.json" <<JSON
{"plugin_dirs": ["$work/plugins"], "plugin_domains": ["acme"], "trusted_plugins": ["acme_word_count.so"]}
JSON
out=$("$toolhost" --config "$work/trusted.json" --state-dir "$work/state" call --json acme.word_count '{"text":"x"}')
echo "$out" | grep -q '"output_trust":"INTERNAL_TOOL"' || fail "a trusted plugin keeps its declared trust: $out"

# Names are unique across sources: the same tool from two plugin files is refused, naming both.
mkdir -p "$work/plugins2" && cp "$so" "$work/plugins2/acme_copy.so"
cat > "$work/twice.json" <<JSON
{"plugin_dirs": ["$work/plugins", "$work/plugins2"], "plugin_domains": ["acme"]}
JSON
set +e
out=$("$toolhost" --config "$work/twice.json" --state-dir "$work/state" list 2>&1)
code=$?
set -e
[ $code -eq 4 ] || fail "a duplicate name must refuse startup (exit 4), got $code: $out"
echo "$out" | grep -q "acme_word_count.so" && echo "$out" | grep -q "acme_copy.so" || fail "the refusal names both files: $out"
echo "example plugin: built out of tree, conformant, loaded, trust and uniqueness enforced"
