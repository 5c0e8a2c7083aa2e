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
    "502": resp({"$ref": "#/components/schemas/Error"}, "Strava unreachable"),
    "503": resp({"$ref": "#/components/schemas/Error"}, "Strava not configured on this server")}
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
  "/zone2/openapi.json": {"get": {"summary": "This document", "responses": {"200": {"description": "OpenAPI 3.1"}}}}},
 "components": {"schemas": {"Token": token, "Error": error}}}
print(json.dumps(doc, indent=1, ensure_ascii=False))
