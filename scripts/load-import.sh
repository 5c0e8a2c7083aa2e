#!/usr/bin/env bash
# Imports under load (issue 12 §1): what a 50 MB upload costs the server and what the club's pages weigh after it,
# and how long a 20,000-row export takes to import, on SQLite and (given a URL) on PostgreSQL.
#
#   1. 50 MB upload: an activities.csv whose one activity is named with 50 MB of text (the incident), sent to
#      POST /api/clubs/:slug/me/import. Reports the server's peak RSS (VmHWM) before and after, the answer, and the
#      size of the week API, /club-data and the dashboard page afterwards; then 8 concurrent readers for a few
#      seconds with /health timed meanwhile.
#   2. 20,000 rows: a realistic export of 20,000 rides; time from the upload to the import being done (a background
#      job above the threshold: the status URL is polled).
#
# Usage: scripts/load-import.sh [debug|release] [postgres://…]   (BIN=path/to/clubhouse to measure another build)
set -euo pipefail
cd "$(dirname "$0")/.."
MODE="${1:-release}"
PG_URL="${2:-}"
PORT="${PORT:-8183}"

if [ -z "${BIN:-}" ]; then
    swift build -c "$MODE" --product clubhouse 2>&1 | grep -E "error|Build complete" || true
    BIN="$(swift build -c "$MODE" --show-bin-path)/clubhouse"
fi
WORK="$(mktemp -d /tmp/clubhouse-load-import.XXXXXX)"
SERVER=""
trap 'if [ -n "$SERVER" ]; then kill -INT "$SERVER" 2>/dev/null || true; wait "$SERVER" 2>/dev/null || true; fi; rm -rf "$WORK"' EXIT
export CLUBHOUSE_SEED_DEMO=false

python3 - "$WORK" <<'PY'
import csv, datetime, os, random, sys
work = sys.argv[1]
random.seed(12)
now = datetime.datetime.now(datetime.timezone.utc)
header = ["Activity ID", "Activity Date", "Activity Name", "Activity Type", "Elapsed Time", "Distance", "Moving Time",
          "Elevation Gain"]
