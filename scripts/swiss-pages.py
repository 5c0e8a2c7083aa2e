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
import statistics
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import swiss_fake_upstreams  # noqa: E402
from pagebench import Server, free_port, p90, weight  # noqa: E402

PAGES = ["/", "/swiss/app", "/swiss/app/activities", "/swiss/app/events", "/swiss/app/weekend",
         "/swiss/app/sunshine", "/swiss/app/snow", "/swiss/app/lunch", "/swiss/app/deals", "/swiss/app/settings",
         "/swiss/app/widget"]
DEAD_LIMIT = 1.5
WEIGHT_LIMIT = 200 * 1024


def upstream_env(base):
    return {"SWISS_OPENMETEO_URL": base, "SWISS_TRANSPORT_URL": base, "SWISS_OVERPASS_URL": f"{base}/api/interpreter",
            "SWISS_FEEDS_URL": base}


def main():
    binary = sys.argv[1]
    warm = int(sys.argv[2]) if len(sys.argv) > 2 else 50
    failures = []

    fake = free_port()
    swiss_fake_upstreams.serve(fake, 0)
    server = Server(binary, upstream_env(f"http://127.0.0.1:{fake}"), prefix="swiss-pages-")
    try:
        print(f"{'page':28} {'median':>8} {'p90':>8} {'weight':>9}")
        for page in PAGES:
            for _ in range(3):
                server.get(page)  # fill the caches (the home page's trip of the day, upstream answers)
            times = sorted(server.get(page)[0] * 1000 for _ in range(warm))
            _, _, html = server.get(page)
            size = weight(server, html)
            print(f"{page:28} {statistics.median(times):6.1f}ms {p90(times):6.1f}ms {size / 1024:7.1f}KB")
            if size > WEIGHT_LIMIT:
                failures.append(f"{page} weighs {size / 1024:.0f} KB (limit {WEIGHT_LIMIT // 1024} KB)")
    finally:
        server.stop()

    slow = free_port()
    swiss_fake_upstreams.serve(slow, 10_000)
    for name, base in [("slow (10 s)", f"http://127.0.0.1:{slow}"), ("refused", "http://127.0.0.1:9")]:
        server = Server(binary, upstream_env(base), prefix="swiss-pages-")
        try:
            times = []
            for page in PAGES:
                seconds, _, _ = server.get(page)
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
