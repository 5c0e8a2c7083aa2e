#!/usr/bin/env python3
"""Calls a running server's SportsTime API and checks every answer against the OpenAPI document it serves:
status code documented, JSON body valid against the documented schema. Starts a small every-park tour search (about
5 s) and follows it to done, so the server's job worker must run.
Usage: scripts/check-sportstime-api.py http://127.0.0.1:8080"""
import base64
import json
import sys
import time
import urllib.error
import urllib.request

from jsonschema import Draft202012Validator

BASE = sys.argv[1].rstrip("/")
DOC = json.load(urllib.request.urlopen(BASE + "/api/trips/openapi.json"))
checked = 0


def call(method, path, template, body=None, token=None, expect=None, raw_body=None):
    global checked
    data = raw_body if raw_body is not None else json.dumps(body).encode() if body is not None else None
    request = urllib.request.Request(BASE + path, data=data, method=method)
    request.add_header("Content-Type", "application/json")
    if token:
        request.add_header("Authorization", "Bearer " + token)
    try:
        with urllib.request.urlopen(request) as response:
            status, raw, kind = response.status, response.read(), response.headers.get("Content-Type", "")
    except urllib.error.HTTPError as error:
        status, raw, kind = error.code, error.read(), error.headers.get("Content-Type", "")
    operation = DOC["paths"][template][method.lower()]
    documented = operation["responses"].get(str(status))
    assert documented is not None, f"{method} {path}: status {status} is not documented"
    if expect is not None:
        assert status in (expect if isinstance(expect, tuple) else (expect,)), f"{method} {path}: expected {expect}, got {status}: {raw[:300]!r}"
    value = None
    content = documented.get("content", {})
    if "application/json" in content:
        assert kind.startswith("application/json"), f"{method} {path}: content type {kind}"
        value = json.loads(raw)
        schema = dict(content["application/json"]["schema"])
        schema["components"] = DOC["components"]
        errors = sorted(Draft202012Validator(schema).iter_errors(value), key=lambda e: list(e.path))
        assert not errors, f"{method} {path}: {errors[0].message} at {list(errors[0].path)}"
    checked += 1
    return value


call("GET", "/api/trips/leagues", "/api/trips/leagues", expect=200)
venues = call("GET", "/api/trips/venues?league=mlb", "/api/trips/venues", expect=200)
assert len(venues) == 30
call("GET", "/api/trips/venues/fenway-park", "/api/trips/venues/{id}", expect=200)
call("GET", "/api/trips/venues/nowhere", "/api/trips/venues/{id}", expect=404)
call("GET", "/api/trips/teams?league=nba", "/api/trips/teams", expect=200)
call("GET", "/api/trips/teams?league=cricket", "/api/trips/teams", expect=400)
call("GET", "/api/trips/games?league=mlb&from=2026-06-01&to=2026-06-03&limit=50", "/api/trips/games", expect=200)
plan = call("POST", "/api/trips/plan", "/api/trips/plan", expect=200, body={
    "planningMode": "dateRange", "sports": ["mlb"], "startDate": "2026-06-01", "endDate": "2026-06-08",
    "start": "Boston", "numberOfDrivers": 2, "topK": 3})
options = plan["options"]
assert len(options) >= 2 and all(o["games"] for o in options)
call("POST", "/api/trips/plan", "/api/trips/plan", expect=422, body={"sports": ["mlb"]})
call("POST", "/api/trips/plan", "/api/trips/plan", expect=400, body={"sports": ["mlb"], "start": "Atlantis",
    "startDate": "2026-06-01", "endDate": "2026-06-08"})
call("POST", "/api/trips/plan", "/api/trips/plan", expect=400, body={"sports": ["mlb"],
    "startDate": "2026-04-01", "endDate": "2026-06-30"})
call("GET", "/api/trips/suggestions?from=Chicago&month=2026-06&league=mlb", "/api/trips/suggestions", expect=200)
token = call("POST", "/api/trips/travellers", "/api/trips/travellers", expect=201)["token"]
call("GET", "/api/trips/saved", "/api/trips/saved", expect=401)
saved = call("POST", "/api/trips/saved", "/api/trips/saved", expect=201, token=token,
    body={"name": "June swing", "option": options[0]})
call("GET", "/api/trips/saved", "/api/trips/saved", expect=200, token=token)
call("GET", f"/api/trips/saved/{saved['id']}", "/api/trips/saved/{id}", expect=200, token=token)
call("GET", f"/api/trips/saved/{saved['id']}/calendar.ics", "/api/trips/saved/{id}/calendar.ics", expect=200, token=token)
call("POST", "/api/trips/visits", "/api/trips/visits", expect=201, token=token,
    body={"venue": "fenway-park", "date": "2026-06-02", "league": "mlb"})