def date(t): return t.strftime("%b %d, %Y, %I:%M:%S %p")
# The incident: one activity named with 50 MB of text, plus a normal one.
with open(os.path.join(work, "huge-name.csv"), "w", newline="") as f:
    w = csv.writer(f)
    w.writerow(header)
    w.writerow(["70001", date(now - datetime.timedelta(hours=2)), "Gran fondo " * (50 * 1024 * 1024 // 11), "Ride",
                "14000", "120.5", "13000", "1500"])
    w.writerow(["70002", date(now - datetime.timedelta(hours=30)), "Recovery spin", "Ride", "3700", "30.1", "3600",
                "120"])
# 20,000 rides over ten years.
with open(os.path.join(work, "rows-20000.csv"), "w", newline="") as f:
    w = csv.writer(f)
    w.writerow(header)
    for i in range(20000):
        t = now - datetime.timedelta(hours=4 * i + random.randint(0, 3))
        km = random.uniform(10, 120)
        moving = int(km * 1000 / random.uniform(6, 9))
        w.writerow([str(10_000_000 + i), date(t), f"Ride {i}", "Ride", moving + 300, f"{km:.2f}", moving,
                    random.randint(0, 1500)])
PY
ls -l "$WORK"/*.csv | awk '{printf "fixture %s: %.1f MB\n", $NF, $5 / 1048576}'

vm() { awk -v key="$2:" '$1 == key { printf "%.0f", $2 / 1024 }' "/proc/$1/status"; }

# Starts a server over the given database (empty: SQLite in $WORK/<name>), creates a club and a member.
start() {
    local name="$1" url="$2"
    mkdir -p "$WORK/$name"
    if [ -n "$url" ]; then export DATABASE_URL="$url"; else unset DATABASE_URL; fi
    "$BIN" club create --name "Import Load $name" --slug "load-$name" --timezone Europe/Dublin --public-feed \
        --code KQMPRTXW22 --data-dir "$WORK/$name" >/dev/null
    "$BIN" serve --port "$PORT" --data-dir "$WORK/$name" --log-level warning &
    SERVER=$!
    for _ in $(seq 1 100); do curl -sf "http://127.0.0.1:$PORT/health" >/dev/null && break; sleep 0.2; done
    BASE="http://127.0.0.1:$PORT/api/clubs/load-$name"
    COOKIE="$(curl -s -D - -o /dev/null -H 'Content-Type: application/json' -d '{"code":"KQMPRTXW22"}' "$BASE/session" |
        awk -F'[ ;]' 'tolower($1) == "set-cookie:" { print $2 }')"
    COOKIE="$(curl -s -D - -o /dev/null -H "Cookie: $COOKIE" -H 'Content-Type: application/json' \
        -d '{"firstName":"Load","lastName":"Tester"}' "$BASE/me" | awk -F'[ ;]' 'tolower($1) == "set-cookie:" { print $2 }')"
}

stop() {
    kill -INT "$SERVER"
    wait "$SERVER" 2>/dev/null || true
    SERVER=""
}

# Uploads a file and waits for the import to finish; prints the status code, seconds and a summary.
upload() {
    python3 - "$BASE" "$COOKIE" "$1" <<'PY'
import json, sys, time, urllib.request, urllib.error
base, cookie, path = sys.argv[1:4]
data = open(path, "rb").read()
start = time.monotonic()
request = urllib.request.Request(base + "/me/import", data=data, method="POST",
                                 headers={"Cookie": cookie, "Content-Type": "text/csv"})
try:
    response = urllib.request.urlopen(request, timeout=600)
    status, body = response.status, json.loads(response.read())
except urllib.error.HTTPError as error:
    status, body = error.code, json.loads(error.read() or b"{}")
answered = time.monotonic() - start
if status == 202:
    url = base.split("/api/")[0] + body["statusUrl"]
    while body["status"] not in ("done", "failed"):
        time.sleep(0.2)
        body = json.loads(urllib.request.urlopen(urllib.request.Request(url, headers={"Cookie": cookie})).read())
    report = body.get("report") or {}
    print(f"HTTP 202 after {answered:.2f} s, {body['status']} after {time.monotonic() - start:.2f} s: "
          f"{report.get('imported')} imported, {report.get('rows')} rows, error={body.get('error')}")
else:
    problems = body.get("problems") if isinstance(body, dict) else None
    print(f"HTTP {status} after {answered:.2f} s: imported={body.get('imported')} rows={body.get('rows')} "
          f"problems={[p['message'][:70] for p in (problems or [])][:2]} error={body.get('error')}")
PY
}

run() {
    local name="$1" url="$2"
    echo "== $name"
    start "$name" "$url"
    echo "idle server: VmRSS $(vm "$SERVER" VmRSS) MB, VmHWM $(vm "$SERVER" VmHWM) MB"
    echo "-- 50 MB activity name"
    upload "$WORK/huge-name.csv"
    echo "after the 50 MB upload: VmRSS $(vm "$SERVER" VmRSS) MB, peak VmHWM $(vm "$SERVER" VmHWM) MB"
    for path in "/api/clubs/load-$name/week?offset=0" "/clubs/load-$name/club-data?weekOffset=0" "/clubs/load-$name"; do
        printf '%s: %s bytes\n' "$path" "$(curl -s -o /dev/null -w '%{size_download}' "http://127.0.0.1:$PORT$path")"
    done
    echo "-- 8 concurrent readers of the week API, /club-data and the dashboard for 5 s, /health timed meanwhile"
    python3 - "$PORT" "load-$name" <<'PY'
import sys, threading, time, urllib.request
port, slug = sys.argv[1:3]
stop = time.monotonic() + 5
counts = {"ok": 0, "failed": 0, "bytes": 0}
lock = threading.Lock()
paths = [f"/api/clubs/{slug}/week?offset=0&metric={m}" for m in ("distance", "rides", "speed", "elevation")] + [
    f"/clubs/{slug}/club-data?weekOffset=0", f"/clubs/{slug}"]
def reader(k):
    i = k
    while time.monotonic() < stop:
        try:
            body = urllib.request.urlopen(f"http://127.0.0.1:{port}{paths[i % len(paths)]}", timeout=60).read()
            with lock: counts["ok"] += 1; counts["bytes"] += len(body)
        except Exception:
            with lock: counts["failed"] += 1
        i += 1
threads = [threading.Thread(target=reader, args=(k,)) for k in range(8)]
for t in threads: t.start()
health = []
while time.monotonic() < stop:
    t0 = time.monotonic()
    urllib.request.urlopen(f"http://127.0.0.1:{port}/health", timeout=60).read()
    health.append((time.monotonic() - t0) * 1000)
    time.sleep(0.1)
for t in threads: t.join()
health.sort()
print(f"{counts['ok']} reads ({counts['bytes'] / 1048576:.1f} MB), {counts['failed']} failed; "
      f"/health median {health[len(health) // 2]:.1f} ms, max {health[-1]:.1f} ms")
PY
    echo "after the readers: VmRSS $(vm "$SERVER" VmRSS) MB, peak VmHWM $(vm "$SERVER" VmHWM) MB"
    echo "-- 20,000 rows"
    upload "$WORK/rows-20000.csv"
    echo "-- the same 20,000 rows again (all already present)"
    upload "$WORK/rows-20000.csv"
    echo "after the imports: peak VmHWM $(vm "$SERVER" VmHWM) MB"
    stop
}

run sqlite ""
if [ -n "$PG_URL" ]; then run postgres "$PG_URL"; fi
