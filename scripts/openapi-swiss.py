# Generates Sources/TodayInSwitzerlandServer/Resources/openapi.json:
#   python3 scripts/openapi-swiss.py > Sources/TodayInSwitzerlandServer/Resources/openapi.json
import json
S = lambda **k: {"type": "string", **k}
I = lambda **k: {"type": "integer", **k}
N = lambda **k: {"type": "number", **k}
B = lambda: {"type": "boolean"}
A = lambda items: {"type": "array", "items": items}
R = lambda name: {"$ref": f"#/components/schemas/{name}"}
NUL = lambda schema: {"oneOf": [schema, {"type": "null"}]}
DATE = S(format="date")
TIME = S(format="date-time")
def obj(required, props, **k): return {"type": "object", "required": required, "properties": props, **k}
def resp(schema, d="OK"): return {"description": d, "content": {"application/json": {"schema": schema}}}
ERR = {"400": resp(R("Error"), "Unknown city, language or option (the message lists the valid values)")}
CITY = {"name": "city", "in": "query", "schema": S(enum=["zurich", "basel", "bern", "geneva", "lausanne", "luzern", "winterthur"], default="zurich")}
LANG = {"name": "lang", "in": "query", "schema": S(enum=["en", "de"], default="en")}
REFRESH = {"name": "refresh", "in": "query", "schema": S(enum=["true"]), "description": "Fetch fresh upstream data (last good data if that fails)"}
SOURCES = {"type": "object", "description": "Per upstream: fresh, revalidating, lastGood (the upstream failed: last good data) or unavailable",
  "additionalProperties": obj(["state"], {"state": S(enum=["fresh", "revalidating", "lastGood", "unavailable"]), "fetchedAt": TIME})}
CITYINFO = obj(["id", "name"], {"id": S(), "name": S()})
HOLIDAY = obj(["date", "name", "nameDE", "daysUntil", "isToday"], {"date": DATE, "name": S(), "nameDE": S(),
  "national": B(), "cantons": A(S()), "cantonal": B(), "daysUntil": I(), "isToday": B(), "halfDay": B(), "observance": B()})
ITEM = obj(["headline", "summary", "detail", "source", "url", "sentiment"], {"headline": S(), "summary": S(), "detail": S(),
  "source": S(), "url": S(), "sentiment": S(enum=["positive", "neutral", "negative"]), "publishedAt": TIME,
  "headlineDE": S(), "summaryDE": S(), "detailDE": S(), "language": S()})
ACTIVITY = obj(["id", "name", "nameDE", "description", "descriptionDE", "indoor", "ageRange", "duration", "category"], {
  "id": S(), "city": S(), "name": S(), "nameDE": S(), "description": S(), "descriptionDE": S(), "indoor": B(),
  "ageRange": S(), "duration": S(), "price": S(), "priceDE": S(), "url": S(), "category": S(), "lat": N(), "lon": N(),
  "minAge": I(), "maxAge": I(), "recurring": S(), "season": S(), "availableMonths": A(I()), "free": B(),
  "subcategory": S(), "materials": S(), "materialsDE": S()})
