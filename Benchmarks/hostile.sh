#!/usr/bin/env bash
# Pathological inputs of issue 17 (Benchmarks/hostile_inputs.py), each at n, 2n, 4n and 8n:
# wall time, peak RSS (/usr/bin/time), the growth factor per doubling (about 2 is linear,
# 4 quadratic) and how the analysis ended (report, or the refusal on stderr / in files[]).
#
#   Benchmarks/hostile.sh            (release build; NIBSCAN_BIN=path to measure another binary)
#   HOSTILE_KINDS="swift-cycle attributes" HOSTILE_TIMEOUT=60 Benchmarks/hostile.sh
set -euo pipefail
cd "$(dirname "$0")/.."
out=Benchmarks/out
mkdir -p "$out"
if [ -z "${NIBSCAN_BIN:-}" ]; then
  swift build -c release --static-swift-stdlib --product nibscan >&2
  NIBSCAN_BIN=.build/release/nibscan
fi
timeout_seconds="${HOSTILE_TIMEOUT:-120}"
kinds="${HOSTILE_KINDS:-swift-cycle objc-cycle swift-chain objc-chain attributes elements zip-entries}"
work=$(mktemp -d "${TMPDIR:-/tmp}/nibscan-bench-hostile.XXXXXX")
trap 'rm -rf "$work"' EXIT

base_size() {
  case "$1" in
    swift-cycle|objc-cycle) echo 500 ;;
    swift-chain|objc-chain) echo 2500 ;;
    attributes) echo 10000 ;;
    elements) echo 250000 ;;
    zip-entries) echo 8191 ;;
  esac
}

{
  echo "== binary: $NIBSCAN_BIN; machine load: $(uptime | sed 's/.*load average/load average/') =="
  printf '%-12s %9s %9s %9s %10s  %s\n' input n wall_s growth peak_MiB outcome
  for kind in $kinds; do
    n=$(base_size "$kind")
    previous=""
    for step in 1 2 4 8; do
      size=$((n * step))
      # The last zip step is exactly 65,535 entries: the most a zip holds without ZIP64.
      [ "$kind" = zip-entries ] && [ "$step" -eq 8 ] && size=65535
      input="$work/$kind-$size"
      [ "$kind" = zip-entries ] && input="$input.zip"
      python3 Benchmarks/hostile_inputs.py "$kind" "$size" "$input"
      set +e
      /usr/bin/time -f '%e %M' -o "$work/time" timeout "$timeout_seconds" "$NIBSCAN_BIN" analyze "$input" --fail-on never \
        > "$work/report.json" 2> "$work/stderr"
      status=$?
      set -e
      read -r wall peak_kb < <(tail -1 "$work/time")
      if [ "$status" -eq 124 ]; then
        outcome="killed after ${timeout_seconds} s"; wall=">$timeout_seconds"
      elif [ "$status" -le 1 ]; then
        outcome=$(python3 -c 'import json,sys
r = json.load(open(sys.argv[1]))
errors = [f["reason"] for f in r["files"] if f.get("status") == "error"]
notes = r.get("notes") or []
print("report" + (": " + errors[0] if errors else "") + ("; note: " + notes[0][:70] + "…" if notes and not errors else ""))' "$work/report.json")
      else
        outcome="exit $status: $(head -c 100 "$work/stderr")"
      fi
      growth=$(python3 -c "import sys; p, w = sys.argv[1], sys.argv[2]
print('-' if not p or w.startswith('>') or p.startswith('>') or float(p) == 0 else f'{float(w) / float(p):.2f}x')" "$previous" "$wall")
      printf '%-12s %9s %9s %9s %10s  %s\n' "$kind" "$size" "$wall" "$growth" "$((peak_kb / 1024))" "$outcome"
      previous="$wall"
      rm -rf "$input"
      [ "$status" -eq 124 ] && break
    done
  done
  echo "== machine load after: $(uptime | sed 's/.*load average/load average/') =="
} | tee "$out/hostile.txt"
