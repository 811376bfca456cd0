#!/usr/bin/env bash
# Every test of the project, in the order that fails fastest: types, lint, unit and server tests
# (SQLite, then PostgreSQL when its binaries are on the machine), then the browser tests, then the deployment
# test (two instances behind nginx, when nginx and PostgreSQL are on the machine).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/check-node.sh
echo "== typecheck"; npm run --silent typecheck
echo "== lint"; npm run --silent lint
echo "== formatting"; npm run --silent format:check
echo "== unit and server tests (SQLite)"; npx vitest run
echo "== server tests (PostgreSQL)"; bash scripts/test-postgres.sh
echo "== browser tests"; bash scripts/e2e.sh
echo "== deployment: two instances behind a proxy"; DEPLOY_E2E_SKIP_PORTAL_BUILD=1 bash scripts/deploy-e2e.sh
