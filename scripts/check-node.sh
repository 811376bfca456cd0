#!/usr/bin/env bash
# Stops, saying what to do, when the `node` on PATH is older than the project's Node (package.json "engines": 22).
# Run by the scripts that start the server or the tests: on Node 20 the failure would otherwise come later and
# murkier (an engine warning at install, better-sqlite3 built for another Node, a crash).
set -euo pipefail
major="$(node -p 'process.versions.node.split(".")[0]')"
if [ "$major" -lt 22 ]; then
  echo "Node $(node -v) runs here, and the project needs Node 22 or newer (package.json \"engines\")." >&2
  echo "Run 'source scripts/use-node22.sh', then 'npm ci' again: native addons are built for the Node that installs them." >&2
  exit 1
fi
