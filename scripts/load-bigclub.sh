#!/usr/bin/env bash
# Club Weekly at scale (issue 17): a synthetic club of N members (default 5,000, 2 years, 2–5 rides a week, written
# by scripts/club-synth.py), measured on the release build:
#   1. member insights API (median of 40 members, each asked once: the answer is not cached)
#   2. every dashboard tab: server time (curl, first request and median of the next 5) and bytes
#   3. the dashboard under wrk -t2 -c32
#   4. the week JSON, /club-data and this week's dashboard tabs: first request after a write (an import of one ride
#      this week, through the API)
#   5. CLI import rate: one Strava export of a new rider (≈7,000 rows) with `clubhouse club import`
# Usage: scripts/load-bigclub.sh [members] [wrk seconds]   env: BIN (default .build/release/clubhouse), PORT (8800),
#   DATABASE_URL (PostgreSQL instead of SQLite; the database must be empty), KEEP=dir (reuse/keep a generated club)
set -euo pipefail
cd "$(dirname "$0")/.."
MEMBERS="${1:-5000}"
WRK_SECONDS="${2:-10}"
PORT="${PORT:-8800}"
BIN="${BIN:-.build/release/clubhouse}"
[ -x "$BIN" ] || { echo "no $BIN: swift build -c release --product clubhouse" >&2; exit 1; }
export CLUBHOUSE_SEED_DEMO=false
if [ -n "${KEEP:-}" ]; then WORK="$KEEP"; mkdir -p "$WORK"; else WORK="$(mktemp -d /tmp/clubhouse-bigclub.XXXXXX)"; fi
SERVER=""
cleanup() {
    if [ -n "$SERVER" ]; then kill -INT "$SERVER" 2>/dev/null || true; wait "$SERVER" 2>/dev/null || true; fi
    if [ -z "${KEEP:-}" ]; then rm -rf "$WORK"; fi
}
trap cleanup EXIT
BASE="http://127.0.0.1:$PORT"
RUN_ID="$(date +%s)"

if [ ! -e "$WORK/.synth-done" ]; then
    echo "== generating $MEMBERS members (scripts/club-synth.py)"
    python3 scripts/club-synth.py --members "$MEMBERS" --data-dir "$WORK" --bin "$BIN" --slug big
    touch "$WORK/.synth-done"
fi
python3 scripts/club-synth.py csv --members 20 --first-member 90000 --out "$WORK/csv" >/dev/null

"$BIN" serve --port "$PORT" --data-dir "$WORK" --log-level warning &
SERVER=$!
for _ in $(seq 1 600); do curl -sf "$BASE/health" >/dev/null && break; sleep 0.5; done

python3 - "$BASE" <<'PY'
import json, statistics, subprocess, sys, urllib.request
base = sys.argv[1]
def timed(url, headers=()):
    args = ["curl", "-s", "-o", "/dev/null", "-w", "%{time_total} %{size_download} %{http_code}", url]
    for h in headers: args += ["-H", h]
    t, size, code = subprocess.run(args, capture_output=True, text=True, check=True).stdout.split()
    assert code == "200", (url, code)
    return float(t) * 1000, int(size)
