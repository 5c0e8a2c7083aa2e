#!/usr/bin/env python3
"""Calls a running server's /swiss/ API (whose upstreams point at scripts/swiss_fake_upstreams.py) and checks every
answer against the OpenAPI document it serves. Usage: scripts/check-swiss-api.py http://127.0.0.1:8080"""
import json
import sys
import urllib.error
import urllib.request

from jsonschema import Draft202012Validator

BASE = sys.argv[1].rstrip("/")
DOC = json.load(urllib.request.urlopen(BASE + "/swiss/openapi.json"))
checked = 0


def call(path, template, method="GET", expect=200):
    global checked
    request = urllib.request.Request(BASE + path, method=method)
    try:
        with urllib.request.urlopen(request) as response:
            status, raw, headers = response.status, response.read(), response.headers
    except urllib.error.HTTPError as error:
        status, raw, headers = error.code, error.read(), error.headers
    assert status == expect, f"{method} {path}: expected {expect}, got {status}: {raw[:300]!r}"
    assert headers.get("Access-Control-Allow-Origin") == "*", f"{path}: no CORS header"
    if template is not None:
        documented = DOC["paths"][template][method.lower()]["responses"][str(status)]
        schema = dict(documented["content"]["application/json"]["schema"])
        schema["components"] = DOC["components"]
        value = json.loads(raw)
        errors = sorted(Draft202012Validator(schema).iter_errors(value), key=lambda e: list(e.path))
        assert not errors, f"{path}: {errors[0].message} at {list(errors[0].path)}"
    checked += 1
    return json.loads(raw) if raw else None


news = call("/swiss/?city=zurich&lang=en", "/swiss/")
assert news["weather"]["available"] and news["categories"]["topStories"], "briefing has weather and news"
call("/swiss/?city=geneva&lang=de", "/swiss/", method="POST")
call("/swiss/activities?city=bern", "/swiss/activities")
assert news["briefing"]["suggestedActivity"]["name"] == news["briefing"]["dailyPick"]["name"], "PWA's suggestion line"
summary = news["transport"]["summary"]
assert summary is None or summary["totalDelayed"] > 0, "null summary when nothing is delayed (the PWA hides it)"
assert len(news["weather"]["daily"]) >= 1 and len(news["weather"]["hourly"]) <= 12, "weather outlook"
call("/swiss/weekend?city=luzern&lang=de", "/swiss/weekend")


def plan(body):
    return [(body[d]["plan"]["morning"] or {}).get("id") for d in ("saturday", "sunday")] + [
        (body[d]["plan"]["afternoon"] or {}).get("id") for d in ("saturday", "sunday")]


plain = call("/swiss/weekend?city=zurich", "/swiss/weekend")
shuffled = call("/swiss/weekend?city=zurich&refresh=true", "/swiss/weekend")
assert plan(shuffled) != plan(plain) and shuffled["seed"] > 0, "Shuffle (refresh=true) changes the plan"
again = call(f"/swiss/weekend?city=zurich&seed={shuffled['seed']}", "/swiss/weekend")
assert plan(again) == plan(shuffled), "the seed reproduces the shuffled plan"
assert plan(call("/swiss/weekend?city=zurich", "/swiss/weekend")) == plan(plain), "the plain plan stays"
call("/swiss/weekend?seed=-4", "/swiss/weekend", expect=400)
lunch = call("/swiss/lunch?city=zurich", "/swiss/lunch")
assert len(lunch["spots"]) == 5  # the fake Overpass answer of scripts/swiss_fake_upstreams.py
call("/swiss/lunch?city=zurich&vegetarian=true&near=47.37,8.54", "/swiss/lunch")
sun = call("/swiss/sunshine?lang=de", "/swiss/sunshine")
assert len(sun["destinations"]) == 29 and sun["destinations"][0]["id"] == "zurich"
snow = call("/swiss/snow", "/swiss/snow")
assert len(snow["destinations"]) == 22
call("/swiss/deals?city=basel", "/swiss/deals")
call("/swiss/deals?city=basel&month=12", "/swiss/deals")
call("/swiss/sunshine?filter=sunny&sort=drive", "/swiss/sunshine")
call("/swiss/snow?filter=light", "/swiss/snow")
call("/swiss/activities?city=zurich&filter=indoor&ages=2-3", "/swiss/activities")
call("/swiss/events?city=zurich&month=2026-12", "/swiss/events")
call("/swiss/events?city=zurich&date=2026-12-05", "/swiss/events")
call("/swiss/sunshine?filter=rainy", "/swiss/sunshine", expect=400)
call("/swiss/version", "/swiss/version")
call("/swiss/?city=atlantis", "/swiss/", expect=400)
call("/swiss/weekend?lang=fr", "/swiss/weekend", expect=400)
call("/swiss/nothing-here", None, expect=404)
call("/swiss/activities", None, method="OPTIONS")
print(f"swiss api: {checked} passed, 0 failed")
