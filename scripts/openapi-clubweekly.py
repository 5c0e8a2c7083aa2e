# Generates Sources/ClubWeeklyServer/Resources/openapi.json: python3 scripts/openapi-clubweekly.py > Sources/ClubWeeklyServer/Resources/openapi.json
# The JSON is the truth (tests check it against the routes): edit here, regenerate, and the diff is your edit only.
# python3 scripts/openapi-clubweekly.py --check  exits 1 with a diff when the JSON and this generator disagree.
import difflib
import json
import pathlib
import sys
def ref(n): return {"$ref": f"#/components/schemas/{n}"}
def obj(props, required=None, extra=False):
    o = {"type": "object", "properties": props, "required": required if required is not None else list(props.keys())}
    if not extra: o["additionalProperties"] = False
    return o
S = lambda: {"type": "string"}
I = lambda: {"type": "integer"}
N = lambda: {"type": "number"}
B = lambda: {"type": "boolean"}
DT = lambda: {"type": "string", "format": "date-time"}
def arr(x): return {"type": "array", "items": x}
def nullable(x): 
    y = dict(x); y["type"] = [x["type"], "null"]; return y

trend = obj({"direction": {"type": "string", "enum": ["up", "down", "flat", "new", "none"]}, "percent": {"type": ["number", "null"]}, "text": S()}, ["direction", "text"])
metric = {"type": "string", "enum": ["distance", "rides", "speed", "elevation", "movingTime", "longestRide"]}
insight = obj({"kind": {"type": "string", "enum": ["rank", "weekOverWeek", "personalBest", "streak", "coachingTip", "gap", "strength", "advantage", "lowWeekCause", "encouragement", "noActivity"]}, "title": S(), "text": S(), "numbers": {"type": "object", "additionalProperties": N()}})
weekStats = obj({"memberID": S(), "distance": N(), "rides": I(), "movingTime": I(), "elevation": N(), "averageSpeed": N(), "longestRide": N()})
rawTrend = obj({"direction": {"type": "string"}, "percent": N()}, ["direction"])
ranked = obj({"stats": weekStats, "previous": weekStats, "rank": I(), "trend": rawTrend})
schemas = {
 "DataVersion": obj({"version": I(), "week": {"type": "string", "format": "date", "description": "first day of the club's current week"}}),
 "Error": obj({"error": obj({"code": S(), "message": S()})}),
 "WorkerError": obj({"error": S()}),
 "Trend": trend,
 "Metric": metric,
 "WeekView": obj({
   "club": ref("ClubInfo"),
   "week": obj({"offset": I(), "label": S(), "firstDay": {"type": "string", "format": "date"}, "lastDay": {"type": "string", "format": "date"}, "start": DT(), "end": DT(), "oldestOffset": I()}),
   "metric": metric,
   "summary": obj({"distanceKm": N(), "rides": I(), "activeMembers": I(), "elevationM": I(), "movingTimeS": I(), "trends": {"type": "object", "additionalProperties": ref("Trend")}}),
   "members": arr(obj({"memberId": S(), "name": S(), "fullName": S(), "initials": S(), "hue": I(), "rank": I(), "distanceKm": N(), "rides": I(), "movingTimeS": I(), "movingTime": S(), "elevationM": I(), "avgSpeedKmh": N(), "longestRideKm": N(), "trend": ref("Trend")})),
   "activities": arr(obj({"memberId": S(), "memberName": S(), "title": S(), "startDate": DT(), "startLocal": S(), "sportType": S(), "sportLabel": S(), "emoji": S(), "distanceKm": N(), "movingTimeS": I(), "movingTime": S(), "elevationM": I(), "elevation": S(), "pace": S(), "trainer": B(), "commute": B(), "source": {"type": "string", "enum": ["strava", "import", "demo"]}})),
   "page": ref("WeekPage"),
 }, ["club", "week", "metric", "summary", "members", "activities"]),
 "ClubInfo": obj({"slug": S(), "name": S(), "timeZone": S(), "weekStart": S(), "colors": arr(S()), "countedSportTypes": arr(S()), "feedPublic": B()}),
 "Member": obj({"id": S(), "name": S(), "fullName": S(), "initials": S(), "stravaConnected": B(), "joinedAt": DT()}),
 "SyncStatus": obj({"memberId": S(), "name": S(), "source": {"type": "string", "enum": ["strava", "import"]}, "connected": B(), "lastSyncAt": nullable(DT()), "lastError": {"type": ["string", "null"]}, "activities": I()}, ["memberId", "name", "source", "connected", "activities"]),
 "Insight": insight,
 "Insights": obj({
   "memberId": S(), "weekLabel": S(), "myStats": arr(ref("Insight")),
   "versusTop3": obj({"top": arr(ranked), "me": ranked, "comparisons": arr(obj({"metric": metric, "mine": N(), "top": arr(N()), "gapToThird": N(), "gapPercent": N()})), "strongestMetric": metric, "insights": arr(ref("Insight"))}, ["top", "comparisons", "insights"]),
   "lowestWeek": obj({"memberId": {"type": ["string", "null"]}, "insights": arr(ref("Insight"))}, ["insights"]),
 }),
 "ImportReport": obj({"rows": I(), "imported": I(), "alreadyPresent": I(),
   "problems": {**arr(obj({"line": I(), "message": S()})), "description": "Rows skipped (with the reason) or changed (an activity name over 255 characters is shortened and the row imported), by line."},
   "moreProblems": {"type": "integer", "minimum": 0, "description": "Rows with problems beyond the listed ones (the first 1,000 are listed)."}}),
 "SessionResult": obj({"club": S(), "role": {"type": "string", "enum": ["member", "admin"]}}),
 "ClubSettings": obj({"name": {"type": "string", "minLength": 1, "maxLength": 80}, "timeZone": S(), "weekStart": S(), "countedSportTypes": {**arr({"type": "string", "maxLength": 64}), "minItems": 1, "maxItems": 64}, "colors": {"type": "array", "items": S(), "minItems": 3, "maxItems": 3}, "feedPublic": B(), "adminPassword": S()}, []),
 "ClubData": obj({
   "lastFetchedAt": S(), "weekLabel": S(), "weekStart": S(), "weekEnd": S(), "memberCount": I(), "totalActivities": I(),
   "dateSource": {"type": "string", "enum": ["strava", "import", "demo", "mixed"]}, "enrolledCount": I(),
   "members": arr(obj({"name": S(), "rideCount": I(), "totalDistance": N(), "totalElevation": I(), "totalMovingTime": I(), "avgSpeed": N(), "movingTimeFormatted": S(),
     "activities": arr(obj({"name": S(), "distance": N(), "movingTime": I(), "elevationGain": I(), "averageSpeed": N(), "type": S(), "sportType": S(), "startDate": S()}))})),
 }),
 "Health": obj({"status": S(), "database": S(), "uptimeSeconds": I()}),
 "ImportStatus": {"type": "object", "description": "An import of a member's Strava export. Files over the background threshold (2,000 data rows by default) are imported by a background job; nothing is stored until the whole file is in (all or nothing).",
   **obj({"id": S(), "status": {"type": "string", "enum": ["queued", "running", "done", "failed"]}, "rowsTotal": {"type": "integer", "minimum": 0}, "rowsDone": {"type": "integer", "minimum": 0}, "createdAt": DT(), "finishedAt": DT(), "report": ref("ImportReport"),
     "error": {"type": "string", "description": "Why nothing was stored (status failed)."}, "statusUrl": {"type": "string", "description": "This status, to poll."}, "pageUrl": {"type": "string", "description": "The member's settings page with the progress and the report."}},
     ["id", "status", "rowsTotal", "rowsDone", "createdAt", "statusUrl", "pageUrl"])},
 "WeekPage": obj({"number": I(), "limit": I(), "pages": I(), "members": {"type": "integer", "description": "ranked members in the whole week"}, "activities": {"type": "integer", "description": "activities in the whole week"}, "next": {"type": ["string", "null"], "description": "path and query of the next page; null on the last"}}),
}
def resp(schema, desc="OK"): return {"description": desc, "content": {"application/json": {"schema": schema}}}
err = lambda d: resp(ref("Error"), d)
werr = lambda d: resp(ref("WorkerError"), d)
slug = {"name": "slug", "in": "path", "required": True, "schema": S()}
offset = {"name": "offset", "in": "query", "schema": {"type": "integer", "maximum": 0, "default": 0}, "description": "0 = this week, -1 = last week …"}
cookie = [{"session": []}, {"clubCode": []}, {}]
paths = {
 "/health": {"get": {"summary": "Liveness and database check", "responses": {"200": resp(ref("Health")), "503": resp(ref("Health"), "Database unreachable")}}},
 "/api/clubs/{slug}/week": {"get": {"summary": "Week view: summary, ranked members, activities", "description": "A week of at most 500 ranked members and 2,000 activities, asked for without limit, page or view, is answered whole (no page object). A bigger week without limit gets its first 200 members and activities and a page object whose next link asks for the rest. limit and page page both lists with the same numbers (members by rank, activities newest first); view=summary gives the totals and the top 10 members without activities.",
   "parameters": [slug, offset, {"name": "metric", "in": "query", "schema": metric},
     {"name": "limit", "in": "query", "schema": {"type": "integer", "minimum": 1, "maximum": 1000}, "description": "members and activities per page (default: the whole week up to 500 members and 2,000 activities, else 200)"},
     {"name": "page", "in": "query", "schema": {"type": "integer", "minimum": 1, "default": 1}, "description": "page number, from 1"},
     {"name": "view", "in": "query", "schema": {"type": "string", "enum": ["full", "summary"], "default": "full"}, "description": "summary: totals and the top 10 members, no activities"}], "security": cookie,
   "responses": {"200": resp(ref("WeekView")), "400": err("Bad offset, metric, limit, page or view"), "401": err("Private club: sign in"), "404": err("Unknown club")}}},
 "/api/clubs/{slug}/members": {"get": {"summary": "Members", "parameters": [slug], "security": cookie, "responses": {"200": resp(arr(ref("Member"))), "401": err("Private club"), "404": err("Unknown club")}}},
 "/api/clubs/{slug}/members/{member}/insights": {"get": {"summary": "Insights: My Stats, Me vs Top 3, Lowest week & why", "parameters": [slug, {"name": "member", "in": "path", "required": True, "schema": S()}, offset, {"name": "rider", "in": "query", "schema": S(), "description": "rider for Lowest week (default: the week's lowest)"}], "security": cookie,
   "responses": {"200": resp(ref("Insights")), "400": err("Bad offset"), "401": err("Private club"), "404": err("Unknown club or member")}}},
 "/api/clubs/{slug}/sync": {"get": {"summary": "Sync status of each member", "parameters": [slug], "security": cookie, "responses": {"200": resp(arr(ref("SyncStatus"))), "401": err("Private club"), "404": err("Unknown club")}}},
 "/api/clubs/{slug}/session": {
   "post": {"summary": "Sign in with the club code", "parameters": [slug], "requestBody": {"required": True, "content": {"application/json": {"schema": obj({"code": S()})}}},
     "responses": {"200": {**resp(ref("SessionResult")), "headers": {"Set-Cookie": {"schema": S()}}}, "400": err("Malformed body"), "401": err("Wrong code"), "404": err("Unknown club"), "429": {**err("Locked out"), "headers": {"Retry-After": {"schema": I()}}}}},
   "delete": {"summary": "Sign out", "parameters": [slug], "responses": {"204": {"description": "Signed out"}}}},
 "/api/clubs/{slug}/admin/session": {"post": {"summary": "Admin sign-in", "parameters": [slug], "requestBody": {"required": True, "content": {"application/json": {"schema": obj({"password": S()})}}},
   "responses": {"200": resp(ref("SessionResult")), "400": err("Malformed body"), "401": err("Wrong password"), "404": err("Unknown club"), "429": err("Locked out")}}},
 "/api/clubs/{slug}/me": {
   "get": {"summary": "The signed-in member", "parameters": [slug], "security": [{"session": []}], "responses": {"200": resp(ref("Member")), "401": err("Not signed in"), "404": err("Not joined yet")}},
   "post": {"summary": "Join as a named member", "parameters": [slug], "security": [{"session": []}], "requestBody": {"required": True, "content": {"application/json": {"schema": obj({"firstName": {"type": "string", "minLength": 1, "maxLength": 40}, "lastName": {"type": "string", "maxLength": 40}}, ["firstName"])}}},
     "responses": {"200": resp(ref("Member"), "Already joined"), "201": resp(ref("Member"), "Joined"), "400": err("Bad name"), "401": err("Not signed in"), "404": err("Unknown club")}},
   "delete": {"summary": "Delete me and all my data", "parameters": [slug], "security": [{"session": []}], "responses": {"204": {"description": "Deleted"}, "401": err("Not signed in"), "404": err("Not joined")}}},
 "/api/clubs/{slug}/me/import": {"post": {"summary": "Import a Strava export (activities.csv or the export .zip)", "parameters": [slug], "security": [{"session": []}],
   "requestBody": {"required": True, "content": {"text/csv": {"schema": {"type": "string"}}, "application/zip": {"schema": {"type": "string", "contentMediaType": "application/zip"}}}},
   "responses": {"200": resp(ref("ImportReport")), "202": {"description": "Queued: a background job imports the file", "headers": {"Location": {"description": "The import's status URL", "schema": S()}}, "content": {"application/json": {"schema": ref("ImportStatus")}}},
     "401": err("Not signed in"), "404": err("Not joined"), "413": err("Larger than the upload limit; nothing stored"), "422": err("Not a Strava export, or more than 50,000 rows (code too_many_rows); nothing stored"), "500": err("The import failed on the server; nothing stored")},
   "description": "The body is streamed to disk and refused with 413 once it passes the upload limit (64 MB by default). A file is imported all or nothing. Files of up to 2,000 data rows (configurable) are imported at once and answered with the report; larger ones (up to 50,000 rows) are queued: 202 with the import's status and its URL in Location. Activity names over 255 characters are shortened and reported by line."}},
 "/api/clubs/{slug}/me/imports/{import}": {"get": {"summary": "Progress and report of one of the member's imports", "parameters": [slug, {"name": "import", "in": "path", "required": True, "schema": S()}], "security": [{"session": []}],
   "responses": {"200": resp(ref("ImportStatus")), "401": err("Not signed in"), "404": err("No such import of this member")}}},
 "/api/clubs/{slug}/me/strava/disconnect": {"post": {"summary": "Disconnect Strava", "parameters": [slug], "security": [{"session": []}], "responses": {"204": {"description": "Disconnected"}, "401": err("Not signed in"), "404": err("Not joined")}}},
 "/api/clubs/{slug}/strava/connect": {"get": {"summary": "Start Strava OAuth (redirect)", "parameters": [slug], "security": [{"session": []}], "responses": {"302": {"description": "Redirect to Strava"}, "401": err("Not signed in"), "404": err("Unknown club"), "503": err("Strava not configured")}}},
 "/api/clubs/{slug}": {"patch": {"summary": "Edit club settings (admin)", "parameters": [slug], "security": [{"session": []}], "requestBody": {"required": True, "content": {"application/json": {"schema": ref("ClubSettings")}}},
   "responses": {"200": resp(ref("ClubInfo")), "400": err("Invalid setting"), "403": err("Admins only"), "404": err("Unknown club")}}},
 "/api/clubs/{slug}/code": {"post": {"summary": "Rotate the club code (admin); signs every session out and returns a fresh admin session cookie", "parameters": [slug], "security": [{"session": []}], "requestBody": {"content": {"application/json": {"schema": obj({"code": S()}, [])}}},
   "responses": {"200": resp(obj({"club": S(), "role": S(), "code": S()})), "400": err("Invalid code or malformed body"), "403": err("Admins only"), "404": err("Unknown club")}}},
 "/api/clubs/{slug}/members/{member}": {"delete": {"summary": "Remove a member (admin)", "parameters": [slug, {"name": "member", "in": "path", "required": True, "schema": S()}], "security": [{"session": []}],
   "responses": {"204": {"description": "Removed"}, "403": err("Admins only"), "404": err("Unknown member")}}},
 "/clubs/{slug}/tv/version": {"get": {"summary": "The club's data version (the TV board polls it and redraws when it changes)", "tags": ["web"], "parameters": [slug], "security": cookie,
   "responses": {"200": resp(ref("DataVersion")), "401": err("Private club: sign in"), "404": err("Unknown club")}}},
 "/strava/callback": {"get": {"summary": "Strava OAuth redirect target", "parameters": [{"name": n, "in": "query", "schema": S()} for n in ["code", "state", "scope", "error"]],
   "responses": {"302": {"description": "Back to member settings with ?strava=connected|denied|scope|failed"}, "400": err("Unknown, used or expired state")}}},
 "/strava/webhook": {
   "get": {"summary": "Webhook subscription verification", "parameters": [{"name": n, "in": "query", "schema": S()} for n in ["hub.mode", "hub.challenge", "hub.verify_token"]],
     "responses": {"200": resp(obj({"hub.challenge": S()})), "403": err("Verify token mismatch")}},
   "post": {"summary": "Webhook event (queued, processed in the background)", "requestBody": {"required": True, "content": {"application/json": {"schema": obj({"object_type": {"type": "string", "enum": ["activity", "athlete"]}, "object_id": I(), "aspect_type": {"type": "string", "enum": ["create", "update", "delete"]}, "updates": {"type": "object"}, "owner_id": I(), "subscription_id": I(), "event_time": I()}, ["object_type", "object_id", "aspect_type", "owner_id", "subscription_id", "event_time"], extra=True)}}},
     "responses": {"200": resp(obj({"status": {"type": "string", "enum": ["queued", "ignored"]}})), "400": err("Not a webhook event")}}},
 "/club-data": {"get": {"summary": "Original worker's week payload for the default club", "tags": ["compatibility"], "parameters": [{"name": "weekOffset", "in": "query", "schema": S(), "description": "parsed like JavaScript parseInt; 0 or negative"}], "security": [{"clubCode": []}, {}],
   "responses": {"200": resp(ref("ClubData")), "400": werr("Invalid weekOffset"), "401": werr("Private feed"), "404": werr("Not found"), "405": werr("Method not allowed"), "422": werr("Before the club's history"), "502": werr("Failed to build club data")}}},
 "/clubs/{slug}/club-data": {"get": {"summary": "Original worker's week payload for a club", "tags": ["compatibility"], "parameters": [slug, {"name": "weekOffset", "in": "query", "schema": S()}], "security": [{"clubCode": []}, {}],
   "responses": {"200": resp(ref("ClubData")), "400": werr("Invalid weekOffset"), "401": werr("Private feed"), "404": werr("Not found"), "422": werr("Before the club's history")}}},
 "/exchange": {"post": {"summary": "Strava token grant proxy", "tags": ["compatibility"], "requestBody": {"required": True, "content": {"application/json": {"schema": obj({"code": S()})}}},
   "responses": {"200": resp(obj({"access_token": S(), "refresh_token": S(), "expires_at": I(), "token_type": S()})), "400": werr("Missing or invalid field"), "429": werr("Too many requests")}}},
 "/refresh": {"post": {"summary": "Token refresh: stateless {refresh_token} or enrolled {athlete_id, member_key}", "tags": ["compatibility"], "requestBody": {"required": True, "content": {"application/json": {"schema": {"type": "object"}}}},
   "responses": {"200": resp(obj({"access_token": S(), "refresh_token": S(), "expires_at": I(), "token_type": S()}, ["access_token", "expires_at", "token_type"])), "400": werr("Missing or invalid field"), "401": werr("Wrong member key"), "429": werr("Too many requests")}}},
 "/enrol": {"post": {"summary": "Opt a rider into the default club", "tags": ["compatibility"], "requestBody": {"required": True, "content": {"application/json": {"schema": obj({"refresh_token": S()})}}},
   "responses": {"200": resp(obj({"enrolled": B(), "athlete_id": I(), "name": S(), "member_key": S()})), "400": werr("Missing or invalid field"), "401": werr("Private club: send the club code as a Bearer token"), "429": werr("Too many requests"), "502": werr("Enrolment failed")}}},
 "/leave": {"post": {"summary": "Remove a rider and their data", "tags": ["compatibility"], "requestBody": {"required": True, "content": {"application/json": {"schema": obj({"access_token": S()})}}},
   "responses": {"200": resp(obj({"enrolled": B(), "athlete_id": I()})), "400": werr("Missing or invalid field"), "401": werr("Invalid access token"), "429": werr("Too many requests")}}},
}
doc = {"openapi": "3.1.0",
 "info": {"title": "Clubhouse — Club Weekly API", "version": "1.0.0", "description": "Weekly club leaderboard, insights and Strava sync. Errors are {\"error\":{\"code\",\"message\"}}; the compatibility routes keep the original worker's {\"error\":\"…\"}."},
 "servers": [{"url": "/"}],
 "paths": paths,
 "components": {"schemas": schemas, "securitySchemes": {"session": {"type": "apiKey", "in": "cookie", "name": "cw_session"}, "clubCode": {"type": "http", "scheme": "bearer", "description": "the club code"}}}}
text = json.dumps(doc, indent=1, ensure_ascii=False) + "\n"
if "--check" in sys.argv[1:]:
    path = pathlib.Path(__file__).resolve().parent.parent / "Sources/ClubWeeklyServer/Resources/openapi.json"
    stored = path.read_text(encoding="utf-8")
    if stored != text:
        sys.stdout.writelines(difflib.unified_diff(stored.splitlines(True), text.splitlines(True), str(path), "generated"))
        sys.exit(1)
    print(f"{path.name}: the generator reproduces it exactly")
else:
    sys.stdout.write(text)
