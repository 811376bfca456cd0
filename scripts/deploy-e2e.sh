#!/usr/bin/env bash
# The deployment test: two compiled server instances on PostgreSQL, with s3rver and one local
# realtime database, behind nginx, driven by Playwright (playwright.deploy.config.ts). Skips, saying why,
# only when nginx or PostgreSQL's binaries are absent (CI installs them: scripts/ensure-deploy-tools.sh).
# DEPLOY_E2E_SKIP_PORTAL_BUILD=1 reuses dist/ (scripts/test.sh, right after the e2e suite built it).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/check-node.sh
if ! { command -v nginx >/dev/null 2>&1 || [ -x /usr/sbin/nginx ]; } || ! ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1; then
  echo "Deployment test skipped: it needs nginx and PostgreSQL's server binaries (sudo apt-get install -y nginx postgresql)"
  exit 0
fi
bash scripts/ensure-chromium.sh
[ "${DEPLOY_E2E_SKIP_PORTAL_BUILD:-}" = 1 ] || npx vite build --logLevel warn
npm run --silent build:server
npx playwright test -c playwright.deploy.config.ts "$@"
