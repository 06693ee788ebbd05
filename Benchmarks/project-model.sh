#!/usr/bin/env bash
# Project-model benchmark: for each project of ../shared/realworld (or $NIBSCAN_SHARED_DIR/realworld),
# the CPU time of reading and modelling its project files (Xcode projects, packages,
# workspaces, dependency manifests) against its whole analysis, files in memory, one
# thread, the best of ITERATIONS runs of each, model and analysis taking turns. Goal: under
# 5% of each project's analysis.
#
#   Benchmarks/project-model.sh [ITERATIONS]   (default 9)
set -euo pipefail
cd "$(dirname "$0")/.."
iterations="${1:-9}"
out=Benchmarks/out
mkdir -p "$out"
swift build -c release --static-swift-stdlib --product bench-analysis >&2
shared="${NIBSCAN_SHARED_DIR:-../shared}"
{
  echo "== machine load: $(uptime | sed 's/.*load average/load average/') =="
  .build/release/bench-analysis --project-files --iterations "$iterations" "$shared/realworld"
} | tee "$out/project-model.txt"
