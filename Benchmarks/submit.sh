#!/usr/bin/env bash
# Benchmarks `nibscan submit` on loopback (run with `scripts/bench submit`): a folder of
# ${BENCH_SUBMIT_MEGABYTES:-500} MB of incompressible files streamed to a local server, the
# client's peak RSS (it must stay flat: the zip is produced while it is sent, never whole
# in memory) and the upload-plus-analysis time. Figures go to stdout and
# Benchmarks/out/submit.json. Bounded: the submission has a timeout.
set -euo pipefail
cd "$(dirname "$0")/.."
swift build -c release --static-swift-stdlib --product nibscan >&2
mkdir -p Benchmarks/out
. scripts/serve-background.sh
work=$(mktemp -d)
trap 'stop_server; rm -rf "$work"' EXIT
megabytes=${BENCH_SUBMIT_MEGABYTES:-500}
start_server .build/release/nibscan "$work/server.log" --data-dir "$work/data" --max-body-bytes $(( (megabytes + 16) * 1048576 ))
mkdir -p "$work/project/App"
cp -r Examples/SampleApp/. "$work/project/App/"
for index in $(seq 1 "$megabytes"); do
  head -c 1048576 /dev/urandom > "$work/project/App/blob-$index.bin"
done
echo "== nibscan submit of a ${megabytes} MB folder"
started=$(date +%s.%N)
set +e
/usr/bin/time -v -o "$work/time.txt" timeout 900 .build/release/nibscan submit "$work/project" \
  --server "http://127.0.0.1:$port" --fail-on never --timeout 800 --output "$work/report.json"
status=$?
set -e
finished=$(date +%s.%N)
[ "$status" -eq 0 ] || { cat "$work/time.txt" >&2; echo "submit failed with status $status" >&2; exit 1; }
rss_kb=$(sed -n 's/.*Maximum resident set size (kbytes): //p' "$work/time.txt")
seconds=$(python3 -c "print(round($finished - $started, 2))")
rate=$(python3 -c "print(round($megabytes / ($finished - $started), 1))")
figures=$(printf '{"megabytes": %s, "seconds": %s, "megabytesPerSecond": %s, "clientPeakRSSMiB": %s}' \
  "$megabytes" "$seconds" "$rate" "$(python3 -c "print(round($rss_kb / 1024, 1))")")
echo "$figures"
echo "$figures" > Benchmarks/out/submit.json
echo "figures written to Benchmarks/out/submit.json"