call("POST", "/api/trips/visits", "/api/trips/visits", expect=400, token=token, body={"venue": "x", "date": "2026-06-02"})
call("GET", "/api/trips/visits", "/api/trips/visits", expect=200, token=token)
call("GET", "/api/trips/progress", "/api/trips/progress", expect=200, token=token)
call("GET", "/api/trips/progress?league=cricket", "/api/trips/progress", expect=400, token=token)
call("GET", "/api/trips/achievements", "/api/trips/achievements", expect=200, token=token)
poll = call("POST", "/api/trips/polls", "/api/trips/polls", expect=201, token=token, body={
    "title": "Which June trip?", "options": [{"label": "A", "option": options[0]}, {"label": "B", "option": options[1]}]})
share = poll["shareToken"]
call("POST", f"/api/trips/polls/{share}/votes", "/api/trips/polls/{token}/votes", expect=201,
    body={"optionID": "o1", "voterID": "ci-voter-0001"})
# One vote per voter, changeable until the poll closes: the same voter's second vote replaces the first.
changed = call("POST", f"/api/trips/polls/{share}/votes", "/api/trips/polls/{token}/votes", expect=201,
    body={"optionID": "o2", "voterID": "ci-voter-0001"})
call("POST", f"/api/trips/polls/{share}/votes", "/api/trips/polls/{token}/votes", expect=201,
    body={"optionID": "o2", "voterID": "ci-voter-0002"})
shown = call("GET", f"/api/trips/polls/{share}", "/api/trips/polls/{token}", expect=200)
closed = call("POST", f"/api/trips/polls/{share}/close", "/api/trips/polls/{token}/close", expect=200, token=token)
assert closed["tally"]["winner"] == "o2", closed["tally"]
call("POST", f"/api/trips/polls/{share}/votes", "/api/trips/polls/{token}/votes", expect=409,
    body={"optionID": "o1", "voterID": "ci-voter-0003"})
# The every-park tour search: a small one (5 parks over 3 days, a short time limit), followed to done. 202 when it
# is queued, 200 when the identical search is already done (a second run on the same data directory).
TOUR = {"league": "mlb", "season": 2026, "rules": "continuous", "from": "2026-06-01", "to": "2026-06-03",
        "parks": ["fenway-park", "yankee-stadium", "citi-field", "citizens-bank-park", "nationals-park"],
        "timeLimit": 5}
job = call("POST", "/api/trips/tours", "/api/trips/tours", expect=(202, 200), body=TOUR)
assert job["statusUrl"] == "/api/trips/tours/" + job["id"], job
joined = call("POST", "/api/trips/tours", "/api/trips/tours", expect=(202, 200), body=TOUR)
assert joined["id"] == job["id"], "the identical search joins the same job"
deadline = time.monotonic() + 180
while job["state"] in ("queued", "searching"):
    assert time.monotonic() < deadline, f"tour search still {job['state']} after 180 s: {job['message']}"
    time.sleep(0.5)
    job = call("GET", job["statusUrl"], "/api/trips/tours/{id}", expect=200)
assert job["state"] == "done", job
assert job["progress"] == 1 and job["rules"]["driving"] == "continuous", job
visited = {visit["venueId"] for visit in job["tour"]["visits"]}
assert visited == set(TOUR["parks"]), visited
assert job["lowerBound"]["value"] <= job["days"] + 1e-9 and 0 <= job["gap"] < 1, job
done = call("POST", "/api/trips/tours", "/api/trips/tours", expect=200, body=TOUR)
assert done["id"] == job["id"] and done["tour"] == job["tour"], "a done search answers 200 with its tour"
for bad, field in [({"season": 2026, "timeLimit": 0}, "timeLimit"), ({"season": 2026, "rules": "teleport"}, "rules"),
                   ({"season": 2026, "parks": ["nowhere", "fenway-park"]}, "parks")]:
    error = call("POST", "/api/trips/tours", "/api/trips/tours", expect=400, body=bad)["error"]
    assert field + ":" in error["message"], error
call("POST", "/api/trips/tours", "/api/trips/tours", expect=400, raw_body=b"{not json")
call("GET", "/api/trips/tours/not*an*id", "/api/trips/tours/{id}", expect=400)
unknown = base64.urlsafe_b64encode(b"league=mlb&season=1901").decode().rstrip("=")
call("GET", "/api/trips/tours/" + unknown, "/api/trips/tours/{id}", expect=404)
call("DELETE", f"/api/trips/saved/{saved['id']}", "/api/trips/saved/{id}", expect=204, token=token)
call("DELETE", "/api/trips/travellers/me", "/api/trips/travellers/me", expect=204, token=token)
print(f"sportstime api: {checked} passed, 0 failed")
