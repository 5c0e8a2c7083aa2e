#!/usr/bin/env python3
"""Local stand-ins for Open-Meteo, the news feeds, transport.opendata.ch and Overpass (documented formats), for the
Swiss API check and latency runs. Usage: swiss_fake_upstreams.py PORT [DELAY_MS]; point the server at it with
SWISS_OPENMETEO_URL, SWISS_TRANSPORT_URL, SWISS_OVERPASS_URL (…/api/interpreter) and SWISS_FEEDS_URL."""
import datetime
import json
import math
import sys
import threading
import time
import urllib.parse
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

DELAY = 0.0


def noise(seed, salt):
    x = math.sin(seed * 12.9898 + salt * 78.233) * 43758.5453
    return x - math.floor(x)


def days(query):
    if "start_date" in query and "end_date" in query:
        start = datetime.date.fromisoformat(query["start_date"][0])
        end = datetime.date.fromisoformat(query["end_date"][0])
    else:
        start = datetime.date.today()
        end = start + datetime.timedelta(days=int(query.get("forecast_days", ["7"])[0]) - 1)
    out = []
    while start <= end and len(out) < 16:
        out.append(start.isoformat())
        start += datetime.timedelta(days=1)
    return out


def forecast(query):
    lats = [float(x) for x in query.get("latitude", ["47.37"])[0].split(",")]
    lons = [float(x) for x in query.get("longitude", ["8.54"])[0].split(",")]
    dates = days(query)
    locations = []
    for i, lat in enumerate(lats):
        seed = lat * 31 + lons[i]
        loc = {"latitude": lat, "longitude": lons[i], "timezone": "Europe/Zurich"}
        if "current" in query:
            loc["current"] = {"time": dates[0] + "T12:00", "temperature_2m": 4 + noise(seed, 1) * 20,
                              "weather_code": [0, 1, 2, 3, 61][int(noise(seed, 2) * 5)], "wind_speed_10m": noise(seed, 3) * 30}
        if "daily" in query:
            daily = {"time": dates}
            for field in query["daily"][0].split(","):
                values = []
                for d in range(len(dates)):
                    r = noise(seed + d, len(field))
                    values.append({"weather_code": [0, 1, 2, 3, 45, 61, 71, 80][int(r * 8)], "temperature_2m_max": round(8 + r * 18),
                                   "temperature_2m_min": round(r * 8), "sunshine_duration": round(r * 11 * 3600),
                                   "precipitation_sum": round(r * 8, 1), "snowfall_sum": round(r * 30, 1)}.get(field, r))
                daily[field] = values
            loc["daily"] = daily
        if "hourly" in query:
            hours = [f"{d}T{h:02d}:00" for d in dates for h in range(24)]
            if "forecast_hours" in query:
                now = datetime.datetime.now(datetime.timezone(datetime.timedelta(hours=1)))
                first = now.strftime("%Y-%m-%dT%H:00")
                hours = [h for h in hours if h >= first][: int(query["forecast_hours"][0])] or hours[:12]
            hourly = {"time": hours}
            for field in query["hourly"][0].split(","):
                hourly[field] = [
                    {"sunshine_duration": round(noise(seed + k, 5) * 3600) if 6 <= k % 24 <= 19 else 0,
                     "snow_depth": round(noise(seed + k, 6) * 1.2, 2), "temperature_2m": 2 + noise(seed + k, 7) * 20,
                     "weather_code": [0, 1, 2, 3, 61][int(noise(seed + k, 8) * 5)]}.get(field, 0)
                    for k in range(len(hours))]
            loc["hourly"] = hourly
        locations.append(loc)
    return locations[0] if len(locations) == 1 else locations


HEADLINES = [
    ("Bundesrat beschliesst neue Massnahmen für die Energieversorgung", "Der Bundesrat hat am Mittwoch entschieden."),
    ("Stadtrat plant mehr Velowege im Quartier", "Die Stadt will bis 2030 zwanzig Kilometer neue Velowege bauen."),
    ("Theater Spektakel lockt 100'000 Besucher an", "Das Festival am See war ein grosser Erfolg."),
    ("Kunstmuseum zeigt neue Ausstellung", "Die Schau öffnet am Freitag und dauert bis im Frühling."),
    ("Stau am Gotthard: 15 Kilometer vor dem Nordportal", "Reisende brauchen viel Geduld."),
    ("Le Conseil fédéral présente son budget", "Le gouvernement prévoit un léger excédent."),
]


