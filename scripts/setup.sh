#!/usr/bin/env bash
# Installs every system package toolhost needs on Debian 12. Idempotent: when
# everything is present it only checks and returns in about a second.
set -euo pipefail
cd "$(dirname "$0")/.."

PACKAGES=(
  build-essential cmake ninja-build pkg-config git python3 clang libclang-rt-14-dev
  libboost1.81-dev libboost-json1.81-dev libboost-filesystem1.81-dev
  libboost-system1.81-dev libboost-program-options1.81-dev
  libicu-dev icu-devtools libssl-dev openssl libsqlite3-dev sqlite3
  libgtest-dev libgmock-dev libbenchmark-dev libmpfr-dev libgmp-dev libcli11-dev
  libgoogle-perftools-dev
  tzdata bubblewrap nodejs npm
)

SUDO=""
if [ "$(id -u)" -ne 0 ]; then SUDO="sudo"; fi

missing=()
for p in "${PACKAGES[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed"; then
    missing+=("$p")
  fi
done
# nodejs/npm may come from elsewhere than Debian on a developer machine: accept
# any working node >= 18 instead of installing Debian's.
if command -v node >/dev/null 2>&1 && command -v npm >/dev/null 2>&1; then
  missing=("${missing[@]/nodejs}"); missing=("${missing[@]/npm}")
fi
filtered=()
for p in "${missing[@]}"; do [ -n "$p" ] && filtered+=("$p"); done

need_update=0
if [ ${#filtered[@]} -gt 0 ]; then need_update=1; fi
# The newest tzdata matters (system.current_time follows the installed zone
# database), so upgrade it when the archive offers a newer one.
if [ "$need_update" -eq 1 ] || [ "${TOOLHOST_SETUP_REFRESH:-0}" = "1" ]; then
  echo "setup: installing ${filtered[*]:-(refresh)}" >&2
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends "${filtered[@]}" tzdata >/dev/null
fi
if [ "$need_update" -eq 1 ]; then
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --only-upgrade tzdata >/dev/null || true
fi

# valijson is header-only; its Debian package depends on Qt and five other JSON
# libraries we do not use, so unpack just its headers.
DEPS_DIR="${TOOLHOST_DEPS_DIR:-/opt/toolhost-deps}"
if [ ! -f "$DEPS_DIR/valijson/include/valijson/validator.hpp" ] && [ ! -f /usr/include/valijson/validator.hpp ]; then
  echo "setup: unpacking valijson headers into $DEPS_DIR/valijson" >&2
  tmp=$(mktemp -d)
  (cd "$tmp" && apt-get download libvalijson-dev >/dev/null 2>&1 || { $SUDO apt-get update -qq && apt-get download libvalijson-dev >/dev/null; })
  dpkg-deb -x "$tmp"/libvalijson-dev_*.deb "$tmp/x"
  $SUDO mkdir -p "$DEPS_DIR/valijson"
  $SUDO rm -rf "$DEPS_DIR/valijson/include"
  $SUDO cp -r "$tmp/x/usr/include" "$DEPS_DIR/valijson/include"
  rm -rf "$tmp"
fi
echo "setup: ok" >&2

# Test clients from the npm registry (the official MCP clients), installed
# into a test-local folder.
if [ -x scripts/setup-node-clients.sh ]; then
  ./scripts/setup-node-clients.sh
fi