schemas = {
 "Error": obj(["error"], {"error": S()}),
 "Weather": obj(["temperature", "weatherCode", "windSpeed", "description", "available"], {"temperature": I(),
   "weatherCode": I(description="WMO code; -1 when unavailable"), "windSpeed": I(), "description": S(), "icon": S(),
   "hourly": A(obj(["time", "temperature", "weatherCode"], {"time": S(), "temperature": I(), "weatherCode": I()})),
   "stale": B(), "fetchedAt": TIME, "available": B(),
   "daily": A(obj(["date", "weatherCode", "tempMax", "tempMin"], {"date": DATE, "weatherCode": I(), "tempMax": I(),
     "tempMin": I(), "precipitationProbability": I(minimum=0, maximum=100), "sunshineHours": N()}))}),
 "Transport": obj(["delays", "summary"], {"delays": A(obj(["line", "destination", "delay", "scheduledTime"], {
   "line": S(), "destination": S(), "delay": I(), "scheduledTime": S(), "platform": S()})),
   "summary": NUL(obj(["totalDelayed", "maxDelay", "status"], {"totalDelayed": I(), "maxDelay": I(), "status": S(enum=["minor", "major"])}))},
   description="summary is null when nothing is delayed or the boards are unavailable (the original PWA hides its widget; the SwiftUI client reads it as none)"),
 "Holiday": HOLIDAY,
 "NewsItem": ITEM,
 "Activity": ACTIVITY,
 "CityEvent": obj(["id", "name", "nameDE", "city", "startDate", "endDate", "description", "descriptionDE", "toddlerFriendly", "free"], {
   "id": S(), "name": S(), "nameDE": S(), "city": S(), "startDate": DATE, "endDate": DATE, "description": S(),
   "descriptionDE": S(), "toddlerFriendly": B(), "free": B(), "url": S()}),
 "Sunshine": obj(["id", "name", "lat", "lon", "region", "driveMinutes", "forecast", "sunshineHoursTotal"], {
   "id": S(), "name": S(), "nameDE": S(), "lat": N(), "lon": N(), "region": S(), "regionDE": S(), "driveMinutes": I(),
   "isBaseline": B(), "sunshineHoursTotal": N(),
   "forecast": A(obj(["date", "weatherCode", "tempMax", "tempMin", "sunshineHours", "precipMm"], {"date": DATE,
     "weatherCode": I(), "tempMax": I(), "tempMin": I(), "sunshineHours": N(), "precipMm": N(), "sunnyHours": A(I()), "description": S()})),
   "highlights": A(obj(["name", "nameDE", "type", "description", "descriptionDE", "lat", "lon"], {"name": S(), "nameDE": S(),
     "type": S(), "description": S(), "descriptionDE": S(), "indoor": B(), "lat": N(), "lon": N()}))}),
 "Snow": obj(["id", "name", "lat", "lon", "region", "driveMinutes", "altitude", "forecast", "snowfallWeekTotal", "snowDepthCm"], {
   "id": S(), "name": S(), "nameDE": S(), "lat": N(), "lon": N(), "region": S(), "regionDE": S(), "driveMinutes": I(),
   "altitude": I(), "snowfallWeekTotal": N(), "snowDepthCm": I(),
   "forecast": A(obj(["date", "snowfallCm", "weatherCode", "tempMax", "tempMin"], {"date": DATE, "snowfallCm": N(),
     "weatherCode": I(), "tempMax": I(), "tempMin": I(), "description": S()}))}),
}
PLANNED = NUL(ACTIVITY)
DAY = obj(["date", "weather", "plan", "holidays"], {"date": DATE,
  "weather": NUL(obj(["weatherCode", "tempMax", "tempMin", "description"], {"date": DATE, "weatherCode": I(), "tempMax": I(), "tempMin": I(), "description": S()})),
  "plan": obj(["morning", "afternoon"], {"morning": PLANNED, "afternoon": PLANNED}), "holidays": A(R("Holiday"))})
def get(summary, params, schema, cache="public, max-age=1800"):
    op = {"summary": summary, "parameters": params, "responses": {"200": resp(schema), **ERR}}
    return {"get": op, "post": {**op, "summary": summary + " (POST works as with the original worker)"}}
