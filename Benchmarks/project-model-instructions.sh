#!/usr/bin/env bash
# Project-model share in instructions: the same question as project-model.sh (what reading
# and modelling the project files adds to each project's analysis), counted by valgrind's
# callgrind instead of timed, so that the answer does not move with the machine's load.
# For each project of ../shared/realworld (or $NIBSCAN_SHARED_DIR/realworld), two runs of
# `bench-analysis --project-files --iterations 1`: one counting the instructions of
# `BuildModel.init` (one model), one those of `Analyzer.analyze` (the whole analysis,
# model included); two projects at a time.
#
#   Benchmarks/project-model-instructions.sh
# BENCH=path/to/bench-analysis measures another build (default: a release build of this one).
set -euo pipefail
cd "$(dirname "$0")/.."
out=Benchmarks/out
scripts/setup
command -v valgrind >/dev/null || { echo "project-model-instructions: valgrind is needed (scripts/setup installs it)" >&2; exit 2; }
mkdir -p "$out"
if [ -z "${BENCH:-}" ]; then
  swift build -c release --static-swift-stdlib --product bench-analysis >&2
  BENCH=$PWD/.build/release/bench-analysis
fi
bench=$BENCH
shared="$(cd "${NIBSCAN_SHARED_DIR:-../shared}" && pwd)"
work=$(mktemp -d "${TMPDIR:-/tmp}/nibscan-model-instructions.XXXXXX")
trap 'rm -rf "$work"' EXIT

# NAME: collects one project's two counts into $work/NAME.model and $work/NAME.analysis.
count() {
  local name=$1 part pattern
  mkdir -p "$work/$name.in"
  ln -s "$shared/realworld/$name" "$work/$name.in/$name"
  for part in model analysis; do
    if [ "$part" = model ]; then pattern='$s8Analysis10BuildModelV5files*'; else pattern='$s8Analysis8AnalyzerV7analyze5input11projectName*'; fi
    valgrind --tool=callgrind --callgrind-out-file="$work/$name.$part.cg" --toggle-collect="$pattern" \
      "$bench" --project-files --iterations 1 "$work/$name.in" >/dev/null 2>"$work/$name.$part.log"
    grep -m1 '^summary:' "$work/$name.$part.cg" | awk '{print $2}' > "$work/$name.$part"
  done
}
export -f count
export work bench shared
projects=$(cd "$shared/realworld" && for d in */; do echo "${d%/}"; done)
printf '%s\n' $projects | xargs -P2 -I{} bash -c 'count "$@"' _ {}
{
  echo "project | model instructions | analysis instructions | share"
  worst=0
  for name in $projects; do
    model=$(cat "$work/$name.model"); analysis=$(cat "$work/$name.analysis")
    awk -v n="$name" -v m="$model" -v a="$analysis" 'BEGIN { printf "%s | %d | %d | %.1f%%\n", n, m, a, 100 * m / a }'
  done
} | tee "$out/project-model-instructions.txt"
awk -F' \\| ' 'NR > 1 { gsub(/%/, "", $4); if ($4 + 0 > worst) worst = $4 + 0; if ($4 + 0 < 5) under++ } END { printf "largest share: %.1f%%, %d of %d under 5%% (goal: every project under 5%%)\n", worst, under, NR - 1 }' \
  "$out/project-model-instructions.txt" | tee -a "$out/project-model-instructions.txt"
