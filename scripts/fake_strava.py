#!/usr/bin/env python3
"""A small stand-in for Strava's OAuth and API v3 on 127.0.0.1, for scripts/cluster-check.

Serves what the Club Weekly sync calls: POST /oauth/token (code and refresh grants), POST /oauth/revoke,
GET /api/v3/athlete, GET /api/v3/athlete/activities (empty) and GET /api/v3/activities/{id} (any id, owned by the
athlete of the token). Access tokens look like access-<athlete>-<serial>, so any code `code-<athlete>` connects that
athlete. Every response carries generous rate-limit headers.

It counts, per activity, the requests that arrived and the responses fully delivered ("served"), and can hold the
first request of one activity until its client goes away (the instance holding it was killed), so a script can
prove that an activity's data reached an instance once. Control endpoints (JSON):

  GET  /_counts               {"requests": {id: n}, "served": {id: n}, "abandoned": {id: n}, "held": bool}
  POST /_hold?activity=ID     hold the next request for activity ID until the client disconnects (at most 120 s)

Usage: fake_strava.py PORT
"""

import json
import re
import select
import socket
import sys
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import parse_qs, urlparse

LOCK = threading.Lock()
REQUESTS = {}
SERVED = {}
ABANDONED = {}
HOLD = {"activity": None, "arrived": False}
SERIAL = [0]
HOLD_LIMIT = 120.0


def bump(table, key):
    with LOCK:
        table[key] = table.get(key, 0) + 1


def token_for(athlete):
    with LOCK:
        SERIAL[0] += 1
        serial = SERIAL[0]
    now = int(time.time())
    return {
        "token_type": "Bearer",
        "access_token": f"access-{athlete}-{serial}",
        "refresh_token": f"refresh-{athlete}-{serial}",
        "expires_at": now + 6 * 3600,
        "expires_in": 6 * 3600,
    }


def activity(activity_id, athlete):
    start = time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime(time.time() - 3600 - activity_id % 3000))
    return {
        "id": activity_id,
        "name": f"Ride {activity_id}",
        "type": "Ride",
        "sport_type": "Ride",
        "start_date": start,
        "timezone": "(GMT+00:00) Europe/Dublin",
        "distance": 20000.0 + activity_id % 1000,
        "moving_time": 3600,
        "elapsed_time": 3700,
        "total_elevation_gain": 120.0,
        "trainer": False,
        "commute": False,
        "visibility": "everyone",
        "athlete": {"id": athlete},
    }


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def log_message(self, *args):
        pass

    def reply(self, status, body, activity_id=None):
        data = json.dumps(body).encode()
        try:
            self.send_response(status)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(data)))
            self.send_header("X-RateLimit-Limit", "30000,300000")
            self.send_header("X-RateLimit-Usage", "1,1")
            self.send_header("X-ReadRateLimit-Limit", "30000,300000")
            self.send_header("X-ReadRateLimit-Usage", "1,1")
            self.end_headers()
            self.wfile.write(data)
            self.wfile.flush()
        except OSError:
            if activity_id is not None:
                bump(ABANDONED, activity_id)
            return
        if activity_id is not None:
            bump(SERVED, activity_id)

    def athlete(self):
        auth = self.headers.get("Authorization", "")
        match = re.fullmatch(r"Bearer access-(\d+)-\d+", auth)
        return int(match.group(1)) if match else None

    def form(self):
        length = int(self.headers.get("Content-Length") or 0)
        text = self.rfile.read(length).decode() if length else ""
        return {key: values[0] for key, values in parse_qs(text).items()}

    def client_gone(self):
        """True when the peer closed its end (read side at EOF)."""
        try:
            readable, _, _ = select.select([self.connection], [], [], 0.2)
            if not readable:
                return False
            return self.connection.recv(1, socket.MSG_PEEK) == b""
        except OSError:
            return True

    def hold(self, activity_id):
        with LOCK:
            if HOLD["activity"] != activity_id:
                return False
            HOLD["activity"] = None
            HOLD["arrived"] = True
        deadline = time.monotonic() + HOLD_LIMIT
        while time.monotonic() < deadline:
            if self.client_gone():
                bump(ABANDONED, activity_id)
                self.close_connection = True
                return True
        return False

    def do_POST(self):
        path = urlparse(self.path)
        if path.path == "/oauth/token":
            form = self.form()
            if form.get("grant_type") == "refresh_token":
                match = re.fullmatch(r"refresh-(\d+)-\d+", form.get("refresh_token", ""))
                if not match:
                    return self.reply(400, {"message": "Bad Request", "errors": [{"field": "refresh_token"}]})
                return self.reply(200, token_for(int(match.group(1))))
            match = re.fullmatch(r"code-(\d+)", form.get("code", ""))
            if not match:
                return self.reply(400, {"message": "Bad Request", "errors": [{"field": "code", "code": "invalid"}]})
            athlete = int(match.group(1))
            body = token_for(athlete)
            body["athlete"] = {"id": athlete, "firstname": "Cluster", "lastname": f"Rider{athlete}"}
            return self.reply(200, body)
        if path.path in ("/oauth/revoke", "/oauth/deauthorize"):
            self.form()
            return self.reply(200, {})
        if path.path == "/_hold":
            query = parse_qs(path.query)
            with LOCK:
                HOLD["activity"] = int(query["activity"][0])
                HOLD["arrived"] = False
            return self.reply(200, {"holding": HOLD["activity"]})
        self.reply(404, {"message": "Record Not Found"})

    def do_GET(self):
        path = urlparse(self.path).path
        if path == "/_counts":
            with LOCK:
                body = {
                    "requests": dict(REQUESTS),
                    "served": dict(SERVED),
                    "abandoned": dict(ABANDONED),
                    "held": HOLD["arrived"],
                }
            return self.reply(200, body)
        athlete = self.athlete()
        if athlete is None:
            return self.reply(401, {"message": "Authorization Error", "errors": [{"field": "access_token"}]})
        if path == "/api/v3/athlete":
            return self.reply(200, {"id": athlete, "firstname": "Cluster", "lastname": f"Rider{athlete}"})
        if path == "/api/v3/athlete/activities":
            return self.reply(200, [])
        match = re.fullmatch(r"/api/v3/activities/(\d+)", path)
        if match:
            activity_id = int(match.group(1))
            bump(REQUESTS, activity_id)
            if self.hold(activity_id):
                return
            return self.reply(200, activity(activity_id, athlete), activity_id)
        self.reply(404, {"message": "Record Not Found"})


def main():
    port = int(sys.argv[1]) if len(sys.argv) > 1 else 18099
    server = ThreadingHTTPServer(("127.0.0.1", port), Handler)
    server.daemon_threads = True
    server.serve_forever()


if __name__ == "__main__":
    main()