paths = {
 "/swiss/": get("Briefing: news, weather, holidays, school holidays, history, transport, trending, briefing", [CITY, LANG, REFRESH],
   obj(["categories", "weather", "holidays", "schoolHolidays", "history", "transport", "city", "timestamp"], {
     "categories": obj([], {k: A(R("NewsItem")) for k in ["topStories", "politics", "events", "culture", "local", "disruptions"]}),
     "weather": {**NUL(R("Weather")), "description": "null only for a cross-origin browser request (Origin header) when no weather was ever fetched"},
     "holidays": A(R("Holiday")),
     "schoolHolidays": A(obj(["name", "nameDE", "startDate", "endDate", "type"], {"name": S(), "nameDE": S(), "startDate": DATE, "endDate": DATE, "type": S()})),
     "history": obj(["year", "event", "eventDE"], {"year": I(), "event": S(), "eventDE": S()}),
     "transport": R("Transport"),
     "trending": NUL(obj(["topic", "topicDE", "headline", "url"], {"topic": S(), "topicDE": S(), "headline": S(), "url": S()})),
     "briefing": NUL(obj([], {"topStory": NUL({"allOf": [R("NewsItem"), obj(["category"], {"category": S()})]}),
       "suggestedActivity": NUL(R("Activity")),
       "dailyPick": NUL(obj(["activityId", "name", "nameDE", "reason", "reasonDE", "emoji", "indoor", "category"], {
         "activityId": S(), "name": S(), "nameDE": S(), "reason": S(), "reasonDE": S(), "emoji": S(), "indoor": B(), "category": S()}))})),
     "city": CITYINFO, "timestamp": TIME, "sources": SOURCES})),
 "/swiss/activities": get("Family activities (curated, seasonal, stay-home; indoor first in bad weather) and city events", [CITY, LANG, REFRESH,
     {"name": "filter", "in": "query", "schema": S(enum=["all", "indoor", "outdoor", "free", "seasonal", "stayhome", "near"])},
     {"name": "ages", "in": "query", "schema": S(enum=["2-3", "4-5"])},
     {"name": "near", "in": "query", "schema": S(), "description": "lat,lon (filter=near)"},
     {"name": "radius", "in": "query", "schema": N(), "description": "km, default 5 (filter=near)"}],
   obj(["activities", "cityEvents", "weather", "city", "timestamp"], {"activities": A(R("Activity")), "cityEvents": A(R("CityEvent")),
     "weather": R("Weather"), "city": CITYINFO, "timestamp": TIME, "sources": SOURCES})),
 "/swiss/weekend": get("Weekend planner: weather and a morning and afternoon pick for Saturday and Sunday", [CITY, LANG,
     {**REFRESH, "description": "Shuffle: a new plan (differs from the default), its seed sent back; not cached"},
     {"name": "seed", "in": "query", "schema": I(minimum=0, maximum=999999999), "description": "the plan of this shuffle seed (0: the default plan)"}],
   obj(["saturday", "sunday", "city", "timestamp"], {"saturday": DAY, "sunday": DAY, "city": CITYINFO, "timestamp": TIME,
     "seed": I(description="the plan's shuffle seed; pass it as seed= to get the same plan"), "sources": SOURCES})),
 "/swiss/lunch": get("Lunch spots near the centre (OpenStreetMap), open for lunch 11:00–14:00 today", [CITY, LANG, REFRESH,
     {"name": "open", "in": "query", "schema": S(enum=["now", "lunch"])}, {"name": "outdoor", "in": "query", "schema": S(enum=["true"])},
     {"name": "vegetarian", "in": "query", "schema": S(enum=["true"])}, {"name": "cuisine", "in": "query", "schema": S()},
     {"name": "near", "in": "query", "schema": S(), "description": "lat,lon"}, {"name": "radius", "in": "query", "schema": N(), "description": "km, ≤ 10"},
     {"name": "limit", "in": "query", "schema": I(minimum=1, maximum=500)}],
   obj(["spots", "center", "city", "timestamp"], {"spots": A(obj(["id", "name", "lat", "lon", "amenity"], {"id": S(), "name": S(),
     "lat": N(), "lon": N(), "amenity": S(), "cuisine": NUL(S()), "cuisineCategory": S(), "phone": NUL(S()), "website": NUL(S()),
     "openingHours": NUL(S()), "openForLunch": NUL(B()), "wheelchair": NUL(S()), "outdoorSeating": B(), "takeaway": B(),
     "vegetarian": NUL(S()), "vegan": NUL(S()), "distanceKm": N()})), "center": obj(["lat", "lon"], {"lat": N(), "lon": N()}),
     "city": CITYINFO, "timestamp": TIME, "sources": SOURCES})),
 "/swiss/events": get("Events calendar: a Monday-first month grid (events, holidays, school holidays) or one day's detail", [CITY, LANG,
     {"name": "month", "in": "query", "schema": S(), "description": "YYYY-MM (default: this month)"},
     {"name": "date", "in": "query", "schema": DATE, "description": "one day instead of a month"}],
   {"type": "object", "description": "MonthGrid {month, weeks: [[CalendarDay]]} or one CalendarDay {date, events, holidays, schoolHolidays, recurring, …}"}),
 "/swiss/sunshine": get("The weekend's sunniest places from Zürich (Zürich first, then by hours)", [LANG, REFRESH,
     {"name": "filter", "in": "query", "schema": S(enum=["all", "sunny", "partly", "cloudy"])},
     {"name": "sort", "in": "query", "schema": S(enum=["hours", "drive"])}],
   obj(["destinations", "weekendDates", "timestamp"], {"destinations": A(R("Sunshine")),
     "weekendDates": obj(["friday", "saturday", "sunday"], {"friday": DATE, "saturday": DATE, "sunday": DATE}),
     "nearestSunnyEscape": NUL(R("Sunshine")), "timestamp": TIME, "sources": SOURCES})),
 "/swiss/snow": get("This week's snowfall at 22 resorts", [LANG, REFRESH,
     {"name": "filter", "in": "query", "schema": S(enum=["all", "heavy", "moderate", "light"])},
     {"name": "sort", "in": "query", "schema": S(enum=["snowfall", "drive"])}],
   obj(["destinations", "weekDates", "timestamp"], {"destinations": A(R("Snow")),
     "weekDates": obj(["monday", "sunday"], {"monday": DATE, "sunday": DATE}), "powderAlert": NUL(R("Snow")), "timestamp": TIME, "sources": SOURCES})),
 "/swiss/deals": get("Free offers, deals and tips (all, as the worker; filtered by city when month, type or category is given)", [CITY, LANG,
     {"name": "month", "in": "query", "schema": I(minimum=1, maximum=12)},
     {"name": "type", "in": "query", "schema": S(enum=["free", "deal", "tip"])},
     {"name": "category", "in": "query", "schema": S(enum=["museum", "outdoor", "transport", "family", "seasonal"])}],
   obj(["deals"], {"deals": A(obj(["id", "name", "nameDE", "description", "descriptionDE", "category", "type", "city"], {
     "id": S(), "name": S(), "nameDE": S(), "description": S(), "descriptionDE": S(), "category": S(),
     "type": S(enum=["free", "deal", "tip"]), "city": S(), "url": S(), "recurring": S(), "savings": S(), "validMonths": A(I())}))})),
 "/swiss/version": {"get": {"summary": "Versions of the modules and when the server started",
   "responses": {"200": resp(obj(["worker", "modules", "deployedAt"], {"worker": S(), "modules": {"type": "object", "additionalProperties": S()}, "deployedAt": TIME}))}}},
 "/swiss/openapi.json": {"get": {"summary": "This document", "responses": {"200": {"description": "OpenAPI 3.1"}}}},
}
doc = {"openapi": "3.1.0", "info": {"title": "Clubhouse — Today in Switzerland API", "version": "3.0.0",
  "description": "Compatible with the original Cloudflare worker (same paths under /swiss/, shapes, CORS and {\"error\": …} errors), with Swiss dates, real holidays and last good data when an upstream fails. Every path also answers OPTIONS (CORS preflight); unknown paths under /swiss/ are 404 {\"error\":\"Not found\"}."},
  "servers": [{"url": "/"}], "paths": paths, "components": {"schemas": schemas}}
print(json.dumps(doc, indent=1, ensure_ascii=False))
