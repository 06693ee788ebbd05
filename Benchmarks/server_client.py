#!/usr/bin/env python3
"""Load client for the nibscan HTTP service (stdlib only, loopback only, bounded).

  server_client.py small --port P[,P...] [--requests N] [--concurrency C] [--zip FILE]
      uploads a small archive N times with ?wait=60 from C threads, spread over the ports
      (nodes) in turn; prints analyses per second and latency percentiles.
  server_client.py large --port P --pid PID [--clients 20] [--megabytes 100]
      20 clients upload a ~100 MB archive (incompressible filler entries the analysis
      skips) at the same time while the server's RSS is sampled, until every upload is
      analysed; prints the peak.
"""
import argparse
import http.client
import io
import json
import os
import statistics
import sys
import threading
import time
import zipfile

HOST = "127.0.0.1"  # Never anything but loopback.


def small_zip():
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        archive.writestr("App/BadgeView.swift", "import UIKit\nfinal class BadgeView: UIView {}\n")
        archive.writestr("App/BadgeView.xib", '<?xml version="1.0" encoding="UTF-8"?>\n'
                         '<document type="com.apple.InterfaceBuilder3.CocoaTouch.XIB" version="3.0"><objects/></document>\n')
    return buffer.getvalue()


def large_zip(path, megabytes):
    """Stored (uncompressed) random filler in 8 MB entries plus one source file."""
    chunk = 8 << 20
    with zipfile.ZipFile(path, "w", zipfile.ZIP_STORED) as archive:
        archive.writestr("App/View.swift", "import UIKit\nfinal class View: UIView {}\n")
        written = 0
        index = 0
        while written < megabytes << 20:
            size = min(chunk, (megabytes << 20) - written)
            archive.writestr(f"App/Assets/filler-{index}.bin", os.urandom(size))
            written += size
            index += 1


def post(port, body, query, timeout, headers=None):
    connection = http.client.HTTPConnection(HOST, port, timeout=timeout)
    try:
        fields = {"Content-Type": "application/zip"}
        fields.update(headers or {})
        if hasattr(body, "read"):
            fields["Content-Length"] = str(os.fstat(body.fileno()).st_size)
        connection.request("POST", "/v1/analyses" + query, body=body, headers=fields)
        response = connection.getresponse()
        payload = response.read()
        return response.status, payload
    finally:
        connection.close()


def run_threads(target, count, timeout):
    """Runs `count` threads of `target` and returns the wall time; each join is bounded."""
    started = time.perf_counter()
    threads = [threading.Thread(target=target, daemon=True) for _ in range(count)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=timeout)
    return time.perf_counter() - started


def percentile(values, fraction):
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(fraction * (len(ordered) - 1))))]


def run_small(args):
    body = open(args.zip, "rb").read() if args.zip else small_zip()
    latencies, statuses, lock = [], {}, threading.Lock()
    remaining = [args.requests]
    ports = [int(port) for port in args.port.split(",")]

    def worker():
        while True:
            with lock:
                if remaining[0] == 0:
                    return
                remaining[0] -= 1
                port = ports[remaining[0] % len(ports)]
            started = time.perf_counter()
            try:
                status, _ = post(port, body, "?wait=60", timeout=90)
            except OSError as error:
                status = f"error: {error.__class__.__name__}"
            elapsed = time.perf_counter() - started
            with lock:
                latencies.append(elapsed)
                statuses[status] = statuses.get(status, 0) + 1

    wall = run_threads(worker, args.concurrency, timeout=600)
    result = {
        "requests": len(latencies), "concurrency": args.concurrency, "seconds": round(wall, 2),
        "analysesPerSecond": round(len(latencies) / wall, 1),
        "latencyMs": {name: round(percentile(latencies, q) * 1000, 1) for name, q in (("p50", .5), ("p90", .9), ("p99", .99))},
        "meanMs": round(statistics.mean(latencies) * 1000, 1), "statuses": {str(k): v for k, v in statuses.items()},
    }
    print(json.dumps(result))


def rss_kib(pid):
    with open(f"/proc/{pid}/status") as status:
        for line in status:
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    return 0


def analyses_pending(port):
    """Queued plus running analyses, read from /metrics."""
    connection = http.client.HTTPConnection(HOST, port, timeout=10)
    try:
        connection.request("GET", "/metrics")
        text = connection.getresponse().read().decode()
    finally:
        connection.close()
    pending = 0
    for line in text.splitlines():
        if line.startswith('nibscan_analyses{status="queued"}') or line.startswith('nibscan_analyses{status="running"}'):
            pending += int(float(line.split()[-1]))
    return pending


def run_large(args):
    path = os.path.join(args.workdir, f"large-{args.megabytes}mb.zip")
    if not os.path.exists(path):
        large_zip(path, args.megabytes)
    baseline = rss_kib(args.pid)
    peak = [baseline]
    stop = threading.Event()

    def sample():
        while not stop.is_set():
            peak[0] = max(peak[0], rss_kib(args.pid))
            time.sleep(0.02)

    results, lock = [], threading.Lock()

    def client():
        started = time.perf_counter()
        try:
            with open(path, "rb") as body:
                status, _ = post(args.port, body, "", timeout=600)
        except OSError as error:
            status = f"error: {error.__class__.__name__}"
        with lock:
            results.append((status, time.perf_counter() - started))

    sampler = threading.Thread(target=sample)
    sampler.start()
    started = time.perf_counter()
    wall = run_threads(client, args.clients, timeout=900)
    # Keep sampling while the uploaded archives are analysed (bounded).
    deadline = time.monotonic() + 300
    while analyses_pending(args.port) > 0 and time.monotonic() < deadline:
        time.sleep(0.2)
    analysed = time.perf_counter() - started
    stop.set()
    sampler.join()
    size = os.path.getsize(path)
    statuses = {}
    for status, _ in results:
        statuses[str(status)] = statuses.get(str(status), 0) + 1
    print(json.dumps({
        "clients": args.clients, "archiveBytes": size, "uploadSeconds": round(wall, 2),
        "analysedAfterSeconds": round(analysed, 2),
        "throughputMBps": round(size * len(results) / wall / (1 << 20), 1),
        "rssBeforeMiB": round(baseline / 1024, 1), "rssPeakMiB": round(peak[0] / 1024, 1),
        "rssGrowthMiB": round((peak[0] - baseline) / 1024, 1), "statuses": statuses,
    }))


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = parser.add_subparsers(dest="mode", required=True)
    small = sub.add_parser("small")
    small.add_argument("--port", required=True, help="a port, or several separated by commas")
    small.add_argument("--requests", type=int, default=300)
    small.add_argument("--concurrency", type=int, default=4)
    small.add_argument("--zip")
    large = sub.add_parser("large")
    large.add_argument("--port", type=int, required=True)
    large.add_argument("--pid", type=int, required=True)
    large.add_argument("--clients", type=int, default=20)
    large.add_argument("--megabytes", type=int, default=100)
    large.add_argument("--workdir", default=".")
    args = parser.parse_args()
    (run_small if args.mode == "small" else run_large)(args)


if __name__ == "__main__":
    sys.exit(main())
