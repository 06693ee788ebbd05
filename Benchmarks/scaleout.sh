#!/usr/bin/env bash
# Benchmarks scale-out on PostgreSQL (run with `scripts/bench scaleout`), on loopback only:
#  1. analyses per second of small uploads with ?wait, spread over the nodes, for one node
#     on SQLite, one node on PostgreSQL and three nodes on one PostgreSQL;
#  2. how long one claim of the job queue takes with 1, 2, 6 and 12 workers claiming at
#     once (bench-claims), on PostgreSQL and on SQLite.
# A throw-away PostgreSQL is started in a temporary folder (as `nobody` when run as root,
# on a Unix socket only) and removed at the end. BENCH_BUILD=debug measures the debug build.
# Figures go to stdout and Benchmarks/out/scaleout.json. Bounded: each phase has a timeout.
set -euo pipefail
cd "$(dirname "$0")/.."
build="${BENCH_BUILD:-release}"
requests="${BENCH_REQUESTS:-300}"
static=()  # release builds link the Swift runtime statically, as the Docker image does
[ "$build" = release ] && static=(--static-swift-stdlib)
swift build -c "$build" "${static[@]}" --product nibscan >&2
swift build -c "$build" "${static[@]}" --product bench-claims >&2
binary=.build/$build/nibscan
mkdir -p Benchmarks/out
. scripts/serve-background.sh
work=$(mktemp -d /tmp/nibscan-bench-XXXXXX)
chmod 755 "$work"
pg_bin=$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -n1)
as_server_user() { if [ "$(id -u)" = 0 ]; then setpriv --reuid=nobody --regid=nogroup --clear-groups "$@"; else "$@"; fi; }
pids=()
cleanup() {
  for pid in "${pids[@]}"; do server_pid=$pid stop_server; done
  as_server_user "$pg_bin/pg_ctl" -D "$work/pg/data" -m immediate -w stop >/dev/null 2>&1 || true
  rm -rf "$work"
}
trap cleanup EXIT

mkdir -p "$work/pg"
[ "$(id -u)" = 0 ] && chown nobody "$work/pg"
as_server_user "$pg_bin/initdb" -D "$work/pg/data" -U nibscan --auth=trust -E UTF8 --no-sync >/dev/null
printf "unix_socket_directories = '%s'\nlisten_addresses = ''\nmax_connections = 200\n" "$work/pg" >> "$work/pg/data/postgresql.auto.conf"
as_server_user "$pg_bin/pg_ctl" -D "$work/pg/data" -l "$work/pg/log" -w -t 60 start >/dev/null
"$pg_bin/psql" -q -h "$work/pg" -U nibscan -d postgres -c "CREATE DATABASE nibscan" -c "CREATE DATABASE claims"
database="postgresql:///nibscan?host=$work/pg&user=nibscan"

(cd Examples && zip -qr "$work/example.zip" SampleApp)
# Starts NODES nodes with FLAGS, loads them with the example project (4 clients per node),
# prints the client's JSON line, stops them.
throughput() {
  local nodes=$1
  shift
  local ports=() number
  pids=()
  for number in $(seq 1 "$nodes"); do
    start_server "$binary" "$work/node-$number.log" --data-dir "$work/data-$nodes-$number" --node-id "node-$number" "$@"
    ports+=("$port")
    pids+=("$server_pid")
  done
  timeout 900 python3 Benchmarks/server_client.py small --port "$(IFS=,; echo "${ports[*]}")" --requests "$requests" \
    --concurrency $((4 * nodes)) --zip "$work/example.zip"
  for pid in "${pids[@]}"; do server_pid=$pid stop_server; done
  pids=()
}

echo "== $requests analyses of the bundled example with ?wait ($build build, $(nproc) cores)"
sqlite=$(throughput 1)
echo "1 node, SQLite:      $sqlite"
postgres_one=$(throughput 1 --database "$database")
echo "1 node, PostgreSQL:  $postgres_one"
"$pg_bin/psql" -q -h "$work/pg" -U nibscan -d nibscan -c "DELETE FROM analyses" -c "DELETE FROM uploads"
postgres_three=$(throughput 3 --database "$database")
echo "3 nodes, PostgreSQL: $postgres_three"

echo "== one claim, with N workers claiming at once (600 queued analyses a round)"
claims_postgres=$(timeout 600 ".build/$build/bench-claims" "postgresql:///claims?host=$work/pg&user=nibscan" 600)
echo "$claims_postgres"
claims_sqlite=$(timeout 600 ".build/$build/bench-claims" "$work/claims.sqlite" 600)
echo "$claims_sqlite"
join() { paste -sd, -; }
printf '{"build": "%s", "throughput": {"sqlite1": %s, "postgres1": %s, "postgres3": %s}, "claims": [%s]}\n' "$build" \
  "$sqlite" "$postgres_one" "$postgres_three" "$( (echo "$claims_postgres"; echo "$claims_sqlite") | join)" > Benchmarks/out/scaleout.json
echo "figures written to Benchmarks/out/scaleout.json"
