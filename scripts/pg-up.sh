#!/usr/bin/env bash
# Starts a throw-away PostgreSQL cluster on 127.0.0.1 for the tests and prints its URL.
# Usage: eval "$(bash scripts/pg-up.sh)"   → exports TEST_DATABASE_URL
set -euo pipefail
# The first free port from 55432 up (a developer may already run a cluster there).
port_free() { ! (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null; }
port=${PGPORT_TEST:-55432}
while ! port_free "$port"; do port=$((port + 1)); done
bindir=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)
[ -n "$bindir" ] || { echo "no PostgreSQL server installed" >&2; exit 1; }
dir=$(mktemp -d /tmp/docsheet-pg.XXXXXX)
as=()
if [ "$(id -u)" = 0 ]; then chown postgres "$dir"; as=(runuser -u postgres --); fi
"${as[@]}" "$bindir/initdb" -D "$dir/data" -U docsheet --auth=trust -E UTF8 >/dev/null
"${as[@]}" "$bindir/pg_ctl" -D "$dir/data" -o "-p $port -k $dir -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=200" -l "$dir/log" -w start >/dev/null
"${as[@]}" "$bindir/createdb" -h 127.0.0.1 -p "$port" -U docsheet docsheet_test
echo "export TEST_DATABASE_URL=postgres://docsheet@127.0.0.1:$port/docsheet_test"
echo "export TEST_PG_DIR=$dir"
