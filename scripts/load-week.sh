#!/usr/bin/env bash
# Loopback load run of the week view for a 100-member club on SQLite.
# Builds (release by default), seeds a club through the admin commands (100 members × 52 weeks × 5 activities,
# imported as Strava export CSVs), starts the server on 127.0.0.1 and runs wrk for a bounded time.
# Usage: scripts/load-week.sh [debug|release] [seconds]
set -euo pipefail
cd "$(dirname "$0")/.."
MODE="${1:-release}"
SECONDS_TO_RUN="${2:-10}"
PORT="${PORT:-8181}"
command -v wrk >/dev/null || { apt-get update -qq && apt-get install -y -qq wrk >/dev/null; }

swift build -c "$MODE" --product clubhouse 2>&1 | grep -E "error|Compiling clubhouse|Build complete" || true
BIN="$(swift build -c "$MODE" --show-bin-path)/clubhouse"
WORK="$(mktemp -d /tmp/clubhouse-load.XXXXXX)"
trap 'kill -INT "${SERVER:-0}" 2>/dev/null || true; sleep 1; rm -rf "$WORK"' EXIT
export CLUBHOUSE_SEED_DEMO=false

"$BIN" club create --name "Load Test CC" --slug load --timezone Europe/Dublin --public-feed --data-dir "$WORK" >/dev/null
python3 - "$WORK" <<'PY'
import csv, datetime, random, sys, os
work = sys.argv[1]
random.seed(7)
now = datetime.datetime.now(datetime.timezone.utc)
monday = (now - datetime.timedelta(days=now.weekday())).replace(hour=0, minute=0, second=0, microsecond=0)
for m in range(100):
    with open(os.path.join(work, f"m{m}.csv"), "w", newline="") as f:
        w = csv.writer(f)
        w.writerow(["Activity ID", "Activity Date", "Activity Name", "Activity Type", "Elapsed Time", "Distance",
                    "Moving Time", "Elevation Gain"])
        for week in range(52):
            for ride in range(5):
                start = monday - datetime.timedelta(weeks=week) + datetime.timedelta(days=ride, hours=7, minutes=random.randint(0, 59))
                if start > now: continue
                km = random.uniform(15, 95)
                moving = int(km * 1000 / 7.5)
                w.writerow([f"{m}{week:02d}{ride}", start.strftime("%b %d, %Y, %I:%M:%S %p"), "Ride", "Ride",
                            moving + 300, f"{km:.2f}", moving, random.randint(0, 900)])
PY
for m in $(seq 0 99); do
    "$BIN" club import "$WORK/m$m.csv" --club load --member "Rider $m" --data-dir "$WORK" >/dev/null
done

if [ -n "${PERF_OUT:-}" ]; then
    perf record -g -o "$PERF_OUT" "$BIN" serve --port "$PORT" --data-dir "$WORK" --log-level warning &
else
    "$BIN" serve --port "$PORT" --data-dir "$WORK" --log-level warning &
fi
SERVER=$!
for _ in $(seq 1 50); do curl -sf "http://127.0.0.1:$PORT/health" >/dev/null && break; sleep 0.2; done
echo "== cold week views (each offset × metric requested once, so every answer is computed)"
python3 - "$PORT" <<'PY'
import statistics, subprocess, sys
port = sys.argv[1]
times = []
for offset in range(0, -16, -1):
    for metric in ["distance", "rides", "speed", "elevation", "movingTime", "longestRide"]:
        url = f"http://127.0.0.1:{port}/api/clubs/load/week?offset={offset}&metric={metric}"
        # curl's own timing, so Python's HTTP client is not part of the figure.
        out = subprocess.run(["curl", "-s", "-o", "/dev/null", "-D", "-", "-w", "%{time_total}", url],
                             capture_output=True, text=True, check=True).stdout
        assert "x-cache" not in out.lower()
        times.append(float(out.strip().splitlines()[-1]) * 1000)
        body = b"x" * int(subprocess.run(["curl", "-s", "-o", "/dev/null", "-w", "%{size_download}", url],
                                         capture_output=True, text=True, check=True).stdout)
times.sort()
print(f"cold: n={len(times)} median={statistics.median(times):.1f} ms p90={times[int(len(times) * 0.9)]:.1f} ms "
      f"max={times[-1]:.1f} ms, {len(body)} bytes")
PY
URL="http://127.0.0.1:$PORT/api/clubs/load/week?offset=-1"
curl -sf "$URL" -o /dev/null
echo "== wrk (cached after the first answer): $URL ($MODE build, ${SECONDS_TO_RUN}s, 2 threads, 4 connections)"
wrk -t2 -c4 -d"${SECONDS_TO_RUN}s" --latency "$URL"
URL2="http://127.0.0.1:$PORT/clubs/load/club-data?weekOffset=-1"
echo "== wrk: $URL2"
wrk -t2 -c4 -d"${SECONDS_TO_RUN}s" --latency "$URL2"
URL3="http://127.0.0.1:$PORT/clubs/load?week=-1"
curl -sf "$URL3" -o /dev/null
echo "== wrk: the dashboard page (HTML, cached per data version), 32 connections: $URL3"
wrk -t2 -c32 -d"${SECONDS_TO_RUN}s" --latency "$URL3"
echo "== wrk: the same week as JSON, 32 connections"
wrk -t2 -c32 -d"${SECONDS_TO_RUN}s" --latency "$URL"
