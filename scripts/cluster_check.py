#!/usr/bin/env python3
"""Two Clubhouse instances over one PostgreSQL behind nginx, checked with assertions (run by scripts/cluster-check).

Starts its own PostgreSQL cluster, a fake Strava (scripts/fake_strava.py), instances A and B of the `clubhouse`
binary (same DATABASE_URL and TOKEN_ENCRYPTION_KEY) and nginx with both as upstreams, all on 127.0.0.1, then proves:

  sessions   a session made on A is valid on B and a sign-out on B ends it on A
  lockout    wrong club codes counted on A and B together; the lock-out holds on A, B and through nginx
  oauth      the Strava OAuth flow started on one instance finishes on the other
  jobs       200 webhook events through nginx: each activity read from Strava once and stored once
  kill -9    the instance holding a job (its Strava read held open by the fake) is killed while writers post
             through nginx: every acknowledged write is present, none doubled; the other instance takes the job
             over within 60 s (lease heartbeat) and the activity reaches the cluster once

Environment: CLUBHOUSE_BIN (the binary, required), CLUSTER_PORT_BASE (default 18470: nginx, +1 fake Strava, +2 A,
+3 B) and CLUSTER_PG_PORT (default 55470). Prints the figures and exits non-zero on any failure.
"""

import base64
import concurrent.futures
import glob
import http.client
import json
import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
BIN = os.environ.get("CLUBHOUSE_BIN", "")
BASE = int(os.environ.get("CLUSTER_PORT_BASE", "18470"))
NGINX_PORT, FAKE_PORT, PORT_A, PORT_B = BASE, BASE + 1, BASE + 2, BASE + 3
PG_PORT = int(os.environ.get("CLUSTER_PG_PORT", "55470"))
CLUB, CODE = "cluster", "K7MPQ2XRTT"
LOCK_CLUB, LOCK_CODE = "lockout", "W3XHZ8NPQR"
ATHLETE = 777
LEASE_LIMIT = 60.0

WORK = tempfile.mkdtemp(prefix="clubhouse-cluster.")
PROCESSES = {}
PG = {"bin": None, "data": None}
RESULTS = {"passed": 0, "failed": 0}


class CheckFailed(Exception):
    pass


def log(message):
    print(f"cluster: {message}", flush=True)


def check(condition, message):
    if not condition:
        raise CheckFailed(message)


# MARK: Processes


def as_postgres(command):
    if os.geteuid() == 0:
        return ["su", "postgres", "-c", " ".join(command)]
    return command


def start_postgres():
    bins = sorted(glob.glob("/usr/lib/postgresql/*/bin"), key=lambda p: [int(x) for x in p.split("/")[-2].split(".")])
    check(bins, "PostgreSQL is not installed (/usr/lib/postgresql/*/bin)")
    PG["bin"] = bins[-1]
    data = os.path.join(WORK, "pg")
    os.makedirs(data)
    if os.geteuid() == 0:
        os.chmod(WORK, 0o755)
        shutil.chown(data, "postgres", "postgres")
    subprocess.run(
        as_postgres([f"{PG['bin']}/initdb", "-D", data, "-A", "trust", "-U", "postgres"]),
        check=True, stdout=subprocess.DEVNULL)
    PG["data"] = data
    global PG_PORT
    # The port may be taken (another cluster of this machine, a socket lock left behind): then another free one.
    for attempt in range(3):
        options = f"'-p {PG_PORT} -k /tmp -c listen_addresses=127.0.0.1 -c max_connections=200'"
        started = subprocess.run(
            as_postgres([f"{PG['bin']}/pg_ctl", "-D", data, "-o", options, "-l", f"{data}/log", "-w", "start"]),
            stdout=subprocess.DEVNULL)
        if started.returncode == 0:
            break
        with open(f"{data}/log", errors="replace") as log:
            print(f"cluster: PostgreSQL did not start on port {PG_PORT}:\n" + "".join(log.readlines()[-6:]), flush=True)
        check(attempt < 2, "PostgreSQL did not start (log above)")
        with socket.socket() as probe:
            probe.bind(("127.0.0.1", 0))
            PG_PORT = probe.getsockname()[1]
    psql("CREATE DATABASE clubhouse", database="postgres")


def stop_postgres():
    if PG["data"]:
        subprocess.run(
            as_postgres([f"{PG['bin']}/pg_ctl", "-D", PG["data"], "-m", "fast", "stop"]),
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)


