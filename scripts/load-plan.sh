#!/usr/bin/env bash
# Loopback burst of trip plans: POST /api/trips/plan (MLB+NBA+NHL, 10 days, from Boston) at 4 and 32 connections.
# Counts the answers that are not 200 (503 "busy" when the planning queue is full). Bounded: N seconds per run.
# Usage: scripts/load-plan.sh [debug|release] [seconds]
set -euo pipefail
cd "$(dirname "$0")/.."
MODE="${1:-release}"
SECONDS_TO_RUN="${2:-10}"
PORT="${PORT:-8182}"
command -v wrk >/dev/null || { apt-get update -qq && apt-get install -y -qq wrk >/dev/null; }
swift build -c "$MODE" --product clubhouse 2>&1 | grep -E "error|Build complete" || true
BIN="$(swift build -c "$MODE" --show-bin-path)/clubhouse"
WORK="$(mktemp -d /tmp/clubhouse-plan-load.XXXXXX)"
trap 'kill -INT "${SERVER:-0}" 2>/dev/null || true; sleep 1; rm -rf "$WORK"' EXIT
CLUBHOUSE_SEED_DEMO=false "$BIN" serve --port "$PORT" --data-dir "$WORK" --log-level warning &
SERVER=$!
for _ in $(seq 1 100); do curl -sf "http://127.0.0.1:$PORT/health" >/dev/null && break; sleep 0.2; done
cat > "$WORK/plan.lua" <<'LUA'
wrk.method = "POST"
wrk.headers["Content-Type"] = "application/json"
wrk.body = '{"planningMode":"dateRange","sports":["mlb","nba","nhl"],"startDate":"2026-06-01","endDate":"2026-06-10","start":"Boston","numberOfDrivers":2}'
LUA
for connections in 4 32; do
    echo "== POST /api/trips/plan, $connections connections, ${SECONDS_TO_RUN}s ($MODE build); no 'Non-2xx' line means every answer was 200"
    wrk -t2 -c"$connections" -d"${SECONDS_TO_RUN}s" -s "$WORK/plan.lua" --latency "http://127.0.0.1:$PORT/api/trips/plan" |
        grep -E "Requests/sec|Non-2xx|requests in|50%|99%"
done
