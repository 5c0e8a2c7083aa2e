# Generates Sources/SportsTimeServer/Resources/openapi.json:
#   python3 scripts/openapi-sportstime.py > Sources/SportsTimeServer/Resources/openapi.json
import json
S = lambda **k: {"type": "string", **k}
I = lambda **k: {"type": "integer", **k}
N = lambda **k: {"type": "number", **k}
B = lambda: {"type": "boolean"}
A = lambda items: {"type": "array", "items": items}
R = lambda name: {"$ref": f"#/components/schemas/{name}"}
DATE = S(format="date", description="YYYY-MM-DD")
TIME = S(format="date-time", description="ISO 8601, UTC")
LEAGUE = S(enum=["mlb", "nba", "nhl", "nfl", "mls", "wnba", "nwsl"])
def obj(required, props, **k): return {"type": "object", "required": required, "properties": props, **k}
def resp(schema, d="OK"): return {"description": d, "content": {"application/json": {"schema": schema}}}
def err(d): return resp(R("Error"), d)
def q(name, schema, d=""): return {"name": name, "in": "query", "schema": schema, "description": d}
def p(name, d=""): return {"name": name, "in": "path", "required": True, "schema": S(), "description": d}
def body(schema): return {"required": True, "content": {"application/json": {"schema": schema}}}
AUTH = [{"traveller": []}]
U = {"401": err("Missing or unknown traveller token")}
BIG = {"413": err("Request body too large")}
BUSY = {"503": err("The planner is busy; retry after the Retry-After seconds")}

