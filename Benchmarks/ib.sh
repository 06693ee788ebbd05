#!/usr/bin/env bash
# Interface Builder parsing throughput: bench-ib (InterfaceBuilderParser, full model) against
# `xmllint --stream --noout` (libxml2's reader, no model) on the same files, both pinned to
# one core. Goal: bench-ib's time within 1.5x of xmllint's.
#
#   Benchmarks/ib.sh [ITERATIONS]    (default 20; corpus: $NIBSCAN_SHARED_DIR or ../shared)
set -euo pipefail
cd "$(dirname "$0")/.."
iterations="${1:-20}"
shared="${NIBSCAN_SHARED_DIR:-../shared}"
corpus="$shared/corpus/ib"
out=Benchmarks/out
mkdir -p "$out"
command -v xmllint >/dev/null || { echo "ib.sh: xmllint not found (apt-get install libxml2-utils)" >&2; exit 2; }
[ -d "$corpus" ] || { echo "ib.sh: no corpus at $corpus" >&2; exit 2; }
pin=()
command -v taskset >/dev/null && pin=(taskset -c 0)

swift build -c release --static-swift-stdlib --product bench-ib >&2
mapfile -d '' files < <(find "$corpus" -type f \( -name '*.xib' -o -name '*.storyboard' -o -name '*.nib' \) -print0 | sort -z)
echo "ib.sh: ${#files[@]} files, $iterations iterations, pinned: ${pin[*]:-no}" >&2

# Alternate rounds of both tools so that a change in machine load hits both alike; keep
# each tool's best iteration.
rounds=5
per_round=$(( (iterations + rounds - 1) / rounds ))
best_bench="" best_xmllint="" bench_output=""
for _ in $(seq "$rounds"); do
  output=$("${pin[@]}" .build/release/bench-ib --iterations "$per_round" "${files[@]}")
  ms=$(sed -n 's/^best: \([0-9.]*\) ms.*/\1/p' <<<"$output")
  if [ -z "$best_bench" ] || awk -v a="$ms" -v b="$best_bench" 'BEGIN { exit !(a < b) }'; then
    best_bench=$ms
    bench_output=$output
  fi
  for _ in $(seq "$per_round"); do
    start=$(date +%s%N)
    "${pin[@]}" xmllint --stream --noout "${files[@]}" 2>/dev/null || true
    elapsed=$(( $(date +%s%N) - start ))
    if [ -z "$best_xmllint" ] || [ "$elapsed" -lt "$best_xmllint" ]; then best_xmllint=$elapsed; fi
  done
done
bench_ms=$best_bench
xmllint_ms=$(awk -v ns="$best_xmllint" 'BEGIN { printf "%.1f", ns / 1e6 }')
ratio=$(awk -v a="$bench_ms" -v b="$xmllint_ms" 'BEGIN { printf "%.2f", a / b }')

{
  echo "== bench-ib (best round of $rounds x $per_round iterations) =="
  echo "$bench_output"
  echo "== xmllint --stream --noout (one process per iteration, best of $((rounds * per_round))) =="
  echo "best: $xmllint_ms ms"
  echo "== ratio bench-ib / xmllint: ${ratio}x (goal <= 1.5x) =="
} | tee "$out/ib.txt"
