#!/usr/bin/env bash
# Benchmarks the HTTP service on loopback (run with `scripts/bench server`):
#  1. analyses per second and latency percentiles for small uploads with ?wait;
#  2. peak server RSS while 20 clients upload ~100 MB archives at once (streaming keeps
#     it flat: uploads go to disk, never whole into memory).
# Figures go to stdout and Benchmarks/out/server.json. Bounded: each phase has a timeout.
set -euo pipefail
cd "$(dirname "$0")/.."
swift build -c release --product nibscan >&2
mkdir -p Benchmarks/out
work=$(mktemp -d)
server_pid=""
cleanup() {
  if [ -n "$server_pid" ] && kill -0 "$server_pid" 2>/dev/null; then
    kill -TERM "$server_pid" 2>/dev/null || true
    for _ in $(seq 1 100); do kill -0 "$server_pid" 2>/dev/null || break; sleep 0.1; done
    kill -KILL "$server_pid" 2>/dev/null || true
  fi
  rm -rf "$work"
}
trap cleanup EXIT

.build/release/nibscan serve --port 0 --data-dir "$work/data" --max-body-bytes 209715200 2> "$work/server.log" &
server_pid=$!
port=""
for _ in $(seq 1 100); do
  port=$(sed -n 's/.*"event":"listening".*"port":\([0-9]*\).*/\1/p' "$work/server.log" | head -n1)
  [ -n "$port" ] && break
  sleep 0.1
done
[ -n "$port" ] || { cat "$work/server.log" >&2; echo "bench server: the server did not start" >&2; exit 1; }

echo "== small uploads with ?wait (${BENCH_REQUESTS:-300} requests, 4 clients)"
small=$(timeout 600 python3 Benchmarks/server_client.py small --port "$port" --requests "${BENCH_REQUESTS:-300}" --concurrency 4)
echo "$small"
echo "== 20 clients upload ~${BENCH_MEGABYTES:-100} MB archives at once"
large=$(timeout 900 python3 Benchmarks/server_client.py large --port "$port" --pid "$server_pid" --clients 20 \
  --megabytes "${BENCH_MEGABYTES:-100}" --workdir "$work")
echo "$large"
printf '{"small": %s, "large": %s}\n' "$small" "$large" > Benchmarks/out/server.json
echo "figures written to Benchmarks/out/server.json"
