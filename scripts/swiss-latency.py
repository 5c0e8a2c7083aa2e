#!/usr/bin/env python3
"""Latency of GET /swiss/ (the briefing): cold (empty caches, every upstream answering after DELAY ms — the fetches
run in parallel) and warm (served from the caches). Starts the fake upstreams and a fresh server itself.
Usage: scripts/swiss-latency.py path/to/clubhouse [DELAY_MS=100] [WARM_REQUESTS=500]
Build the server in release first: swift build -c release --product clubhouse"""
import os
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import swiss_fake_upstreams  # noqa: E402

binary = sys.argv[1]
delay = int(sys.argv[2]) if len(sys.argv) > 2 else 100
warm_count = int(sys.argv[3]) if len(sys.argv) > 3 else 500
FAKE, PORT = 18311, 18312
swiss_fake_upstreams.serve(FAKE, delay)
env = dict(os.environ, SWISS_OPENMETEO_URL=f"http://127.0.0.1:{FAKE}", SWISS_TRANSPORT_URL=f"http://127.0.0.1:{FAKE}",
           SWISS_OVERPASS_URL=f"http://127.0.0.1:{FAKE}/api/interpreter", SWISS_FEEDS_URL=f"http://127.0.0.1:{FAKE}")


def get(path):
    start = time.perf_counter()
    with urllib.request.urlopen(f"http://127.0.0.1:{PORT}{path}") as response:
        response.read()
    return (time.perf_counter() - start) * 1000


cold, warm = [], []
for run in range(5):
    data = tempfile.mkdtemp()
    server = subprocess.Popen([binary, "serve", "--port", str(PORT), "--data-dir", data, "--log-level", "error"], env=env)
    try:
        for _ in range(200):
            try:
                urllib.request.urlopen(f"http://127.0.0.1:{PORT}/health").read()
                break
            except OSError:
                time.sleep(0.05)
        cold.append(get(f"/swiss/?city=zurich&lang=en"))
        if run == 0:
            warm = [get("/swiss/?city=zurich&lang=en") for _ in range(warm_count)]
    finally:
        server.terminate()
        server.wait()
print(f"upstream delay {delay} ms; cold /swiss/ over 5 fresh servers: "
      + ", ".join(f"{c:.0f}" for c in cold) + f" ms (median {statistics.median(cold):.0f} ms)")
warm.sort()
print(f"warm /swiss/ ({len(warm)} requests): median {statistics.median(warm):.2f} ms, "
      f"p90 {warm[int(len(warm) * 0.9)]:.2f} ms, p99 {warm[int(len(warm) * 0.99)]:.2f} ms")
