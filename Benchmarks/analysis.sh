#!/usr/bin/env bash
# Whole-analysis benchmark: a large project (the shared corpus plus 5,000 generated Swift
# and Objective-C sources) analysed by Analyzer, against reading it and parsing its
# Interface Builder files alone (and against reading + parsing + source indexing), on one
# core and on two. Goals: full analysis <= 1.3x reading + IB parsing; faster on 2 cores.
#
#   Benchmarks/analysis.sh [ITERATIONS]   (default 5; corpus: $NIBSCAN_SHARED_DIR or ../shared)
set -euo pipefail
cd "$(dirname "$0")/.."
iterations="${1:-5}"
out=Benchmarks/out
mkdir -p "$out"
swift build -c release --product bench-analysis >&2

project=$(mktemp -d "${TMPDIR:-/tmp}/nibscan-bench-analysis.XXXXXX")
trap 'rm -rf "$project"' EXIT
.build/release/bench-analysis --generate "$project/LargeApp" >&2

# Measure the zip when the archive reader handles it, else the folder.
target="$project/LargeApp"
if command -v zip >/dev/null && (cd "$project" && zip -qr LargeApp.zip LargeApp) \
   && .build/release/bench-analysis --threads 1 --iterations 1 "$project/LargeApp.zip" >/dev/null 2>&1; then
  target="$project/LargeApp.zip"
fi

run() {
  local cores="$1" threads="$2"
  if command -v taskset >/dev/null; then
    taskset -c "$cores" .build/release/bench-analysis --threads "$threads" --iterations "$iterations" "$target"
  else
    .build/release/bench-analysis --threads "$threads" --iterations "$iterations" "$target"
  fi
}

{
  echo "== project: $(basename "$target") =="
  echo "== 1 core (taskset -c 0) =="
  run 0 1
  echo "== 2 cores (taskset -c 0,1) =="
  run 0,1 2
} | tee "$out/analysis.txt"