members = json.loads(urllib.request.urlopen(f"{base}/api/clubs/big/members").read())
print(f"club: {len(members)} members")
ids = [m["id"] for m in members[:: max(1, len(members) // 40)]][:40]
times = [timed(f"{base}/api/clubs/big/members/{i}/insights?offset=0")[0] for i in ids]
sizes = timed(f"{base}/api/clubs/big/members/{ids[0]}/insights?offset=0")[1]
print(f"member insights API: median {statistics.median(times):.1f} ms, p90 {sorted(times)[int(len(times) * .9)]:.1f} ms, "
      f"max {max(times):.1f} ms over {len(times)} members, {sizes} bytes")
for tab in ["charts", "table", "rides", "insights"]:
    url = f"{base}/clubs/big?tab={tab}&week=-1"
    first, size = timed(url)
    again = [timed(url)[0] for _ in range(5)]
    print(f"dashboard {tab:8s}: first {first:7.1f} ms, then median {statistics.median(again):6.1f} ms, {size / 1024:7.1f} KB")
PY

echo "== wrk -t2 -c32 ${WRK_SECONDS}s: $BASE/clubs/big?week=-1"
wrk -t2 -c32 -d"${WRK_SECONDS}s" --latency "$BASE/clubs/big?week=-1" | grep -E "Requests/sec|99%|50%|Socket|Non-2xx"

echo "== week JSON, /club-data and this week's dashboard tabs, first request after a write (a one-ride import this week, through the API)"
python3 - "$BASE" <<'PY'
import datetime, json, statistics, subprocess, sys, time, urllib.request
base = sys.argv[1]
api = base + "/api/clubs/big"
def request(url, data=None, headers={}, method=None):
    r = urllib.request.Request(url, data=data, headers=headers, method=method)
    with urllib.request.urlopen(r) as response:
        return response.headers, response.read()
h, _ = request(api + "/session", json.dumps({"code": "KQMPRTXW22"}).encode(), {"Content-Type": "application/json"})
cookie = h["Set-Cookie"].split(";")[0]
h, _ = request(api + "/me", json.dumps({"firstName": "Load", "lastName": "Writer"}).encode(),
               {"Content-Type": "application/json", "Cookie": cookie})
cookie = (h.get("Set-Cookie") or cookie).split(";")[0]
def timed(url):
    out = subprocess.run(["curl", "-s", "-o", "/dev/null", "-D", "-", "-w", "%{time_total} %{size_download}", url],
                         capture_output=True, text=True, check=True).stdout
    hit = "x-cache: hit" in out.lower()
    t, size = out.strip().splitlines()[-1].split()
    return float(t) * 1000, int(size), hit
for url in [api + "/week?offset=0", api + "/week?offset=-1", base + "/clubs/big/club-data?weekOffset=0",
            base + "/clubs/big/club-data?weekOffset=-1"]:
    timed(url)
tabs = {f"dashboard {tab}": f"{base}/clubs/big?tab={tab}" for tab in ["charts", "table", "rides", "insights"]}
for url in tabs.values():
    timed(url)
rows = {"week 0": [], "week -1": [], "club-data 0": [], "club-data -1": [], **{k: [] for k in tabs}}
hits = {k: 0 for k in rows}
for n in range(8):
    now = datetime.datetime.now(datetime.timezone.utc) - datetime.timedelta(minutes=5 + n)
    csv = ("Activity ID,Activity Date,Activity Name,Activity Type,Elapsed Time,Distance,Moving Time,Elevation Gain\n"
           f"{990000 + n},\"{now.strftime('%b %d, %Y, %I:%M:%S %p')}\",Write {n},Ride,3700,30.5,3600,120\n")
    request(api + "/me/import", csv.encode(), {"Cookie": cookie, "Content-Type": "text/csv"}, "POST")
    for key, url in [("week 0", api + "/week?offset=0"), ("week -1", api + "/week?offset=-1"),
                     ("club-data 0", base + "/clubs/big/club-data?weekOffset=0"),
                     ("club-data -1", base + "/clubs/big/club-data?weekOffset=-1"), *tabs.items()]:
        t, size, hit = timed(url)
        rows[key].append((t, size))
        hits[key] += hit
for key, values in rows.items():
    print(f"{key:18s} after a write: median {statistics.median(t for t, _ in values):7.1f} ms, "
          f"{values[-1][1] / 1024:7.1f} KB, cache hits {hits[key]}/{len(values)}")
PY
kill -INT "$SERVER"; wait "$SERVER" 2>/dev/null || true; SERVER=""

echo "== CLI import: one export of a new rider"
cat "$WORK/csv/m90000.csv" > "$WORK/import.csv"
for f in "$WORK"/csv/m9000[1-9].csv "$WORK"/csv/m9001*.csv; do tail -n +2 "$f" >> "$WORK/import.csv"; done
ROWS=$(($(wc -l < "$WORK/import.csv") - 1))
START=$(date +%s.%N)
"$BIN" club import "$WORK/import.csv" --club big --member "Import Rider $RUN_ID" --data-dir "$WORK" --log-level warning
END=$(date +%s.%N)
python3 -c "print(f'CLI import: $ROWS rows in {$END - $START:.2f} s = {$ROWS / ($END - $START):.0f} activities/s (process start included)')"
START=$(date +%s.%N)
"$BIN" club import "$WORK/import.csv" --club big --member "Import Rider $RUN_ID" --data-dir "$WORK" --log-level warning | head -1
END=$(date +%s.%N)
python3 -c "print(f'CLI import again (all present): {$END - $START:.2f} s')"
