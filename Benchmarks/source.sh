#!/usr/bin/env bash
# Source-index benchmark: generates 5,000 Swift/Objective-C files (seeded) and indexes
# them on one core; prints MB/s (goal: over 50 MB/s). Extra arguments go to bench-source,
# e.g. `Benchmarks/source.sh --folder path/to/project`.
set -euo pipefail
cd "$(dirname "$0")/.."
swift build -c release --static-swift-stdlib --product bench-source >/dev/null
mkdir -p Benchmarks/out
.build/release/bench-source "$@" | tee Benchmarks/out/source.txt
