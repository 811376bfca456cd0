#!/usr/bin/env bash
# The browser tests need a Chromium. Playwright cannot download its own here, so Debian's is used.
set -euo pipefail
if [ -n "${CHROMIUM_PATH:-}" ] && [ -x "$CHROMIUM_PATH" ]; then exit 0; fi
if [ -x /usr/bin/chromium ] || [ -x /usr/bin/chromium-browser ]; then exit 0; fi
if ls "${PLAYWRIGHT_BROWSERS_PATH:-$HOME/.cache/ms-playwright}"/chromium-* >/dev/null 2>&1; then exit 0; fi
cmd="apt-get update && apt-get install -y chromium"
if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
  echo "Chromium is missing: installing it with: $cmd"
  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
  exit 0
fi
echo "Chromium is missing. Install it with: sudo sh -c '$cmd'  (or set CHROMIUM_PATH, or run 'npx playwright install chromium')" >&2
exit 1
