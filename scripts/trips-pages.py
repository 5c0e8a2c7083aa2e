#!/usr/bin/env python3
"""SportsTime's web pages: how fast they render and how much they weigh (issue 14's goals).

Usage: scripts/trips-pages.py path/to/clubhouse [REQUESTS=30]

Starts `clubhouse serve` on a fresh data directory (demo seasons), saves a 14-day trip through the pages' own forms,
then fetches every page REQUESTS times and reports the median and p90 time to the last byte on 127.0.0.1 (with a
release build, the server's render time) and the page's weight: its HTML plus every stylesheet and script it links,
uncompressed (budget 150 KB, maps included).

Goals (exit status 1 when missed): the options page of a 10-day window over all five leagues < 300 ms median, a trip
page < 20 ms median, the PDF itinerary of a 14-day trip < 200 ms median. Only meaningful with a release build; with
a debug build pass --no-goals (CI does: it checks that every page answers 200 and stays under the weight budget).
"""
import html.parser
import os
import re
import statistics
import sys
import urllib.parse

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from pagebench import Server, p90, weight  # noqa: E402

WEIGHT_LIMIT = 150 * 1024
ALL_LEAGUES = "mlb,nba,nhl,nfl,mls"
# A 10-day window in April 2027, when four leagues' demo seasons overlap (MLB, NBA, NHL, MLS; NFL has no games).
OPTIONS_10_DAYS = {"mode": "date-range", "sports": ALL_LEAGUES, "from": "2027-04-08", "to": "2027-04-17",
                   "start": "Boston"}
TRIP_14_DAYS = {"mode": "date-range", "sports": "mlb", "from": "2027-05-03", "to": "2027-05-16", "start": "Boston",
                "drivers": "2", "hours": "8"}


class Forms(html.parser.HTMLParser):
    """The forms of a page: action, method and the values of their named inputs (hidden, text, checked boxes)."""

    def __init__(self):
        super().__init__()
        self.forms = []

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if tag == "form":
            self.forms.append({"action": attrs.get("action", ""), "method": (attrs.get("method") or "get").lower(),
                               "fields": []})
        elif tag == "input" and self.forms and attrs.get("name"):
            kind = (attrs.get("type") or "text").lower()
            if kind in ("checkbox", "radio") and "checked" not in attrs:
                return
            if kind in ("submit", "button"):
                return
            self.forms[-1]["fields"].append((attrs["name"], attrs.get("value") or ""))


def save_first_option(server, query):
    """Saves option 1 of `query` with the options page's own save form; returns the saved trip's path."""
    _, _, page = server.get("/trips/options?" + urllib.parse.urlencode(query))
    parser = Forms()
    parser.feed(page.decode())
    form = next((f for f in parser.forms if f["method"] == "post" and f["action"].endswith("/trips/saved")), None)
    if form is None:
        raise SystemExit("the options page has no save form")
    return urllib.parse.urlparse(server.post(form["action"], form["fields"])).path


def main():
    args = [a for a in sys.argv[1:] if not a.startswith("--")]
    goals = "--no-goals" not in sys.argv
    binary = args[0]
    requests = int(args[1]) if len(args) > 1 else 30
    failures = []
    server = Server(binary, prefix="trips-pages-")
    try:
        saved = save_first_option(server, TRIP_14_DAYS)
        if not re.fullmatch(r"/trips/saved/[^/]+", saved):
            raise SystemExit(f"saving did not open the saved trip (landed on {saved})")
        options = "/trips/options?" + urllib.parse.urlencode(OPTIONS_10_DAYS)
        pages = [
            ("home", "/trips", None),
            ("wizard", "/trips/new/date-range", None),
            ("options, 10 days, all leagues", options, 300),
            ("option 1", "/trips/options/1?" + urllib.parse.urlencode(TRIP_14_DAYS), None),
            ("trip (saved, 14 days)", saved, 20),
            ("trip print", saved + "/print", None),
            ("trip PDF (14 days)", saved + "/itinerary.pdf", 200),
            ("trip calendar", saved + "/calendar.ics", None),
            ("schedule", "/trips/schedule", None),
            ("progress", "/trips/progress", None),
            ("achievements", "/trips/achievements", None),
            ("polls", "/trips/polls", None),
            ("tour", "/trips/tour", None),
            ("settings", "/trips/me", None),
        ]
        print(f"{'page':32} {'median':>9} {'p90':>9} {'weight':>9}")
        for name, path, goal in pages:
            seconds, status, body = server.get(path)
            if status != 200:
                failures.append(f"{name}: HTTP {status}")
                continue
            times = sorted(server.get(path)[0] * 1000 for _ in range(requests))
            median = statistics.median(times)
            is_page = body.lstrip().startswith(b"<!DOCTYPE") or body.lstrip().startswith(b"<!doctype")
            size = weight(server, body) if is_page else len(body)
            print(f"{name:32} {median:7.1f}ms {p90(times):7.1f}ms {size / 1024:7.1f}KB" + (f"  (goal < {goal} ms)" if goal else ""))
            if is_page and size > WEIGHT_LIMIT:
                failures.append(f"{name} weighs {size / 1024:.0f} KB (budget {WEIGHT_LIMIT // 1024} KB)")
            if goals and goal and median > goal:
                failures.append(f"{name}: median {median:.1f} ms (goal < {goal} ms)")
    finally:
        server.stop()
    for failure in failures:
        print("FAIL:", failure)
    print(f"trips pages: {len(pages)} pages, {len(failures)} failures")
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