def psql(sql, database="clubhouse"):
    out = subprocess.run(
        ["psql", "-h", "127.0.0.1", "-p", str(PG_PORT), "-U", "postgres", "-d", database, "-Atq", "-c", sql],
        check=True, capture_output=True, text=True)
    return out.stdout.strip()


def psql_int(sql):
    return int(psql(sql) or 0)


def spawn(name, command, env=None):
    output = open(os.path.join(WORK, f"{name}.log"), "w")
    process = subprocess.Popen(command, env=env, stdout=output, stderr=subprocess.STDOUT, cwd=WORK)
    PROCESSES[name] = process
    return process


def stop_all():
    for name, process in reversed(list(PROCESSES.items())):
        if process.poll() is None:
            process.terminate()
            try:
                process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait()
    stop_postgres()


def instance_env():
    env = dict(os.environ)
    env.update({
        "DATABASE_URL": f"postgres://postgres@127.0.0.1:{PG_PORT}/clubhouse?sslmode=disable",
        "TOKEN_ENCRYPTION_KEY": KEY,
        "PUBLIC_URL": f"http://127.0.0.1:{NGINX_PORT}",
        "STRAVA_CLIENT_ID": "12345",
        "STRAVA_CLIENT_SECRET": "fake-secret",
        "STRAVA_API_URL": f"http://127.0.0.1:{FAKE_PORT}/api/v3",
        "STRAVA_OAUTH_URL": f"http://127.0.0.1:{FAKE_PORT}/oauth",
        "STRAVA_VERIFY_TOKEN": "cluster-verify",
        # Both spellings: the boolean, and the list of proxy addresses that replaces it.
        "CLUBHOUSE_TRUSTED_PROXIES": "127.0.0.1/32",
        "CLUBHOUSE_METRICS_TOKEN": "cluster-metrics",
        "CLUBHOUSE_SEED_DEMO": "false",
        "CLUBHOUSE_LOG_LEVEL": "warning",
    })
    return env


KEY = base64.b64encode(os.urandom(32)).decode()


def start_instance(name, port):
    data = os.path.join(WORK, f"data-{name}")
    os.makedirs(data)
    process = spawn(name, [BIN, "serve", "--port", str(port), "--data-dir", data], env=instance_env())
    wait_for(lambda: request(port, "GET", "/health")[0] == 200, 90, f"instance {name} did not become healthy")
    return process


def start_nginx():
    for directory in ("body", "proxy", "fastcgi", "uwsgi", "scgi"):
        os.makedirs(os.path.join(WORK, "nginx", directory), exist_ok=True)
    user = "user root root;" if os.geteuid() == 0 else ""
    config = f"""
{user}
worker_processes 1;
pid {WORK}/nginx/nginx.pid;
error_log {WORK}/nginx/error.log warn;
events {{ worker_connections 1024; }}
http {{
    access_log off;
    client_body_temp_path {WORK}/nginx/body;
    proxy_temp_path {WORK}/nginx/proxy;
    fastcgi_temp_path {WORK}/nginx/fastcgi;
    uwsgi_temp_path {WORK}/nginx/uwsgi;
    scgi_temp_path {WORK}/nginx/scgi;
{NGINX_SITE}
}}
"""
    path = os.path.join(WORK, "nginx", "nginx.conf")
    with open(path, "w") as handle:
        handle.write(config)
    spawn("nginx", ["nginx", "-p", os.path.join(WORK, "nginx"), "-c", path, "-g", "daemon off;"])
    wait_for(lambda: request(NGINX_PORT, "GET", "/health")[0] == 200, 30, "nginx did not start")


# The same site block as the README's example (ports aside).
NGINX_SITE = f"""
    upstream clubhouse {{
        server 127.0.0.1:{PORT_A} max_fails=1 fail_timeout=5s;
        server 127.0.0.1:{PORT_B} max_fails=1 fail_timeout=5s;
        keepalive 32;
    }}
    server {{
        listen 127.0.0.1:{NGINX_PORT};
        client_max_body_size 64m;
        location / {{
            proxy_pass http://clubhouse;
            proxy_http_version 1.1;
            proxy_set_header Connection "";
            proxy_set_header Host $host;
            proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
            proxy_set_header X-Forwarded-Proto $scheme;
            proxy_connect_timeout 2s;
            proxy_next_upstream error timeout http_502 http_503;
        }}
    }}
"""


# MARK: HTTP


