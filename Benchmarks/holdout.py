#!/usr/bin/env python3
"""Holdout figures: nibscan's errors and warnings on the 21 projects added to
../shared/realworld/ on 2026-12-04, judged against the independent hand review there.

  precision   of the errors and warnings matched to a row of independent-review.tsv
              (by repository, rule and the first location's path:line; failing that, by
              repository, rule and any location in common), the share whose verdict is
              `real`; a finding with no row is counted as unreviewed, apart
  kept        of the review's `real` rows, how many are still reported: as error or warning
              where the review found the severity right, at any severity (info included)
              where it found it too high
  strategies  of the classes of independent-strategies.tsv, how many nibscan gives exactly
              the same loading strategies (the report's classes[].strategies, id[:variant],
              sorted and joined with '+'; a class the report does not list gives '')

Three groups: the ten holdout projects (never looked at while nibscan is tuned), the other
new projects, and all 21. Only aggregate figures are printed, unless --details is given
(which lists every finding and class: do not use it on the holdout while tuning).

Usage: Benchmarks/holdout.py [--binary PATH] [--details] [--json OUT] [--jobs N]
Exit status 1 when the binary fails on a project.
"""
import argparse
import collections
import concurrent.futures
import csv
import json
import os
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from recall import GATED, HOLDOUT, REALWORLD, TIMEOUT, default_binary  # noqa: E402

REVIEW = os.path.join(REALWORLD, "independent-review.tsv")
STRATEGIES = os.path.join(REALWORLD, "independent-strategies.tsv")
MANIFEST = os.path.join(REALWORLD, "MANIFEST.tsv")
FIRST_REVIEWED = 25  # MANIFEST.tsv lists the first 25 projects (docs/realworld-review.md) first


def folder_of(repo):
    return repo.replace("/", "__")


def read_tsv(path):
    with open(path, newline="") as handle:
        return list(csv.DictReader(handle, delimiter="\t"))


def new_projects():
    """The folders of the 21 projects added on 2026-12-04 (MANIFEST.tsv after the first 25)."""
    rows = read_tsv(MANIFEST)
    return [folder_of(row["repo"]) for row in rows[FIRST_REVIEWED:]]


def analyse(binary, project):
    folder = os.path.join(REALWORLD, project)
    try:
        run = subprocess.run([binary, "analyze", folder, "--fail-on", "never", "--format", "json"],
                             capture_output=True, timeout=TIMEOUT)
    except subprocess.TimeoutExpired:
        return None, f"{project}: over the {TIMEOUT} s timeout"
    if run.returncode != 0:
        return None, f"{project}: exit {run.returncode}: {run.stderr.decode(errors='replace').strip()[:300]}"
    try:
        return json.loads(run.stdout), None
    except ValueError as error:
        return None, f"{project}: no JSON report: {error}"


def strategies(entry):
    ids = []
    for strategy in entry.get("strategies", []):
        ids.append(strategy["id"] + (":" + strategy["variant"] if strategy.get("variant") else ""))
    return "+".join(sorted(ids))


def locations_of(text):
    places = []
    for part in (text or "").split("|"):
        part = part.strip()
        if ":" in part:
            path, line = part.rsplit(":", 1)
            places.append((path, line.strip()))
    return places


def match(finding, rows):
    """The review row of a finding: same rule and first location, else any common location."""
    locations = [(l.get("path", ""), str(l.get("line", 0))) for l in finding.get("locations") or []]
    if not locations:
        return None
    candidates = [r for r in rows if r["rule"] == finding["rule"]]
    for row in candidates:
        if row["_places"] and row["_places"][0] == locations[0]:
            return row
    for row in candidates:
        if set(row["_places"]) & set(locations):
            return row
    return None


def figures(projects, reports, review, truth):
    counts = collections.Counter()
    details = []
    matched_rows = set()
    info_rows = set()
    for project in projects:
        report = reports[project]
        rows = review.get(project, [])
        for finding in report["findings"]:
            if finding["severity"] not in GATED:
                row = match(finding, rows)
                if row is not None:
                    info_rows.add(id(row))
                continue
            counts["reported"] += 1
            row = match(finding, rows)
            location = (finding.get("locations") or [{}])[0]
            at = f"{location.get('path', '')}:{location.get('line', 0)}"
            if row is None:
                counts["unreviewed"] += 1
                details.append(f"{project}\t{finding['rule']}\t{finding['severity']}\t{at}\tunreviewed")
                continue
            matched_rows.add(id(row))
            verdict = row["verdict"]
            counts[verdict] += 1
            if verdict == "real" and row.get("severity_ok") == "ok":
                counts["real_severity_ok"] += 1
            details.append(f"{project}\t{finding['rule']}\t{finding['severity']}\t{at}\t{verdict}"
                           f" (severity {row.get('severity_ok') or '?'})")
        for row in rows:
            if row["verdict"] == "real":
                counts["review_real"] += 1
                too_high = row.get("severity_ok") == "too-high"
                if id(row) in matched_rows or (too_high and id(row) in info_rows):
                    counts["review_real_kept"] += 1
        for row in truth.get(project, []):
            entry = next((c for c in report.get("classes", []) if c["name"] == row["class"]), None)
            got = strategies(entry) if entry else ""
            counts["classes"] += 1
            same = got == row["strategies"]
            counts["agree"] += same
            details.append(f"{project}\tclass {row['class']}\texpected {row['strategies']}\tnibscan {got or '(not listed)'}"
                           f"\t{'agrees' if same else 'differs'}")
    return counts, details


