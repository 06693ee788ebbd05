#!/usr/bin/env python3
"""Strategy agreement: the loading strategies nibscan gives each hand-classified custom view
class of ../shared/realworld/, compared with both truth files.

  docs/realworld/truth.tsv                       the first review (columns project, class, expected)
  ../shared/realworld/independent-strategies.tsv the independent review (columns repo, class, strategies)

A class agrees when the report's classes[].strategies (id[:variant], sorted, joined with '+',
as scripts/realworld-review writes them; '' when the report does not list the class) equal
the truth row exactly.

The ten holdout projects (Benchmarks/recall.py's HOLDOUT list, repeated here) are left out
unless --holdout is given; with --holdout only the holdout is measured and only aggregate
counts are printed (no class, no project), so it can be run while nibscan is tuned.

Usage: Benchmarks/strategies.py [--binary PATH] [--holdout] [--jobs N]
Exit status 1 when the binary fails on a project.
"""
import argparse
import concurrent.futures
import csv
import json
import os
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SHARED = os.environ.get("NIBSCAN_SHARED_DIR", os.path.join(os.path.dirname(ROOT), "shared"))
REALWORLD = os.path.join(SHARED, "realworld")
TRUTH = os.path.join(ROOT, "docs", "realworld", "truth.tsv")
INDEPENDENT = os.path.join(REALWORLD, "independent-strategies.tsv")
HOLDOUT = {
    "tinode__ios", "LoopKit__Loop", "Coding__Coding-iOS", "coteditor__CotEditor",
    "JohnCoates__Aerial", "MLSDev__LoadableViews", "annabd351__MrRoboto",
    "mssun__passforios", "eczarny__spectacle", "jakob__TableTool",
}
TIMEOUT = 600


def read_tsv(path):
    with open(path, newline="") as handle:
        return list(csv.DictReader(handle, delimiter="\t"))


def truth_rows(holdout):
    """(source, project folder, class, expected) of both truth files, holdout or not."""
    rows = [("truth", r["project"], r["class"], r["expected"]) for r in read_tsv(TRUTH)]
    rows += [("independent", r["repo"].replace("/", "__"), r["class"], r["strategies"])
             for r in read_tsv(INDEPENDENT)]
    return [row for row in rows if (row[1] in HOLDOUT) == holdout]


def strategies(entry):
    ids = [s["id"] + (":" + s["variant"] if s.get("variant") else "") for s in entry.get("strategies", [])]
    return "+".join(sorted(ids))


def analyse(binary, project):
    run = subprocess.run([binary, "analyze", os.path.join(REALWORLD, project), "--fail-on", "never",
                          "--format", "json"], capture_output=True, timeout=TIMEOUT)
    if run.returncode != 0:
        sys.exit(f"strategies: nibscan failed on a project (exit {run.returncode})")
    return {entry["name"]: strategies(entry) for entry in json.loads(run.stdout)["classes"]}


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--binary", default=os.path.join(ROOT, ".build", "debug", "nibscan"))
    parser.add_argument("--holdout", action="store_true", help="measure only the holdout, aggregate counts only")
    parser.add_argument("--jobs", type=int, default=2)
    options = parser.parse_args()
    rows = truth_rows(options.holdout)
    projects = sorted({row[1] for row in rows})
    with concurrent.futures.ThreadPoolExecutor(options.jobs) as pool:
        reports = dict(zip(projects, pool.map(lambda p: analyse(options.binary, p), projects)))
    totals = {}
    for source, project, klass, expected in rows:
        got = reports[project].get(klass, "")
        agree, count = totals.get(source, (0, 0))
        totals[source] = (agree + (got == expected), count + 1)
        if not options.holdout and got != expected:
            print(f"DIFF\t{source}\t{project}\t{klass}\texpected={expected}\tgot={got}")
    group = "holdout" if options.holdout else "non-holdout"
    for source in ("truth", "independent"):
        agree, count = totals.get(source, (0, 0))
        print(f"{group} {source}: {agree}/{count} agree")
    agree = sum(a for a, _ in totals.values())
    count = sum(c for _, c in totals.values())
    print(f"{group} all: {agree}/{count} agree ({100 * agree / count:.1f}%)" if count else f"{group}: no rows")


if __name__ == "__main__":
    main()