def request(port, method, path, body=None, headers=None, timeout=10):
    """(status, headers, body) or (0, {}, error text) when the connection fails."""
    data = None
    headers = dict(headers or {})
    if body is not None:
        data = json.dumps(body).encode()
        headers.setdefault("Content-Type", "application/json")
    try:
        connection = http.client.HTTPConnection("127.0.0.1", port, timeout=timeout)
        connection.request(method, path, body=data, headers=headers)
        response = connection.getresponse()
        payload = response.read()
        result = (response.status, {k.lower(): v for k, v in response.getheaders()}, payload)
        connection.close()
        return result
    except (OSError, http.client.HTTPException) as error:
        return (0, {}, str(error).encode())


def wait_for(predicate, seconds, message, step=0.25):
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if predicate():
            return
        time.sleep(step)
    raise CheckFailed(message)


def cookie_of(headers):
    value = headers.get("set-cookie", "")
    check(value, "no session cookie in the answer")
    return value.split(";")[0]


def sign_in(port, slug=CLUB, code=CODE):
    status, headers, body = request(port, "POST", f"/api/clubs/{slug}/session", {"code": code})
    check(status == 200, f"sign-in on {port} answered {status}: {body[:200]!r}")
    return cookie_of(headers)


def webhook(event_id, port=NGINX_PORT):
    event = {
        "object_type": "activity", "object_id": event_id, "aspect_type": "create", "owner_id": ATHLETE,
        "subscription_id": 1, "event_time": int(time.time()), "updates": {},
    }
    return request(port, "POST", "/strava/webhook", event)[0]


def fake_counts():
    status, _, body = request(FAKE_PORT, "GET", "/_counts")
    check(status == 200, "the fake Strava did not answer")
    counts = json.loads(body)
    return {name: {int(k): v for k, v in table.items()} for name, table in counts.items() if name != "held"}, \
        counts["held"]


# MARK: Checks


def check_sessions():
    cookie = sign_in(PORT_A)
    week = f"/api/clubs/{CLUB}/week"
    check(request(PORT_B, "GET", week)[0] == 401, "the private club's week answered without a session")
    check(request(PORT_B, "GET", week, headers={"Cookie": cookie})[0] == 200, "a session made on A is not valid on B")
    check(request(PORT_B, "DELETE", f"/api/clubs/{CLUB}/session", headers={"Cookie": cookie})[0] in (200, 204),
          "sign-out on B failed")
    check(request(PORT_A, "GET", week, headers={"Cookie": cookie})[0] == 401, "a session ended on B still works on A")
    log("sessions: made on A, valid on B; ended on B, refused on A")


def check_lockout():
    wrong = 0
    first_lock = None
    for attempt in range(1, 21):
        port = PORT_A if attempt % 2 else PORT_B
        status = request(port, "POST", f"/api/clubs/{LOCK_CLUB}/session", {"code": "AAAAAAAAAA"})[0]
        if status == 429:
            first_lock = attempt
            break
        check(status == 401, f"a wrong code answered {status}")
        wrong += 1
    check(first_lock is not None and wrong <= 10, f"no lock-out after {wrong} wrong codes spread over A and B")
    for name, port in (("A", PORT_A), ("B", PORT_B), ("nginx", NGINX_PORT)):
        status = request(port, "POST", f"/api/clubs/{LOCK_CLUB}/session", {"code": LOCK_CODE})[0]
        check(status == 429, f"the lock-out does not hold on {name} (the right code answered {status})")
    log(f"lockout: {wrong} wrong codes alternating A and B lock the client out on A, B and through nginx")


def connect_strava():
    cookie = sign_in(NGINX_PORT)
    status, headers, _ = request(PORT_A, "GET", f"/api/clubs/{CLUB}/strava/connect", headers={"Cookie": cookie})
    check(status in (302, 303), f"Strava connect answered {status}")
    location = headers.get("location", "")
    state = [p.split("=", 1)[1] for p in location.split("?", 1)[-1].split("&") if p.startswith("state=")]
    check(state, f"no OAuth state in {location}")
    status, headers, body = request(
        PORT_B, "GET", f"/strava/callback?state={state[0]}&code=code-{ATHLETE}&scope=read,activity:read_all")
    check(status in (302, 303) and "strava=connected" in headers.get("location", ""),
          f"the OAuth callback on B answered {status} {headers.get('location')} {body[:200]!r}")
    wait_for(lambda: psql_int("SELECT COUNT(*) FROM jobs WHERE kind = 'strava.backfill'") == 0, 60,
             "the backfill job did not finish")
    log("oauth: started on A, finished on B (OAuth state shared); backfill done")