def percent(part, whole):
    return f"{100 * part / whole:.1f}%" if whole else "n/a"


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--binary", default=default_binary())
    parser.add_argument("--details", action="store_true", help="list every finding and class (not blind)")
    parser.add_argument("--json", help="write the aggregate figures here")
    parser.add_argument("--jobs", type=int, default=2)
    options = parser.parse_args()
    for path in (REVIEW, STRATEGIES, MANIFEST):
        if not os.path.exists(path):
            sys.exit(f"holdout: no {path} (set NIBSCAN_SHARED_DIR)")
    if not os.access(options.binary, os.X_OK):
        sys.exit(f"holdout: no binary {options.binary}")

    added = new_projects()
    missing = [p for p in HOLDOUT if p not in added]
    if missing or len(added) != 21:
        sys.exit(f"holdout: MANIFEST.tsv does not list the 21 new projects as expected (holdout not among them: {missing})")
    review = collections.defaultdict(list)
    for row in read_tsv(REVIEW):
        row["_places"] = locations_of(row["locations"])
        review[folder_of(row["repo"])].append(row)
    truth = collections.defaultdict(list)
    for row in read_tsv(STRATEGIES):
        truth[folder_of(row["repo"])].append(row)
    strays = sorted((set(review) | set(truth)) - set(added))
    if strays:
        print(f"holdout: note: review rows for projects outside the 21: {', '.join(strays)}", file=sys.stderr)

    reports, failures = {}, []
    with concurrent.futures.ThreadPoolExecutor(max_workers=max(1, options.jobs)) as pool:
        for project, (report, error) in zip(added, pool.map(lambda p: analyse(options.binary, p), added)):
            if error:
                failures.append(error)
            else:
                reports[project] = report
    if failures:
        for failure in failures:
            print(f"holdout: the binary failed: {failure}", file=sys.stderr)
        return 1

    groups = [("holdout (10)", [p for p in added if p in HOLDOUT]),
              (f"other new ({len(added) - len(HOLDOUT)})", [p for p in added if p not in HOLDOUT]),
              (f"all new ({len(added)})", added)]
    document = {"binary": options.binary, "groups": {}}
    print(f"== holdout: {options.binary} against independent-review.tsv and independent-strategies.tsv ==")
    print(f"{'group':<18} {'err+warn':>8} {'real':>5} {'false':>6} {'unrev.':>7} {'precision':>10} "
          f"{'real kept':>12} {'strategies agree':>18}")
    for label, projects in groups:
        counts, details = figures(projects, reports, review, truth)
        reviewed = counts["real"] + counts["false"]
        kept = f"{counts['review_real_kept']}/{counts['review_real']}"
        agree = f"{counts['agree']}/{counts['classes']} ({percent(counts['agree'], counts['classes'])})"
        print(f"{label:<18} {counts['reported']:>8} {counts['real']:>5} {counts['false']:>6} {counts['unreviewed']:>7} "
              f"{percent(counts['real'], reviewed):>10} {kept:>12} {agree:>18}")
        document["groups"][label] = {
            "projects": projects, "errors_and_warnings": counts["reported"], "real": counts["real"],
            "real_severity_ok": counts["real_severity_ok"], "false": counts["false"],
            "unreviewed": counts["unreviewed"],
            "precision": counts["real"] / reviewed if reviewed else None,
            "review_real": counts["review_real"], "review_real_kept": counts["review_real_kept"],
            "classes": counts["classes"], "strategies_agree": counts["agree"],
        }
        if options.details:
            document["groups"][label]["details"] = details
    print("precision = real / (real + false) over the errors and warnings that match a review row; "
          "unreviewed ones are apart. 'real kept': review rows judged real still reported (at info where the review found the severity too high).")
    if options.details:
        print("\n== details (all 21 projects; not blind) ==")
        _, details = figures(added, reports, review, truth)
        print("\n".join(details))
    if options.json:
        with open(options.json, "w") as handle:
            json.dump(document, handle, indent=1, sort_keys=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
