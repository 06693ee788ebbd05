#!/usr/bin/env bash
# Archive benchmark: nibscan's zip reader against `unzip -p` of the same entries.
#
# Builds archives of two sizes (default 200 MB and 800 MB) holding the shared corpus
# several times over (the entries the analysis reads) plus incompressible filler images
# (which both tools must skip), then times each tool pinned to one core and records peak
# memory. The needed entries are the same in both archives, so a reader whose memory
# follows the archive size would show it. Results: Benchmarks/out/archive/results.md.
#
# Knobs: ARCHIVE_BENCH_SIZES_MB ("200 800"), ARCHIVE_BENCH_COPIES (8), ARCHIVE_BENCH_RUNS (5).
set -euo pipefail
cd "$(dirname "$0")/.."

sizes=${ARCHIVE_BENCH_SIZES_MB:-"200 800"}
copies=${ARCHIVE_BENCH_COPIES:-8}
runs=${ARCHIVE_BENCH_RUNS:-5}
corpus=$(realpath "${NIBSCAN_SHARED_DIR:-../shared}/corpus/ib")
out=Benchmarks/out/archive
work=$out/work
rm -rf "$work/project"
mkdir -p "$work/project" "$work/filler/Assets"

swift build -c release --product bench-archive >&2
bench="$(swift build -c release --show-bin-path)/bench-archive"
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

# measure LABEL COMMAND...: median wall seconds and peak RSS (KiB) over `runs` runs on core 0.
measure() {
  local label=$1; shift
  "$@" > /dev/null  # warm-up, page cache filled
  local times=() peak=0
  for _ in $(seq "$runs"); do
    /usr/bin/time -f "%e %M" -o "$out/time.txt" taskset -c 0 "$@" > /dev/null
    read -r seconds rss < "$out/time.txt"
    times+=("$seconds")
    [ "$rss" -gt "$peak" ] && peak=$rss
  done
  median=$(printf '%s\n' "${times[@]}" | sort -n | sed -n "$(( (runs + 1) / 2 ))p")
  echo "$label $median $peak"
}

report=$out/results.md
{
  echo "# Archive benchmark ($(date -u +%Y-%m-%dT%H:%MZ), median of $runs runs, one core)"
  echo
  echo "corpus copies: $copies; base archive of needed entries: ${base_mb} MB"
  echo
  echo "| archive | entries | read | inflated MB | nibscan s | unzip -p s | ratio | nibscan peak RSS MB | unzip peak RSS MB |"
  echo "|---|---|---|---|---|---|---|---|---|"
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
  read -r _ ours ours_rss <<< "$(measure nibscan "$bench" "$archive")"
  read -r _ theirs theirs_rss <<< "$(measure unzip unzip -p "$archive" "${matching[@]}")"
  ratio=$(awk -v a="$ours" -v b="$theirs" 'BEGIN { printf "%.2f", a / b }')
  printf '| %s MB | %s | %s | %s | %s | %s | %sx | %s | %s |\n' \
    "$(( $(stat -c %s "$archive") / 1048576 ))" "$entries" "$read_count" "$(( inflated / 1048576 ))" \
    "$ours" "$theirs" "$ratio" "$(( ours_rss / 1024 ))" "$(( theirs_rss / 1024 ))" >> "$report"
done
rm -f "$out/time.txt"
cat "$report"