def wait_stored(ids, seconds):
    id_list = ",".join(f"'{i}'" for i in ids)
    wait_for(
        lambda: psql_int(f"SELECT COUNT(DISTINCT external_id) FROM cw_activities WHERE external_id IN ({id_list})")
        == len(ids), seconds, f"not every activity of {min(ids)}…{max(ids)} was stored")


def stored_counts(ids):
    id_list = ",".join(f"'{i}'" for i in ids)
    rows = psql(f"SELECT external_id, COUNT(*) FROM cw_activities WHERE external_id IN ({id_list}) GROUP BY 1")
    return {int(line.split("|")[0]): int(line.split("|")[1]) for line in rows.splitlines() if line}


def check_jobs_once():
    ids = list(range(5000, 5200))
    with concurrent.futures.ThreadPoolExecutor(8) as pool:
        statuses = list(pool.map(webhook, ids))
    check(all(s == 200 for s in statuses), f"webhook answers: {sorted(set(statuses))}")
    wait_stored(ids, 120)
    wait_for(lambda: psql_int("SELECT COUNT(*) FROM jobs WHERE kind = 'strava.event'") == 0, 60,
             "event jobs left in the queue")
    counts, _ = fake_counts()
    reads = [counts["requests"].get(i, 0) for i in ids]
    stored = stored_counts(ids)
    twice = [i for i in ids if counts["requests"].get(i, 0) != 1]
    check(not twice, f"activities not read from Strava exactly once: {twice[:10]} (reads {reads[:10]})")
    check(all(stored.get(i) == 1 for i in ids), "an activity is stored more than once")
    log(f"jobs: {len(ids)} webhook events through nginx → {len(stored)} activities, each read from Strava once "
        f"({sum(reads)} reads) and stored once")
    return len(ids)


class Writers:
    """Threads posting joins ("Writer wN") through nginx; remembers which were acknowledged with 2xx."""

    def __init__(self, cookie, threads=4):
        self.cookie = cookie
        self.stop = threading.Event()
        self.lock = threading.Lock()
        self.serial = 0
        self.acknowledged = []
        self.refused = {}
        self.threads = [threading.Thread(target=self.run, daemon=True) for _ in range(threads)]

    def run(self):
        while not self.stop.is_set():
            with self.lock:
                self.serial += 1
                name = f"w{self.serial}"
            status, _, _ = request(
                NGINX_PORT, "POST", f"/api/clubs/{CLUB}/me", {"firstName": "Writer", "lastName": name},
                headers={"Cookie": self.cookie}, timeout=30)
            with self.lock:
                if 200 <= status < 300:
                    self.acknowledged.append(name)
                else:
                    self.refused[status] = self.refused.get(status, 0) + 1

    def __enter__(self):
        for thread in self.threads:
            thread.start()
        return self

    def __exit__(self, *exc):
        self.stop.set()
        for thread in self.threads:
            thread.join()


