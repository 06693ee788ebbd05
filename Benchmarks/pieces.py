#!/usr/bin/env python3
"""Side-by-side wall times of several builds of bench-analysis: the project's own speed
machinery against the standard facility each piece replaces (issue 37).

    Benchmarks/pieces.py [--synthetic ZIP] ROUNDS NAME=BENCH_BINARY [NAME=BENCH_BINARY ...]

The first NAME is the reference. Every project of ../shared/realworld ($NIBSCAN_SHARED_DIR)
is zipped once; for each project, on one core (taskset -c 0, one thread) and on two
(taskset -c 0,1, two threads), the builds take turns ROUNDS times (the order rotating
every round, so a slow spell falls on all alike), each run `BENCH --threads T --report
/dev/null ZIP` as `nibscan analyze` is run (process start included). Prints, per project,
the best wall time of each build and its change against the reference, then for the
projects whose reference analysis takes over 50 ms on one core the sum per build. Writes
Benchmarks/out/pieces.tsv. --synthetic adds a zip measured the same way (the generated
project of Benchmarks/analysis.sh: `bench-analysis --generate DIR`, zipped).
"""
import os
import shutil
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
SHARED = os.environ.get("NIBSCAN_SHARED_DIR", os.path.join(HERE, "..", "..", "shared"))


def wall(binary, threads, cores, archive):
    command = ["taskset", "-c", cores, binary, "--threads", str(threads), "--report", "/dev/null", archive]
    started = time.monotonic()
    result = subprocess.run(command, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    elapsed = time.monotonic() - started
    if result.returncode != 0:
        sys.exit(f"pieces: {' '.join(command)} failed: {result.stderr.decode()[-300:]}")
    return elapsed


def main():
    arguments = sys.argv[1:]
    synthetic = None
    if arguments[:1] == ["--synthetic"]:
        synthetic, arguments = arguments[1], arguments[2:]
    if len(arguments) < 3:
        sys.exit(__doc__)
    rounds = int(arguments[0])
    builds = [argument.split("=", 1) for argument in arguments[1:]]
    realworld = os.path.join(SHARED, "realworld")
    projects = sorted(name for name in os.listdir(realworld) if os.path.isdir(os.path.join(realworld, name)))
    if synthetic:
        projects.append("synthetic")
    work = tempfile.mkdtemp(prefix="nibscan-pieces-")
    rows = []
    try:
        for project in projects:
            archive = os.path.join(work, project + ".zip")
            if project == "synthetic":
                shutil.copy(synthetic, archive)
            else:
                subprocess.run(["zip", "-qr", archive, project], cwd=realworld, check=True)
            best = {}
            for threads, cores in ((1, "0"), (2, "0,1")):
                for turn in range(rounds):
                    order = builds[turn % len(builds):] + builds[:turn % len(builds)]
                    for name, binary in order:
                        key = (name, threads)
                        best[key] = min(best.get(key, 1e9), wall(binary, threads, cores, archive))
            os.remove(archive)
            row = [project] + [best[(name, threads)] for threads in (1, 2) for name, _ in builds]
            rows.append(row)
            reference1, reference2 = best[(builds[0][0], 1)], best[(builds[0][0], 2)]
            changes = "  ".join(f"{name}: {best[(name, 1)] * 1000:7.1f} ({(best[(name, 1)] / reference1 - 1) * 100:+5.1f}%)"
                                f" {best[(name, 2)] * 1000:7.1f} ({(best[(name, 2)] / reference2 - 1) * 100:+5.1f}%)"
                                for name, _ in builds)
            print(f"{project:32s} {changes}", flush=True)
    finally:
        shutil.rmtree(work, ignore_errors=True)
    names = [name for name, _ in builds]
    large = [row for row in rows if row[1] > 0.050]
    print(f"\nprojects over 50 ms on one core ({len(large)}): sum of best wall times, ms (change against {names[0]})")
    for index, name in enumerate(names):
        one = sum(row[1 + index] for row in large)
        two = sum(row[1 + len(names) + index] for row in large)
        one_reference = sum(row[1] for row in large)
        two_reference = sum(row[1 + len(names)] for row in large)
        print(f"  {name:12s} 1 core {one * 1000:8.1f} ({(one / one_reference - 1) * 100:+5.1f}%)   "
              f"2 cores {two * 1000:8.1f} ({(two / two_reference - 1) * 100:+5.1f}%)")
    everything = [(name, sum(row[1 + index] for row in rows), sum(row[1 + len(names) + index] for row in rows))
                  for index, name in enumerate(names)]
    print(f"all {len(rows)} projects: " + ", ".join(f"{name} {one * 1000:.0f}/{two * 1000:.0f} ms" for name, one, two in everything))
    os.makedirs(os.path.join(HERE, "out"), exist_ok=True)
    with open(os.path.join(HERE, "out", "pieces.tsv"), "w", encoding="utf-8") as table:
        table.write("project\t" + "\t".join(f"{name}_1core_s" for name in names) + "\t" + "\t".join(f"{name}_2core_s" for name in names) + "\n")
        for row in rows:
            table.write(row[0] + "\t" + "\t".join(f"{value:.4f}" for value in row[1:]) + "\n")


if __name__ == "__main__":
    main()
