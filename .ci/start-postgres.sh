#!/usr/bin/env bash
# Starts a throw-away PostgreSQL cluster on a loopback port and prints its DATABASE_URL.
# Usage: eval "$(bash .ci/start-postgres.sh DIR PORT)"; stop with: pg_ctl -D DIR/data stop
set -euo pipefail
dir=$1
port=${2:-54329}
bin=$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -n 1)
mkdir -p "$dir"
as_pg=()
if [ "$(id -u)" = 0 ]; then
  chown postgres "$dir"
  as_pg=(runuser -u postgres --)
fi
"${as_pg[@]}" "$bin/initdb" -D "$dir/data" -U postgres --auth=trust -E UTF8 >/dev/null
"${as_pg[@]}" "$bin/pg_ctl" -D "$dir/data" -l "$dir/log" -w \
  -o "-p $port -k $dir -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=200" start >/dev/null
echo "export DATABASE_URL=postgres://postgres@127.0.0.1:$port/postgres"
echo "export PG_STOP='${as_pg[*]} $bin/pg_ctl -D $dir/data -m immediate stop'"
