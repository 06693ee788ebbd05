#!/usr/bin/env bash
# Benchmarks the HTTP service on loopback (run with `scripts/bench server`):
#  1. analyses per second and latency percentiles for small uploads with ?wait (the
#     bundled example project, every stage of the analysis);
#  2. peak server RSS while 20 clients upload ~100 MB archives at once (streaming keeps
#     it flat: uploads go to disk, never whole into memory).
# Figures go to stdout and Benchmarks/out/server.json. Bounded: each phase has a timeout.
set -euo pipefail
cd "$(dirname "$0")/.."
swift build -c release --static-swift-stdlib --product nibscan >&2
mkdir -p Benchmarks/out
. scripts/serve-background.sh
work=$(mktemp -d)
trap 'stop_server; rm -rf "$work"' EXIT
start_server .build/release/nibscan "$work/server.log" --data-dir "$work/data" --max-body-bytes 209715200

(cd Examples && zip -qr "$work/example.zip" SampleApp)
echo "== the bundled example ($(wc -c < "$work/example.zip") bytes) uploaded with ?wait (${BENCH_REQUESTS:-300} requests, 4 clients)"
small=$(timeout 600 python3 Benchmarks/server_client.py small --port "$port" --requests "${BENCH_REQUESTS:-300}" --concurrency 4 \
  --zip "$work/example.zip")
echo "$small"
echo "== 20 clients upload ~${BENCH_MEGABYTES:-100} MB archives at once"
large=$(timeout 900 python3 Benchmarks/server_client.py large --port "$port" --pid "$server_pid" --clients 20 \
  --megabytes "${BENCH_MEGABYTES:-100}" --workdir "$work")
echo "$large"
printf '{"small": %s, "large": %s}\n' "$small" "$large" > Benchmarks/out/server.json
echo "figures written to Benchmarks/out/server.json"
