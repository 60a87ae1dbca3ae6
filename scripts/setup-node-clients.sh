#!/usr/bin/env bash
# Installs the official MCP clients (@modelcontextprotocol/sdk v1 and
# @modelcontextprotocol/client v2) from the npm registry into
# tests/mcp/node_modules, exactly as pinned by tests/mcp/package-lock.json.
# Idempotent: when the installed tree matches the lock file it returns at once.
set -euo pipefail
cd "$(dirname "$0")/../tests/mcp"

if ! command -v npm >/dev/null 2>&1; then
  echo "setup-node-clients: npm not found (scripts/setup.sh installs node and npm)" >&2
  exit 1
fi

stamp=node_modules/.toolhost-lock.sha256
want=$(sha256sum package-lock.json | cut -d' ' -f1)
if [ -f "$stamp" ] && [ "$(cat "$stamp")" = "$want" ] &&
   [ -f node_modules/@modelcontextprotocol/sdk/package.json ] &&
   [ -f node_modules/@modelcontextprotocol/client/package.json ]; then
  echo "setup-node-clients: ok" >&2
  exit 0
fi

echo "setup-node-clients: npm ci in tests/mcp" >&2
npm ci --no-audit --no-fund --loglevel=error
echo "$want" > "$stamp"
echo "setup-node-clients: ok" >&2
