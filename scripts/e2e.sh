#!/usr/bin/env bash
# Browser tests: build the portal as `npm start` does, then let Playwright start the real server on it.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/check-node.sh
bash scripts/ensure-chromium.sh
npx vite build --logLevel warn
export E2E_DATA_DIR="${E2E_DATA_DIR:-$(mktemp -d -t portal-e2e-XXXXXX)}"
trap 'rm -rf "$E2E_DATA_DIR"' EXIT
npx playwright test "$@"
