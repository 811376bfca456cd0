#!/usr/bin/env bash
# Runs the server tests against a throwaway PostgreSQL cluster when PostgreSQL's server binaries are on the
# machine (Debian: /usr/lib/postgresql/<version>/bin), so both storage engines pass the same tests.
# Works as root (the cluster runs as the postgres user) and without a terminal (CI).
set -euo pipefail
cd "$(dirname "$0")/.."

initdb_path=$(ls -d /usr/lib/postgresql/*/bin/initdb 2>/dev/null | sort -V | tail -n 1 || true)
if [ -z "$initdb_path" ]; then
  echo "PostgreSQL binaries not found: server tests on PostgreSQL skipped"
  exit 0
fi
bin_dir=$(dirname "$initdb_path")

# The cluster may not run as root: run PostgreSQL's tools as the postgres user when we are root.
as_pg() {
  if [ "$(id -u)" = "0" ]; then
    if command -v runuser >/dev/null 2>&1; then runuser -u postgres -- "$@"; else su postgres -s /bin/sh -c "$(printf '%q ' "$@")"; fi
  else
    "$@"
  fi
}

work_dir=$(mktemp -d /tmp/quiz-portal-pg.XXXXXX)
chmod 755 "$work_dir"
[ "$(id -u)" = "0" ] && chown postgres:postgres "$work_dir"
data_dir="$work_dir/data"

cleanup() {
  as_pg "$bin_dir/pg_ctl" -D "$data_dir" -m immediate stop >/dev/null 2>&1 || true
  rm -rf "$work_dir"
}
trap cleanup EXIT INT TERM

port=$(node -e "const s=require('net').createServer();s.listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close();})")

as_pg "$bin_dir/initdb" -D "$data_dir" --auth=trust --username=postgres --encoding=UTF8 --no-locale >"$work_dir/initdb.log" 2>&1 \
  || { cat "$work_dir/initdb.log"; exit 1; }
as_pg "$bin_dir/pg_ctl" -D "$data_dir" -l "$work_dir/server.log" -w -t 30 \
  -o "-p $port -k $work_dir -c listen_addresses=127.0.0.1 -c fsync=off -c full_page_writes=off" start >/dev/null \
  || { cat "$work_dir/server.log"; exit 1; }

echo "PostgreSQL $("$bin_dir/postgres" --version | awk '{print $3}') on 127.0.0.1:$port (throwaway cluster in $work_dir)"
TEST_DATABASE_URL="postgres://postgres@127.0.0.1:$port/postgres" npx vitest run --project server "$@"