schemas = {
 "Error": obj(["error"], {"error": obj(["code", "message"], {"code": S(), "message": S()})}),
 "Coordinate": obj(["latitude", "longitude"], {"latitude": N(), "longitude": N()}),
 "Venue": obj(["id", "name", "aliases", "city", "region", "country", "coordinate", "timeZone"], {
   "id": S(), "name": S(), "aliases": A(obj(["name"], {"name": S(), "validFrom": DATE, "validUntil": DATE})),
   "city": S(), "region": S(), "country": S(), "coordinate": R("Coordinate"), "timeZone": S(), "capacity": I()}),
 "Team": obj(["id", "league", "name", "abbreviation", "nickname", "conference", "division", "homeVenue"], {
   "id": S(), "league": LEAGUE, "name": S(), "abbreviation": S(), "nickname": S(), "conference": S(),
   "division": S(), "homeVenue": S(), "aliases": A(S())}),
 "Game": obj(["id", "league", "home", "away", "venue", "start", "localDate", "status"], {
   "id": S(), "league": LEAGUE, "home": S(), "away": S(), "venue": S(), "start": TIME, "localDate": DATE,
   "status": S(enum=["scheduled", "final", "postponed", "cancelled", "suspended"]), "doubleheader": I()}),
 "TripLocation": obj(["name", "coordinate"], {"name": S(), "coordinate": R("Coordinate")}),
 "PlanRequest": {"type": "object", "description": "TripPreferences (every field optional, defaults as in the spec's table) plus start/end place names and topK.",
   "properties": {
   "planningMode": S(enum=["dateRange", "gameFirst", "locations", "followTeam", "teamFirst"]),
   "sports": A(LEAGUE), "startDate": DATE, "endDate": DATE, "mustSeeGameIds": A(S()),
   "startLocation": R("TripLocation"), "endLocation": R("TripLocation"), "followTeamId": S(),
   "selectedTeamIds": A(S()), "numberOfDrivers": I(), "maxDrivingHoursPerDriver": N(), "numberOfStops": I(),
   "leisureLevel": S(enum=["packed", "moderate", "relaxed"]), "allowRepeatCities": B(),
   "selectedRegions": A(S(enum=["east", "central", "west"])),
   "start": S(description="A city with a venue (\"Boston\") or \"lat,lon\"; sets startLocation"),
   "end": S(description="Sets endLocation"), "topK": I(minimum=1, maximum=10)}},
 "PlannedGame": obj(["gameId", "league", "homeTeamId", "awayTeamId", "venueId", "venueName", "latitude", "longitude", "start", "localDate"], {
   "gameId": S(), "league": LEAGUE, "homeTeamId": S(), "homeTeamName": S(), "awayTeamId": S(), "awayTeamName": S(),
   "venueId": S(), "venueName": S(), "city": S(), "latitude": N(), "longitude": N(), "start": TIME,
   "localDate": DATE, "localStart": S(), "timeZone": S()}),
 "TravelLeg": obj(["fromName", "toName", "miles", "drivingHours", "departureDay"], {
   "fromVenueId": S(), "fromName": S(), "toVenueId": S(), "toName": S(), "miles": N(), "drivingHours": N(),
   "departureDay": DATE, "dailyHours": A({"type": "object"}), "overnightStops": A({"type": "object"})}),
 "ItineraryOption": obj(["rank", "score", "games", "legs", "days", "totals"], {
   "rank": I(), "score": N(), "breakdown": {"type": "object"}, "games": A(R("PlannedGame")), "legs": A(R("TravelLeg")),
   "days": A(obj(["date", "kind", "items"], {"date": DATE, "kind": S(enum=["game", "travel", "rest", "mixed"]),
     "items": A({"type": "object"}), "overnight": S()})),
   "totals": obj(["games", "distinctVenues", "miles", "drivingHours", "days"], {"games": I(), "distinctVenues": I(),
     "miles": N(), "drivingHours": N(), "restDays": I(), "days": I()})}),
 "PlanFailure": obj(["error", "failure"], {"error": obj(["code", "message"], {"code": S(enum=[
   "noGamesInRange", "noValidRoutes", "missingDateRange", "missingLocations", "missingTeamSelection",
   "dateRangeViolation", "drivingExceedsLimit", "repeatCityViolation", "geographicBacktracking"]), "message": S()}),
   "failure": {"type": "object"}}),
 "SavedTrip": obj(["id", "name", "createdAt", "option"], {"id": S(), "name": S(), "createdAt": TIME,
   "option": R("ItineraryOption"), "preferences": {"type": "object"}}),
 "Visit": obj(["id", "venue", "date"], {"id": S(), "venue": S(), "date": DATE, "league": LEAGUE, "gameID": S(), "note": S()}),
 "TourRequest": {"type": "object", "description": "An every-park tour search; every field optional (defaults: mlb, this year, daily rules, 1 driver × 8 h).",
   "properties": {"league": LEAGUE, "season": I(description="The year the season starts"),
   "rules": S(enum=["daily", "continuous"], description="continuous: drive at any hour, legs limited only by road time (the published benchmark's model); daily: drivers × hours a day, nights off the road"),
   "drivers": I(minimum=1, maximum=3), "hours": N(minimum=2, maximum=12, description="Hours per driver a day (daily rules)"),
   "gameHours": N(minimum=1, maximum=6, description="Game length (default 3 continuous, the league's usual daily)"),
   "bufferHours": N(minimum=0, maximum=12, description="Hours to spare before a first pitch after a drive (default 0 continuous, 1 daily)"),
   "from": DATE, "to": DATE, "start": S(description="Start and end city (daily rules only)"),
   "parks": A(S()), "timeLimit": N(minimum=1, maximum=120, description="Seconds before the best tour so far is returned")}},
 "TourRules": obj(["driving", "gameHours", "bufferHours"], {"driving": S(enum=["daily", "continuous"]), "gameHours": N(),
   "bufferHours": N(), "drivers": I(), "hoursPerDriver": N(), "departureHour": N(), "allowsTwoParksPerDay": B(),
   "estimator": {"type": "object"}}),
 "TourJob": obj(["id", "state", "message", "statusUrl"], {"id": S(), "state": S(enum=["queued", "searching", "done", "failed"]),
   "progress": N(minimum=0, maximum=1), "message": S(), "statusUrl": S(),
   "tour": obj(["visits", "legs", "firstDay", "lastDay", "totalDays", "totalMiles", "drivingHours"], {
     "visits": A(obj(["gameId", "venueId", "localDate", "start"], {"gameId": S(), "venueId": S(), "localDate": DATE, "start": TIME})),
     "legs": A({"type": "object"}), "firstDay": DATE, "lastDay": DATE, "totalDays": I(), "totalMiles": N(), "drivingHours": N(),
     "dailyLimit": N(), "rules": R("TourRules"), "durationHours": N(), "roadSource": S(), "lowerBound": {"type": "object"}}),
   "rules": R("TourRules"),
   "lowerBound": obj(["value", "unit", "method", "isExact"], {"value": N(), "unit": S(enum=["days", "durationDays"]), "method": S(), "isExact": B()}),
   "gap": N(description="(tour − bound) / tour: how far from optimal the tour can at most be"),
   "days": N(description="First pitch to last out in days (continuous) or calendar days (daily)")}),
 "Poll": obj(["shareToken", "title", "createdAt", "options", "tally"], {"shareToken": S(), "title": S(),
   "createdAt": TIME, "closedAt": TIME, "options": A(obj(["id", "label"], {"id": S(), "label": S(), "option": R("ItineraryOption")})),
   "tally": obj(["counts", "total", "leaders", "isClosed"], {"counts": A(obj(["optionID", "label", "votes"], {
     "optionID": S(), "label": S(), "votes": I()})), "total": I(), "leaders": A(S()), "winner": S(), "isClosed": B()})}),
}
paths = {
 "/api/trips/leagues": {"get": {"summary": "Leagues with team, venue and game counts; whether the schedule is imported or generated",
   "responses": {"200": resp(A(obj(["id", "name", "teams", "venues", "games", "schedule"], {"id": LEAGUE, "name": S(),
     "teams": I(), "venues": I(), "games": I(), "schedule": S(enum=["imported", "generated"])})))}}},
 "/api/trips/venues": {"get": {"summary": "Venues (home venues of the leagues given)", "parameters": [q("league", S(), "e.g. mlb,nba")],
   "responses": {"200": resp(A(R("Venue"))), "400": err("Unknown league")}}},
 "/api/trips/venues/{id}": {"get": {"summary": "One venue", "parameters": [p("id")],
   "responses": {"200": resp(R("Venue")), "404": err("No such venue")}}},
 "/api/trips/teams": {"get": {"summary": "Teams", "parameters": [q("league", S())],
   "responses": {"200": resp(A(R("Team"))), "400": err("Unknown league")}}},
 "/api/trips/games": {"get": {"summary": "Games in time order", "parameters": [q("league", S()), q("team", S(), "team id, home or away"),
   q("venue", S()), q("from", DATE), q("to", DATE), q("limit", I(minimum=1, maximum=5000, default=500))],
   "responses": {"200": resp(A(R("Game"))), "400": err("Bad filter")}}},
 "/api/trips/plan": {"post": {"summary": "Plan a trip: ranked options with a day-by-day itinerary", "requestBody": body(R("PlanRequest")),
   "responses": {"200": resp(obj(["options"], {"options": A(R("ItineraryOption"))})),
     "400": err("Not JSON, unknown place, topK, more than 31 days, 6 teams or 20 must-see games"),
     "422": resp(R("PlanFailure"), "The preferences cannot be planned: the failure and what to change"), **BIG, **BUSY}}},
 "/api/trips/tours": {"post": {"summary": "Start (or join the identical) every-park tour search; it runs in the background",
   "requestBody": body(R("TourRequest")),
   "responses": {"202": resp(R("TourJob"), "Queued or searching: poll statusUrl"), "200": resp(R("TourJob"), "The same search is already done"),
     "400": err("Not JSON, or a field out of range (the message names it)"), **BIG,
     "503": err("Too many searches are waiting; retry after the Retry-After seconds")}}},
 "/api/trips/tours/{id}": {"get": {"summary": "A tour search: state and progress, then the tour with its rules, lower bound and gap", "parameters": [p("id")],
   "responses": {"200": resp(R("TourJob")), "400": err("Not a tour job id"), "404": err("Unknown search (or the schedule changed since)")}}},
 "/api/trips/travellers": {"post": {"summary": "Create a traveller; keep the token (sent as Bearer) to own trips, visits and polls",
   "responses": {"201": resp(obj(["id", "token"], {"id": S(), "token": S()}))}}},
 "/api/trips/travellers/me": {"delete": {"summary": "Delete the traveller and everything they own", "security": AUTH,
   "responses": {"204": {"description": "Deleted"}, **U}}},
 "/api/trips/saved": {
   "get": {"summary": "Saved trips, newest first", "security": AUTH, "responses": {"200": resp(A(R("SavedTrip"))), **U}},
   "post": {"summary": "Save a planned option", "security": AUTH, "requestBody": body(obj(["name", "option"], {
     "name": S(), "option": R("ItineraryOption"), "preferences": {"type": "object"}})),
     "responses": {"201": resp(R("SavedTrip")), "400": err("Bad name or option"), "409": err("200 trips saved already"),
       "422": err("A game of the option is not in the schedule as given"), **U, **BIG}}},
 "/api/trips/saved/{id}": {
   "get": {"summary": "One saved trip", "security": AUTH, "parameters": [p("id")], "responses": {"200": resp(R("SavedTrip")), "404": err("Not yours or unknown"), **U}},
   "delete": {"summary": "Delete a saved trip", "security": AUTH, "parameters": [p("id")], "responses": {"204": {"description": "Deleted"}, "404": err("Not yours or unknown"), **U}}},
 "/api/trips/saved/{id}/calendar.ics": {"get": {"summary": "The trip as iCalendar (games and drives)", "security": AUTH, "parameters": [p("id")],
   "responses": {"200": {"description": "text/calendar", "content": {"text/calendar": {"schema": S()}}}, "404": err("Not yours or unknown"), **U}}},
 "/api/trips/visits": {
   "get": {"summary": "Stadium visits", "security": AUTH, "responses": {"200": resp(A(R("Visit"))), **U}},
   "post": {"summary": "Log a visit", "security": AUTH, "requestBody": body(obj(["venue", "date"], {"venue": S(), "date": DATE,
     "league": LEAGUE, "gameID": S(maxLength=64), "note": S(maxLength=500)})), "responses": {"201": resp(R("Visit")), "400": err("Unknown venue, bad date, league or game id"), **U, **BIG}}},
 "/api/trips/visits/{id}": {"delete": {"summary": "Delete a visit", "security": AUTH, "parameters": [p("id")],
   "responses": {"204": {"description": "Deleted"}, "404": err("Not yours or unknown"), **U}}},
 "/api/trips/progress": {"get": {"summary": "Visited vs remaining venues per league and division", "security": AUTH,
   "parameters": [q("league", S())], "responses": {"200": resp(obj(["leagues"], {"leagues": A({"type": "object"})})), "400": err("Unknown league"), **U}}},
 "/api/trips/achievements": {"get": {"summary": "Achievements earned (with date) or in progress", "security": AUTH,
   "responses": {"200": resp(A(obj(["definition", "current", "target"], {"definition": {"type": "object"}, "earnedOn": DATE,
     "current": I(), "target": I()}))), **U}}},
 "/api/trips/polls": {"post": {"summary": "Create a poll from 2–5 trip options", "security": AUTH,
   "requestBody": body(obj(["title", "options"], {"title": S(maxLength=120), "options": A(obj(["label", "option"], {
     "label": S(maxLength=80), "option": R("ItineraryOption")}))})),
   "responses": {"201": resp(R("Poll")), "400": err("Not JSON"), "422": err("Not 2–5 options, empty, repeated or too long labels, title too long, or a game not in the schedule"), **U, **BIG}}},
 "/api/trips/polls/{token}": {"get": {"summary": "A poll by its share token, with the live tally", "parameters": [p("token")],
   "responses": {"200": resp(R("Poll")), "404": err("Unknown link")}}},
 "/api/trips/polls/{token}/votes": {"post": {"summary": "Vote (per traveller token or device voterID); voting again changes the vote", "parameters": [p("token")],
   "requestBody": body(obj(["optionID"], {"optionID": S(), "voterID": S(minLength=8, maxLength=100)})),
   "responses": {"201": resp(R("Poll")), "400": err("No voter or not JSON"), "401": err("Unknown traveller token"),
     "404": err("Unknown link"), "409": err("Poll closed"), "422": err("Unknown option"), **BIG}}},
 "/api/trips/polls/{token}/close": {"post": {"summary": "Close a poll (its owner)", "security": AUTH, "parameters": [p("token")],
   "responses": {"200": resp(R("Poll")), "404": err("Not yours or unknown"), **U}}},
 "/api/trips/suggestions": {"get": {"summary": "Suggested trips, e.g. 3 ballparks in 4 days from a city in a month",
   "parameters": [q("from", S(), "city or lat,lon"), q("month", S(), "YYYY-MM"), q("league", S())],
   "responses": {"200": resp(A({"type": "object"})), "400": err("Unknown place, bad month or league"), **BUSY}}},
 "/api/trips/openapi.json": {"get": {"summary": "This document", "responses": {"200": {"description": "OpenAPI 3.1"}}}},
}
doc = {"openapi": "3.1.0", "info": {"title": "Clubhouse — SportsTime API", "version": "1.0.0",
  "description": "Venues, teams and games of MLB, NBA, NHL, NFL, MLS, WNBA and NWSL; trip planning (five modes); every-park tour searches; saved trips, visits, achievements and polls."},
  "servers": [{"url": "/"}], "paths": paths,
  "components": {"schemas": schemas, "securitySchemes": {"traveller": {"type": "http", "scheme": "bearer",
    "description": "The token from POST /api/trips/travellers"}}}}
print(json.dumps(doc, indent=1, ensure_ascii=False))