def check_kill():
    held = 6000
    after = list(range(6001, 6051))
    check(request(FAKE_PORT, "POST", f"/_hold?activity={held}")[0] == 200, "the fake Strava refused the hold")
    cookie = sign_in(NGINX_PORT)
    with Writers(cookie) as writers:
        time.sleep(1)
        check(webhook(held) == 200, "the held activity's webhook was refused")
        wait_for(lambda: fake_counts()[1], 30, "the held Strava read never arrived")
        locked_by = psql(
            f"SELECT locked_by FROM jobs WHERE kind = 'strava.event' AND payload LIKE '%{held}%'")
        victims = [(n, p) for n, p in (("A", PROCESSES["A"]), ("B", PROCESSES["B"])) if f"-{p.pid}-" in locked_by]
        check(len(victims) == 1, f"cannot tell which instance holds the job (locked_by {locked_by!r})")
        victim, process = victims[0]
        survivor = "B" if victim == "A" else "A"
        process.send_signal(signal.SIGKILL)
        killed_at = time.monotonic()
        process.wait()
        # Webhooks and writes keep coming while one instance is dead; nginx sends them to the survivor.
        statuses = [webhook(i) for i in after]
        time.sleep(3)
    check(all(s == 200 for s in statuses), f"webhooks during the failover answered {sorted(set(statuses))}")
    wait_stored([held], LEASE_LIMIT + 30)
    takeover = time.monotonic() - killed_at
    wait_stored(after, 60)
    wait_for(lambda: psql_int("SELECT COUNT(*) FROM jobs WHERE kind = 'strava.event'") == 0, 60,
             "event jobs left in the queue")

    rows = psql("SELECT last_name, COUNT(*) FROM cw_members WHERE first_name = 'Writer' GROUP BY 1")
    present = {line.split("|")[0]: int(line.split("|")[1]) for line in rows.splitlines() if line}
    lost = [n for n in writers.acknowledged if n not in present]
    doubled = [n for n, count in present.items() if count > 1]
    counts, _ = fake_counts()
    stored = stored_counts([held] + after)
    log(f"kill -9 of instance {victim} under load: {len(writers.acknowledged)} writes acknowledged, lost "
        f"{len(lost)}, doubled {len(doubled)} (refused during the failover: {writers.refused or 'none'})")
    log(f"takeover: the job held by the killed instance was completed by {survivor} after {takeover:.1f} s "
        f"(limit {LEASE_LIMIT:.0f} s)")
    log(f"strava: activity {held} read {counts['requests'].get(held, 0)}× (answers delivered "
        f"{counts['served'].get(held, 0)}, cut by the kill {counts['abandoned'].get(held, 0)}), stored "
        f"{stored.get(held, 0)}×; {len(after)} events during the failover each read "
        f"{sorted(set(counts['requests'].get(i, 0) for i in after))}×")
    check(writers.acknowledged, "no write was acknowledged")
    check(not lost, f"acknowledged writes lost: {lost[:10]}")
    check(not doubled, f"writes doubled: {doubled[:10]}")
    check(takeover <= LEASE_LIMIT, f"takeover took {takeover:.1f} s")
    check(counts["served"].get(held, 0) == 1, "the held activity's data reached the cluster more than once")
    check(stored.get(held) == 1, "the held activity is not stored exactly once")
    check(all(counts["requests"].get(i, 0) == 1 for i in after), "an activity was read twice during the failover")
    check(all(stored.get(i) == 1 for i in after), "an activity was stored twice during the failover")
    print(f"cluster figures: lost={len(lost)} doubled={len(doubled)} takeover_s={takeover:.1f} "
          f"writes={len(writers.acknowledged)}", flush=True)


def main():
    check(BIN and os.access(BIN, os.X_OK), "set CLUBHOUSE_BIN to the clubhouse binary")
    start_postgres()
    spawn("fake-strava", [sys.executable, os.path.join(ROOT, "scripts", "fake_strava.py"), str(FAKE_PORT)])
    wait_for(lambda: request(FAKE_PORT, "GET", "/_counts")[0] == 200, 20, "the fake Strava did not start")
    env = instance_env()
    for slug, code in ((CLUB, CODE), (LOCK_CLUB, LOCK_CODE)):
        subprocess.run(
            [BIN, "club", "create", "--name", f"{slug} club", "--slug", slug, "--timezone", "Europe/Dublin",
             "--code", code, "--data-dir", os.path.join(WORK, "data-cli")],
            env=env, check=True, stdout=subprocess.DEVNULL, cwd=WORK)
    start_instance("A", PORT_A)
    start_instance("B", PORT_B)
    start_nginx()
    for step in (check_sessions, check_lockout, connect_strava, check_jobs_once, check_kill):
        step()
        RESULTS["passed"] += 1


def tail(name, lines=30):
    path = os.path.join(WORK, f"{name}.log")
    if os.path.exists(path):
        with open(path, errors="replace") as handle:
            content = handle.readlines()[-lines:]
        if content:
            print(f"--- {name}.log (last {len(content)} lines)\n" + "".join(content), file=sys.stderr)


if __name__ == "__main__":
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(143))
    started = time.monotonic()
    code = 0
    try:
        main()
    except CheckFailed as failure:
        print(f"cluster: FAILED: {failure}", file=sys.stderr, flush=True)
        RESULTS["failed"] += 1
        for name in ("A", "B", "nginx", "fake-strava"):
            tail(name)
        code = 1
    except BaseException as error:
        print(f"cluster: FAILED: {type(error).__name__}: {error}", file=sys.stderr, flush=True)
        RESULTS["failed"] += 1
        code = 1
    finally:
        stop_all()
        if code == 0 or not os.environ.get("CLUSTER_KEEP"):
            shutil.rmtree(WORK, ignore_errors=True)
    print(f"cluster-check: {RESULTS['passed']} passed, {RESULTS['failed']} failed "
          f"({time.monotonic() - started:.0f} s)", flush=True)
    sys.exit(code)
