#!/usr/bin/env bash
# Recall benchmark: plants one bug at a time (a rename on one side only: outlet, action,
# inspectable, class, xib file, storyboard ID, segue ID) in copies of the projects of
# ../shared/realworld/ and counts how many nibscan reports as an error or warning at the
# planted place. The work is Benchmarks/recall.py (see its docstring); the ten holdout
# projects are reported in aggregate only.
#
#   Benchmarks/recall.sh [recall.py options, e.g. --projects a,b --max-per-kind 3 --jobs 2]
# NIBSCAN=path/to/nibscan measures that binary instead of building one.
set -euo pipefail
cd "$(dirname "$0")/.."
out=Benchmarks/out
mkdir -p "$out"
if [ -n "${NIBSCAN:-}" ]; then
  binary=$NIBSCAN
else
  swift build -c release --product nibscan >&2
  binary=$PWD/.build/release/nibscan
fi
python3 Benchmarks/recall.py --binary "$binary" --json "$out/recall.json" "$@" | tee "$out/recall.txt"
