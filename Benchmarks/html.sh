#!/usr/bin/env bash
# HTML report benchmark (issue 36): for every project of ../shared/realworld/, the best CPU
# time (user + system, one core) of `nibscan analyze --format json` and of `--format html`
# (the scenes drawn and the page written), taking turns, and the page's size.
# Goals: no page over 5 MB; drawing and the page add at most 10% to the summed analysis.
#
#   Benchmarks/html.sh [RUNS]   (default 3; projects: $NIBSCAN_SHARED_DIR/realworld or ../shared/realworld)
set -euo pipefail
cd "$(dirname "$0")/.."
runs="${1:-3}"
realworld="${NIBSCAN_SHARED_DIR:-../shared}/realworld"
[ -d "$realworld" ] || { echo "bench html: no $realworld (set NIBSCAN_SHARED_DIR)" >&2; exit 2; }
mkdir -p Benchmarks/out
swift build -c release --product nibscan >&2
python3 - "$PWD/.build/release/nibscan" "$realworld" "$runs" Benchmarks/out/html.tsv <<'PY'
import os, subprocess, sys, tempfile
nibscan, realworld, runs, table = sys.argv[1], sys.argv[2], int(sys.argv[3]), sys.argv[4]
taskset = ["taskset", "-c", "0"] if subprocess.run(["which", "taskset"], capture_output=True).returncode == 0 else []

def cpu(project, fmt, output):
    line = subprocess.run(taskset + ["python3", "Benchmarks/cpu_time.py", nibscan, "analyze", project, "--format", fmt,
                                     "--output", output, "--fail-on", "never"], capture_output=True, text=True, check=True).stdout
    user, system = map(float, line.split()[:2])
    return user + system

rows = []
with tempfile.TemporaryDirectory() as work:
    for name in sorted(os.listdir(realworld)):
        project = os.path.join(realworld, name)
        if not os.path.isdir(project):
            continue
        best = {"json": float("inf"), "html": float("inf")}
        for _ in range(runs):
            for fmt in best:
                best[fmt] = min(best[fmt], cpu(project, fmt, os.path.join(work, "report." + fmt)))
        rows.append((name, best["json"], best["html"], os.path.getsize(os.path.join(work, "report.html"))))
with open(table, "w") as out:
    out.write("project\tjson_cpu_s\thtml_cpu_s\tpage_bytes\n")
    for row in rows:
        out.write(f"{row[0]}\t{row[1]:.4f}\t{row[2]:.4f}\t{row[3]}\n")
total_json, total_html = sum(r[1] for r in rows), sum(r[2] for r in rows)
largest = max(rows, key=lambda r: r[3])
print(f"bench html: {len(rows)} projects; summed CPU json {total_json:.2f} s, html {total_html:.2f} s ({100 * (total_html / total_json - 1):+.1f}%)")
print(f"bench html: largest page {largest[3] / 1e6:.2f} MB ({largest[0]}); table in {table}")
ok = largest[3] < 5_000_000 and total_html <= total_json * 1.10
print("bench html: goals " + ("met" if ok else "NOT met") + ": every page under 5 MB, at most +10% summed")
sys.exit(0 if ok else 1)
PY