def rss(name):
    now = datetime.datetime.now(datetime.timezone.utc)
    items = ""
    for i in range(6):
        title, summary = HEADLINES[(len(name) + i) % len(HEADLINES)]
        date = (now - datetime.timedelta(minutes=30 * i)).strftime("%a, %d %b %Y %H:%M:%S +0000")
        items += (f"<item><title>{title}</title><link>https://news.example/{name}/{i}</link>"
                  f"<description><![CDATA[<p>{summary}</p>]]></description><pubDate>{date}</pubDate></item>")
    return f'<?xml version="1.0" encoding="UTF-8"?><rss version="2.0"><channel><title>{name}</title>{items}</channel></rss>'


def stationboard(station):
    now = datetime.datetime.now(datetime.timezone(datetime.timedelta(hours=1)))
    board = []
    for i, delay in enumerate([0, 7, None, 2, 18, 4]):
        departure = (now + datetime.timedelta(minutes=5 * i)).strftime("%Y-%m-%dT%H:%M:%S+0100")
        board.append({"category": ["IC", "S", "IR"][i % 3], "number": str(i + 3), "name": f"{i}", "to": "Bern",
                      "stop": {"station": {"name": station}, "departure": departure, "delay": delay, "platform": str(i + 1)}})
    return {"station": {"name": station}, "stationboard": board}


OVERPASS = {"elements": [
    {"type": "node", "id": 101, "lat": 47.3744, "lon": 8.5410, "tags": {"amenity": "restaurant", "name": "Zeughauskeller", "cuisine": "swiss", "opening_hours": "Mo-Su 11:30-23:00"}},
    {"type": "node", "id": 102, "lat": 47.3722, "lon": 8.5395, "tags": {"amenity": "restaurant", "name": "Hiltl", "cuisine": "vegetarian", "diet:vegetarian": "only", "opening_hours": "Mo-Sa 06:00-24:00; Su 08:00-24:00"}},
    {"type": "node", "id": 103, "lat": 47.3760, "lon": 8.5440, "tags": {"amenity": "cafe", "name": "Café Henrici", "opening_hours": "Mo-Fr 07:00-18:00; Su,PH off"}},
]}


class Handler(BaseHTTPRequestHandler):
    def log_message(self, *args):
        pass

    def reply(self, body, kind="application/json"):
        time.sleep(getattr(self.server, "delay", DELAY))
        data = body.encode() if isinstance(body, str) else json.dumps(body).encode()
        self.send_response(200)
        self.send_header("Content-Type", kind)
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    def do_GET(self):
        url = urllib.parse.urlparse(self.path)
        query = urllib.parse.parse_qs(url.query)
        if url.path == "/v1/forecast":
            self.reply(forecast(query))
        elif url.path.startswith("/feeds/"):
            self.reply(rss(url.path[7:]), "application/rss+xml")
        elif url.path == "/v1/stationboard":
            self.reply(stationboard(query.get("station", ["Zürich HB"])[0]))
        else:
            self.send_error(404)

    def do_POST(self):
        length = int(self.headers.get("Content-Length") or 0)
        self.rfile.read(length)
        if self.path.startswith("/api/interpreter"):
            self.reply(OVERPASS)
        else:
            self.send_error(404)


def serve(port, delay_ms=0):
    global DELAY
    DELAY = delay_ms / 1000
    server = ThreadingHTTPServer(("127.0.0.1", port), Handler)
    server.daemon_threads = True
    server.delay = delay_ms / 1000  # per server: a script may run a prompt and a slow one side by side
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    return server


if __name__ == "__main__":
    serve(int(sys.argv[1]), int(sys.argv[2]) if len(sys.argv) > 2 else 0)
    print(f"fake Swiss upstreams on 127.0.0.1:{sys.argv[1]}", flush=True)
    threading.Event().wait()
