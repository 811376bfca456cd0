#!/usr/bin/env bash
# The multi-instance deployment test (scripts/deploy-e2e.sh) needs nginx and PostgreSQL's server binaries.
# CI (.ci/run, as root) installs the Debian packages when they are missing, without starting their services;
# elsewhere this prints the command and the test skips.
set -euo pipefail
has_nginx() { command -v nginx >/dev/null 2>&1 || [ -x /usr/sbin/nginx ]; }
has_postgres() { ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1; }
missing=()
has_nginx || missing+=(nginx)
has_postgres || missing+=(postgresql)
[ ${#missing[@]} -eq 0 ] && exit 0
cmd="apt-get update && apt-get install -y ${missing[*]}"
if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
  echo "Missing for the deployment test: ${missing[*]}; installing them with: $cmd"
  # Install only: the packages' services would start a system nginx and PostgreSQL, which the test does not use.
  policy=/usr/sbin/policy-rc.d
  added_policy=0
  if [ ! -e "$policy" ]; then
    printf '#!/bin/sh\nexit 101\n' >"$policy" && chmod 755 "$policy" && added_policy=1
  fi
  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null
  [ "$added_policy" = 1 ] && rm -f "$policy"
  exit 0
fi
echo "Missing for the deployment test: ${missing[*]}. Install them with: sudo sh -c '$cmd'" >&2
