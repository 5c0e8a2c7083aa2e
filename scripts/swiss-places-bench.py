#!/usr/bin/env python3
"""Warm render time and page weight of the Swiss Activities and Lunch pages on a running server.

Usage: scripts/swiss-places-bench.py [BASE_URL] [REQUESTS]   (default http://127.0.0.1:8080, 50 requests per page)

For each page: the median and 95th percentile of the response time of warm requests (one after another, so it
measures the server's render, not concurrency), and the weight of the HTML plus every stylesheet and script it
references. Fails (exit 1) when a median is over 20 ms or a page weighs 200 KB or more (issue 13's budgets).
"""

import re
import statistics
import sys
import time
import urllib.request

BASE = sys.argv[1].rstrip("/") if len(sys.argv) > 1 else "http://127.0.0.1:8080"
COUNT = int(sys.argv[2]) if len(sys.argv) > 2 else 50
PAGES = [
    "/swiss/app/activities", "/swiss/app/activities?lang=de&show=stayhome", "/swiss/app/activities?q=zoo&near=city",
    "/swiss/app/activities?surprise=42", "/swiss/app/lunch", "/swiss/app/lunch?lang=de&near=city&open=lunch",
]
MEDIAN_BUDGET_MS = 20
WEIGHT_BUDGET = 200 * 1024


def get(path: str) -> bytes:
    with urllib.request.urlopen(BASE + path, timeout=10) as response:
        return response.read()


failed = False
print(f"{'page':52} {'median':>8} {'p95':>8} {'HTML':>8} {'total':>8}")
for page in PAGES:
    html = get(page)  # warm-up: caches, first upstream answers
    times = []
    for _ in range(COUNT):
        start = time.perf_counter()
        get(page)
        times.append((time.perf_counter() - start) * 1000)
    times.sort()
    median = statistics.median(times)
    p95 = times[int(len(times) * 0.95) - 1]
    assets = set(re.findall(rb'(?:href|src)="(/assets/[^"]+\.(?:css|js)[^"]*)"', html))
    weight = len(html) + sum(len(get(a.decode().replace("&amp;", "&"))) for a in assets)
    over = median > MEDIAN_BUDGET_MS or weight >= WEIGHT_BUDGET
    failed |= over
    print(f"{page:52} {median:7.1f}ms {p95:7.1f}ms {len(html) / 1024:7.1f}K {weight / 1024:7.1f}K{'  OVER' if over else ''}")
sys.exit(1 if failed else 0)
