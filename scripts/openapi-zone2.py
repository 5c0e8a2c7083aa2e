# Generates Sources/JustZone2Server/Resources/openapi.json: python3 scripts/openapi-zone2.py > Sources/JustZone2Server/Resources/openapi.json
import json
S = lambda: {"type": "string"}
I = lambda: {"type": "integer"}
token = {"type": "object", "required": ["access_token", "refresh_token", "expires_at"], "properties": {
    "token_type": S(), "access_token": S(), "refresh_token": S(), "expires_at": I(), "expires_in": I(),
    "athlete": {"type": "object", "description": "Strava's summary athlete (code exchange only)"}}}
error = {"type": "object", "required": ["error"], "properties": {"error": S()}}
def resp(schema, d="OK"): return {"description": d, "content": {"application/json": {"schema": schema}}}
def errors(): return {"400": resp({"$ref": "#/components/schemas/Error"}, "Missing field or refused by Strava"),
    "429": resp({"$ref": "#/components/schemas/Error"}, "Too many calls from this client or Strava's limit"),
    "502": resp({"$ref": "#/components/schemas/Error"}, "Strava unreachable (connection refused or broken)"),
    "503": resp({"$ref": "#/components/schemas/Error"}, "Deliberate: Strava is not configured on this server "
                "(STRAVA_CLIENT_ID and STRAVA_CLIENT_SECRET unset), so it holds no client secret to exchange codes "
                "with; the message says which settings to set. Also, with Retry-After, while the database is "
                "briefly unavailable"),
    "504": resp({"$ref": "#/components/schemas/Error"}, "Strava accepted the call but did not answer within 10 s "
                "(one attempt: a caller waits seconds, never a minute)")}
doc = {"openapi": "3.1.0",
 "info": {"title": "Clubhouse — JustZone2 API", "version": "1.0.0",
          "description": "The original app's Strava token worker: the client secret stays on the server."},
 "servers": [{"url": "/"}],
 "paths": {
  "/zone2/token": {"post": {"summary": "Exchange a Strava authorization code for tokens",
     "requestBody": {"required": True, "content": {"application/json": {"schema": {"type": "object", "required": ["code"], "properties": {"code": S()}}}}},
     "responses": {"200": resp({"$ref": "#/components/schemas/Token"}), **errors()}}},
  "/zone2/refresh": {"post": {"summary": "Refresh an access token",
     "requestBody": {"required": True, "content": {"application/json": {"schema": {"type": "object", "required": ["refresh_token"], "properties": {"refresh_token": S()}}}}},
     "responses": {"200": resp({"$ref": "#/components/schemas/Token"}), **errors()}}},
  "/zone2/history": {"get": {"summary": "The athlete's indoor rides with streams and Zone 2 numbers (streams cached)",
     "parameters": [{"name": "days", "in": "query", "schema": {"type": "integer", "minimum": 1, "maximum": 365, "default": 90}},
                    {"name": "zone", "in": "query", "schema": S(), "description": "Zone 2 bounds in bpm, e.g. 125-138"}],
     "security": [{"stravaToken": []}],
     "responses": {"200": resp({"type": "object", "required": ["rides"], "properties": {"rides": {"type": "array", "items": {"$ref": "#/components/schemas/Ride"}}}}),
                   "400": resp({"$ref": "#/components/schemas/Error"}, "Bad days or zone"),
                   "401": resp({"$ref": "#/components/schemas/Error"}, "Missing or refused access token"),
                   "429": resp({"$ref": "#/components/schemas/Error"}, "Too many calls"),
                   "502": resp({"$ref": "#/components/schemas/Error"}, "Strava unreachable"),
                   "503": resp({"$ref": "#/components/schemas/Error"}, "The database is briefly unavailable (Retry-After)"),
                   "504": resp({"$ref": "#/components/schemas/Error"}, "Strava did not answer within 10 s (one attempt)")}}},
  "/zone2/ride/state": {"get": {"summary": "The rider's live ride now (what the bridge's `state` frames carry)",
     "description": "For pages without the WebSocket (no JavaScript, a script). The rider is the jz2_rider cookie; "
                    "without one, or without a ride in progress, the status is `none` (or `interrupted` with `next`, "
                    "the ride's page offering Resume). Refreshed once a second on the server.",
     "responses": {"200": resp({"$ref": "#/components/schemas/RideState"}),
                   "503": resp({"$ref": "#/components/schemas/Error"}, "The database is briefly unavailable (Retry-After)")}}},
  "/zone2/openapi.json": {"get": {"summary": "This document", "responses": {"200": {"description": "OpenAPI 3.1"}}}}},
 "components": {"schemas": {"Token": token, "Error": error, "Ride": {"type": "object",
   "required": ["id", "name", "start", "movingTime", "sportType", "streams"], "properties": {
     "id": I(), "name": S(), "start": {"type": "string", "format": "date-time"}, "movingTime": I(), "sportType": S(),
     "averageHeartRate": {"type": "number"}, "averagePower": {"type": "number"}, "timeInZone": {"type": "number"},
     "efficiencyFactor": {"type": "number"}, "decoupling": {"type": "number"},
     "streams": {"type": "object", "required": ["time"], "properties": {"time": {"type": "array", "items": I()},
        "heartrate": {"type": "array", "items": I()}, "watts": {"type": "array", "items": I()}, "cadence": {"type": "array", "items": I()}}}}},
  "RideState": {"type": "object", "required": ["status", "laps", "radio", "seq"], "properties": {
     "status": {"type": "string", "enum": ["none", "live", "finished", "interrupted"]},
     "ride": {"type": "string", "description": "the ride's id"},
     "source": {"type": "string", "enum": ["bridge", "simulator", "imported"]},
     "mode": {"type": "string", "enum": ["erg", "hr"], "description": "ERG, or heart-rate guided power"},
     "snapshot": {"$ref": "#/components/schemas/RideSnapshot"},
     "zoneLower": I(), "zoneUpper": I(),
     "radio": {"type": "boolean", "description": "a browser tab holds the Bluetooth links (always true for the simulator)"},
     "laps": {"type": "array", "items": I(), "description": "lap markers, riding seconds"},
     "message": {"type": "string", "description": "what the last command did, or why the ride paused"},
     "next": {"type": "string", "description": "the page to go to: the summary when finished, the ride when interrupted"},
     "seq": I(), "radioPingMs": {"type": "integer", "description": "the radio tab's last ping round trip (ms); the page warns above 300"}}},
  "RideSnapshot": {"type": "object", "required": ["elapsed", "total", "phase", "phaseRemaining", "isPaused",
       "isFinished", "target", "trainerConnected"], "properties": {
     "elapsed": {"type": "number", "description": "riding seconds (pauses excluded)"}, "total": {"type": "number"},
     "phase": {"type": "string", "enum": ["warmUp", "main", "coolDown", "finished"]},
     "phaseRemaining": {"type": "number"}, "isPaused": {"type": "boolean"}, "isFinished": {"type": "boolean"},
     "power": I(), "target": I(), "heartRate": I(), "cadence": I(), "zoneLower": I(), "zoneUpper": I(),
     "trainerConnected": {"type": "boolean"}, "strapConnected": {"type": "boolean"}, "notice": S()}}},
  "securitySchemes": {"stravaToken": {"type": "http", "scheme": "bearer", "description": "the athlete's Strava access token"}}}}
print(json.dumps(doc, indent=1, ensure_ascii=False))
