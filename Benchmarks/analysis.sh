#!/usr/bin/env bash
# Whole-analysis benchmark: a large project (the shared corpus plus 5,000 generated Swift
# and Objective-C sources, see Benchmarks/bench-analysis/ProjectGenerator.swift) measured
# as (a) archive reading + IB parsing, (b) the same + source indexing, (c) the full
# analysis with its JSON report; medians of wall and CPU time, on one core and on two.
# Goals: c <= 1.3x a; c faster on 2 cores than on 1.
#
#   Benchmarks/analysis.sh [ITERATIONS]   (default 5; corpus: $NIBSCAN_SHARED_DIR or ../shared)
set -euo pipefail
cd "$(dirname "$0")/.."
iterations="${1:-5}"
out=Benchmarks/out
mkdir -p "$out"
swift build -c release --static-swift-stdlib --product bench-analysis >&2

project=$(mktemp -d "${TMPDIR:-/tmp}/nibscan-bench-analysis.XXXXXX")
trap 'rm -rf "$project"' EXIT
.build/release/bench-analysis --generate "$project/LargeApp" >&2

# Measure the zip when the archive reader handles it, else the folder.
target="$project/LargeApp"
if command -v zip >/dev/null && (cd "$project" && zip -qr LargeApp.zip LargeApp) \
   && .build/release/bench-analysis --threads 1 --iterations 1 "$target.zip" >/dev/null 2>&1; then
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

# The (c) line's wall and CPU seconds of one run's output.
full_wall() { sed -n 's/^(c)[^:]*: *\([0-9.]*\) s wall.*/\1/p' <<<"$1"; }
full_cpu() { sed -n 's/^(c)[^:]*: *[0-9.]* s wall, \([0-9.]*\) s CPU.*/\1/p' <<<"$1"; }

{
  echo "== project: $(basename "$target"); machine load: $(uptime | sed 's/.*load average/load average/') =="
  echo "== 1 core (taskset -c 0) =="
  one=$(run 0 1)
  echo "$one"
  echo "== 2 cores (taskset -c 0,1) =="
  two=$(run 0,1 2)
  echo "$two"
  echo "== 2-core speed-up of (c): $(python3 -c "print(f'{$(full_wall "$one")/$(full_wall "$two"):.2f}x wall')") (CPU $(full_cpu "$one") s on 1 core, $(full_cpu "$two") s on 2) =="
  echo "== machine load after: $(uptime | sed 's/.*load average/load average/') =="
} | tee "$out/analysis.txt"
