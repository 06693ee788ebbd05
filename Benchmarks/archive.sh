#!/usr/bin/env bash
# Archive benchmark: nibscan's zip reader against `unzip -p` of the same entries.
#
# Builds archives of two sizes (default 200 MB and 800 MB) holding the shared corpus
# several times over (the entries the analysis reads) plus incompressible filler images
# (which both tools must skip), then times each tool pinned to one core, alternating
# runs, and records peak memory. The needed entries are the same in both archives, so a
# reader whose memory followed the archive size would show it.
# Results: Benchmarks/out/archive/results.md.
#
# Knobs: ARCHIVE_BENCH_SIZES_MB ("200 800"), ARCHIVE_BENCH_COPIES (8), ARCHIVE_BENCH_RUNS (5).
set -euo pipefail
cd "$(dirname "$0")/.."

for tool in /usr/bin/time taskset zip unzip; do
  command -v "$tool" > /dev/null || { echo "archive bench: needs $tool (apt-get install time util-linux zip unzip)" >&2; exit 2; }
done

sizes=${ARCHIVE_BENCH_SIZES_MB:-"200 800"}
copies=${ARCHIVE_BENCH_COPIES:-8}
runs=${ARCHIVE_BENCH_RUNS:-5}
corpus=$(realpath "${NIBSCAN_SHARED_DIR:-../shared}/corpus/ib")
out=Benchmarks/out/archive
work=$out/work
rm -rf "$work/project"
mkdir -p "$work/project" "$work/filler/Assets"

swift build -c release --static-swift-stdlib --product bench-archive >&2
bench="$(swift build -c release --static-swift-stdlib --show-bin-path)/bench-archive"
patterns=('*.xib' '*.storyboard' '*.nib' '*.swift' '*.h' '*.m' '*.mm' '*project.pbxproj' '*Podfile' '*Cartfile')

# The corpus `copies` times over (zip follows the links and stores the files).
for copy in $(seq -w 1 "$copies"); do ln -sfn "$corpus" "$work/project/copy$copy"; done
base=$work/base-$copies.zip
if [ ! -f "$base" ]; then
  (cd "$work/project" && zip -q -r -X "../base-$copies.zip" .)
fi
base_mb=$(( $(stat -c %s "$base") / 1048576 ))

# Random 1 MiB images, created once and shared by the archive sizes.
largest=0
for size in $sizes; do [ "$size" -gt "$largest" ] && largest=$size; done
for index in $(seq -w 1 $(( largest - base_mb ))); do
  image="$work/filler/Assets/image$index.png"
  [ -f "$image" ] || head -c 1048576 /dev/urandom > "$image"
done

# timed COMMAND...: one run on core 0; prints "wall_seconds cpu_seconds peak_rss_kib".
timed() {
  /usr/bin/time -f "%e %U %S %M" -o "$out/time.txt" taskset -c 0 "$@" > /dev/null
  awk '{ printf "%s %.2f %s\n", $1, $2 + $3, $4 }' "$out/time.txt"
}

# median < numbers
median() {
  sort -n | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'
}

# compare ARCHIVE: runs nibscan and unzip alternately (so that load from other processes
# hits both alike); prints median wall and CPU seconds and peak RSS of each.
compare() {
  local archive=$1 ours=() theirs=()
  timed "$bench" "$archive" > /dev/null; timed unzip -p "$archive" "${matching[@]}" > /dev/null  # warm-up
  for _ in $(seq "$runs"); do
    ours+=("$(timed "$bench" "$archive")")
    theirs+=("$(timed unzip -p "$archive" "${matching[@]}")")
  done
  for side in ours theirs; do
    local -n rows=$side
    printf '%s %s %s ' \
      "$(printf '%s\n' "${rows[@]}" | cut -d' ' -f1 | median)" \
      "$(printf '%s\n' "${rows[@]}" | cut -d' ' -f2 | median)" \
      "$(printf '%s\n' "${rows[@]}" | cut -d' ' -f3 | sort -n | tail -1)"
  done
  echo
}

report=$out/results.md
{
  echo "# Archive benchmark ($(date -u +%Y-%m-%dT%H:%MZ), median of $runs runs, one core)"
  echo
  echo "corpus copies: $copies; base archive of needed entries: ${base_mb} MB"
  echo
  echo "Wall and CPU (user+sys) seconds are medians; runs alternate between the two tools."
  echo
  echo "| archive | entries | read | inflated MB | nibscan wall s | unzip -p wall s | wall ratio | nibscan CPU s | unzip -p CPU s | CPU ratio | nibscan peak RSS MB | unzip peak RSS MB |"
  echo "|---|---|---|---|---|---|---|---|---|---|---|---|"
} > "$report"

for size in $sizes; do
  archive=$work/archive-$size-$copies.zip
  if [ ! -f "$archive" ]; then
    cp "$base" "$archive"
    (cd "$work/filler" && ls Assets/*.png | head -n $(( size - base_mb )) | zip -q -0 -X "../$(basename "$archive")" -@)
  fi
  summary=$("$bench" "$archive")
  echo "bench-archive $archive: $summary" >&2
  entries=$(sed -E 's/.*entries=([0-9]+).*/\1/' <<< "$summary")
  read_count=$(sed -E 's/.* read=([0-9]+).*/\1/' <<< "$summary")
  inflated=$(sed -E 's/.*inflated_bytes=([0-9]+).*/\1/' <<< "$summary")
  # unzip fails on a pattern that matches nothing: keep those that match.
  matching=()
  for pattern in "${patterns[@]}"; do
    if unzip -Z1 "$archive" "$pattern" > /dev/null 2>&1; then matching+=("$pattern"); fi
  done
  unzip_count=$(unzip -Z1 "$archive" "${matching[@]}" | wc -l)
  if [ "$unzip_count" != "$read_count" ]; then
    echo "archive bench: unzip matches $unzip_count entries, nibscan read $read_count" >&2
    exit 1
  fi
  read -r ours ours_cpu ours_rss theirs theirs_cpu theirs_rss <<< "$(compare "$archive")"
  ratio=$(awk -v a="$ours" -v b="$theirs" 'BEGIN { printf "%.2f", a / b }')
  cpu_ratio=$(awk -v a="$ours_cpu" -v b="$theirs_cpu" 'BEGIN { printf "%.2f", a / b }')
  printf '| %s MB | %s | %s | %s | %s | %s | %sx | %s | %s | %sx | %s | %s |\n' \
    "$(( $(stat -c %s "$archive") / 1048576 ))" "$entries" "$read_count" "$(( inflated / 1048576 ))" \
    "$ours" "$theirs" "$ratio" "$ours_cpu" "$theirs_cpu" "$cpu_ratio" "$(( ours_rss / 1024 ))" "$(( theirs_rss / 1024 ))" >> "$report"
done
rm -f "$out/time.txt"
cat "$report"
