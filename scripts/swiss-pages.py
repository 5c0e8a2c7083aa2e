#!/usr/bin/env python3
"""Today in Switzerland's pages and the Clubhouse home page: how fast they render, how much they weigh, and how they
answer when every upstream is dead. Starts its own upstream fakes and servers (fresh data directories).

Usage: scripts/swiss-pages.py path/to/clubhouse [WARM_REQUESTS=50]

1. Warm render: each page fetched WARM_REQUESTS times with the upstreams answering; the median and p90 time to the
   last byte on 127.0.0.1 are reported (with a release build they are the server's render time).
2. Weight: the page's HTML plus every stylesheet and script it links, uncompressed (goal < 200 KB).
3. Dead upstreams: a fresh server whose upstreams (a) answer only after 10 s, (b) refuse connections; the FIRST
   request of every page (empty caches) must answer within 1.5 s with the unavailable state (exit status 1 if not;
   the goal is under 1 s: requests wait 0.8 s for an upstream, the home page 0.9 s for a glance).
"""
import os
import re
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import swiss_fake_upstreams  # noqa: E402

PAGES = ["/", "/swiss/app", "/swiss/app/activities", "/swiss/app/events", "/swiss/app/weekend",
         "/swiss/app/sunshine", "/swiss/app/snow", "/swiss/app/lunch", "/swiss/app/deals", "/swiss/app/settings",
         "/swiss/app/widget"]
DEAD_LIMIT = 1.5
WEIGHT_LIMIT = 200 * 1024


def free_port():
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def upstream_env(base):
    return {"SWISS_OPENMETEO_URL": base, "SWISS_TRANSPORT_URL": base, "SWISS_OVERPASS_URL": f"{base}/api/interpreter",
            "SWISS_FEEDS_URL": base}


class Server:
    def __init__(self, binary, env):
        self.port = free_port()
        self.data = tempfile.mkdtemp(prefix="swiss-pages-")
        self.log = open(os.path.join(self.data, "server.log"), "wb")
        self.process = subprocess.Popen(
            [binary, "serve", "--host", "127.0.0.1", "--port", str(self.port), "--data-dir", self.data,
             "--log-level", "error"], env={**os.environ, **env}, stdout=self.log, stderr=subprocess.STDOUT)
        deadline = time.monotonic() + 120
        while time.monotonic() < deadline:
            try:
                with urllib.request.urlopen(self.url("/health"), timeout=2):
                    return
            except OSError:
                time.sleep(0.2)
        raise SystemExit("server did not start")

    def url(self, path):
        return f"http://127.0.0.1:{self.port}{path}"

    def get(self, path):
        start = time.perf_counter()
        with urllib.request.urlopen(self.url(path), timeout=30) as response:
            body = response.read()
        return time.perf_counter() - start, body

    def stop(self):
        self.process.terminate()
        self.process.wait(timeout=20)
        self.log.close()
        shutil.rmtree(self.data, ignore_errors=True)


def weight(server, html):
    total = len(html)
    for asset in set(re.findall(rb'(?:href|src)="(/assets/[^"]+)"', html)):
        if asset.endswith(b".svg") or b"icon" in asset:
            continue
        _, body = server.get(asset.decode().replace("&amp;", "&"))
        total += len(body)
    return total


def main():
    binary = sys.argv[1]
    warm = int(sys.argv[2]) if len(sys.argv) > 2 else 50
    failures = []

    fake = free_port()
    swiss_fake_upstreams.serve(fake, 0)
    server = Server(binary, upstream_env(f"http://127.0.0.1:{fake}"))
    try:
        print(f"{'page':28} {'median':>8} {'p90':>8} {'weight':>9}")
        for page in PAGES:
            for _ in range(3):
                server.get(page)  # fill the caches (the home page's trip of the day, upstream answers)
            times = sorted(server.get(page)[0] * 1000 for _ in range(warm))
            _, html = server.get(page)
            size = weight(server, html)
            p90 = times[int(len(times) * 0.9) - 1]
            print(f"{page:28} {statistics.median(times):6.1f}ms {p90:6.1f}ms {size / 1024:7.1f}KB")
            if size > WEIGHT_LIMIT:
                failures.append(f"{page} weighs {size / 1024:.0f} KB (limit {WEIGHT_LIMIT // 1024} KB)")
    finally:
        server.stop()

    slow = free_port()
    swiss_fake_upstreams.serve(slow, 10_000)
    for name, base in [("slow (10 s)", f"http://127.0.0.1:{slow}"), ("refused", "http://127.0.0.1:9")]:
        server = Server(binary, upstream_env(base))
        try:
            times = []
            for page in PAGES:
                seconds, _ = server.get(page)
                times.append(seconds)
                if seconds > DEAD_LIMIT:
                    failures.append(f"{page} took {seconds:.2f} s with {name} upstreams (limit {DEAD_LIMIT} s)")
            print(f"dead upstreams, {name}: first request of each page max {max(times) * 1000:.0f} ms, "
                  f"median {statistics.median(times) * 1000:.0f} ms")
        finally:
            server.stop()

    for failure in failures:
        print("FAIL:", failure)
    print(f"swiss pages: {len(PAGES)} pages, {len(failures)} failures")
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
