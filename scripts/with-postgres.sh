#!/usr/bin/env bash
# Runs a command against a throwaway PostgreSQL server: starts one in a temporary folder on a
# free loopback port (the first of TEST_PORTS when that is set), exports TEST_DATABASE_URL (and
# E2E_DATABASE_URL), runs the command, and removes the server again.
# Usage: scripts/with-postgres.sh npm run test:integration
set -euo pipefail

pg_bin=""
for candidate in /usr/lib/postgresql/*/bin; do
  [ -x "$candidate/initdb" ] && pg_bin="$candidate"
done
if [ -z "$pg_bin" ]; then
  if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null; then
    echo "Installing PostgreSQL from Debian's packages…"
    DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends postgresql ||
      { apt-get update && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends postgresql; }
    for candidate in /usr/lib/postgresql/*/bin; do
      [ -x "$candidate/initdb" ] && pg_bin="$candidate"
    done
  fi
  if [ -z "$pg_bin" ]; then
    echo "PostgreSQL is missing: install it with \`sudo apt-get install -y postgresql\`." >&2
    exit 1
  fi
fi

# TEST_PORTS=first-last keeps a run to a range of ports (see scripts/lib/ports.ts): PostgreSQL
# takes the first. Without it, a port that is free right now.
if [ -n "${TEST_PORTS:-}" ]; then
  if ! [[ "$TEST_PORTS" =~ ^([0-9]{4,5})-([0-9]{4,5})$ ]] || ((BASH_REMATCH[1] < 1024 || BASH_REMATCH[2] > 65535 || BASH_REMATCH[2] < BASH_REMATCH[1])); then
    echo "TEST_PORTS must be a range of ports such as 41000-41019 (got \"$TEST_PORTS\")" >&2
    exit 1
  fi
  port=${BASH_REMATCH[1]}
else
  port=$(node -e 'const s=require("net").createServer();s.listen(0,"127.0.0.1",()=>{console.log(s.address().port);s.close()})')
fi
workdir=$(mktemp -d /tmp/club-pg.XXXXXX)

# PostgreSQL refuses to run as root: as root, the server runs as the postgres user.
run_pg() {
  if [ "$(id -u)" = "0" ]; then runuser -u postgres -- "$@"; else "$@"; fi
}
if [ "$(id -u)" = "0" ]; then chown postgres "$workdir"; fi

cleanup() {
  run_pg "$pg_bin/pg_ctl" -D "$workdir/data" -m fast stop >/dev/null 2>&1 || true
  rm -rf "$workdir"
}
trap cleanup EXIT

run_pg "$pg_bin/initdb" -D "$workdir/data" -U club --auth=trust --encoding=UTF8 --locale=C.UTF-8 >/dev/null
# The settings live in the server's own configuration, so a test can stop and start it again.
cat >>"$workdir/data/postgresql.conf" <<CONF
listen_addresses = '127.0.0.1'
port = $port
unix_socket_directories = '$workdir'
fsync = off
full_page_writes = off
CONF
run_pg "$pg_bin/pg_ctl" -D "$workdir/data" -l "$workdir/server.log" -w start >/dev/null
run_pg "$pg_bin/createdb" -h 127.0.0.1 -p "$port" -U club club

export TEST_DATABASE_URL="postgres://club@127.0.0.1:$port/club"
export E2E_DATABASE_URL="$TEST_DATABASE_URL"
export TEST_PG_BIN="$pg_bin" TEST_PG_DATA="$workdir/data"
echo "PostgreSQL $("$pg_bin/postgres" --version | awk '{print $3}') running at $TEST_DATABASE_URL"
"$@"
