#!/usr/bin/env bash
# Stops PostgreSQL for a few seconds while wrk loads the server, then reports the answers by status and the log
# lines the outage produced (issue 12 §2). Usage: scripts/db-outage.sh [path/to/clubhouse] [seconds-down]
# Needs PostgreSQL 15 (Debian's postgresql package) and wrk; run as root (PostgreSQL runs as user postgres).
set -euo pipefail
cd "$(dirname "$0")/.."
BIN="${1:-.build/release/clubhouse}"
DOWN="${2:-4}"
PGBIN="${PGBIN:-/usr/lib/postgresql/15/bin}"
command -v wrk >/dev/null || apt-get install -y -qq wrk >/dev/null
WORK="$(mktemp -d /tmp/clubhouse-outage.XXXXXX)"
chown postgres "$WORK"
PORT=55491
APP_PORT=18191
cleanup() {
    [ -n "${SERVER:-}" ] && kill "$SERVER" 2>/dev/null || true
    su postgres -c "$PGBIN/pg_ctl -D $WORK/pg -m immediate stop" >/dev/null 2>&1 || true
}
trap cleanup EXIT
su postgres -c "$PGBIN/initdb -D $WORK/pg -A trust -U postgres" >/dev/null
pg() { su postgres -c "$PGBIN/pg_ctl -D $WORK/pg -o '-p $PORT -k $WORK' -l $WORK/pg.log $1" >/dev/null; }
pg start
for _ in $(seq 1 50); do psql -h 127.0.0.1 -p $PORT -U postgres -c 'select 1' >/dev/null 2>&1 && break; sleep 0.2; done
psql -h 127.0.0.1 -p $PORT -U postgres -qc 'create database clubhouse'

DATABASE_URL="postgres://postgres@127.0.0.1:$PORT/clubhouse" TOKEN_ENCRYPTION_KEY="$(python3 -c "import secrets; print(secrets.token_hex(32))")" \
    "$BIN" serve --port $APP_PORT --data-dir "$WORK/data" --log-level info >"$WORK/server.log" 2>&1 &
SERVER=$!
for _ in $(seq 1 150); do curl -sf "http://127.0.0.1:$APP_PORT/health" >/dev/null && break; sleep 0.2; done

cat >"$WORK/count.lua" <<'LUA'
local threads = {}
function setup(thread) table.insert(threads, thread) end
function init() counts = {} end
function response(status) counts[status] = (counts[status] or 0) + 1 end
function done()
  local total = {}
  for _, t in ipairs(threads) do
    local c = t:get("counts")
    for k, v in pairs(c) do total[k] = (total[k] or 0) + v end
  end
  local keys = {}
  for k in pairs(total) do table.insert(keys, k) end
  table.sort(keys)
  for _, k in ipairs(keys) do io.write(string.format("status %d: %d\n", k, total[k])) end
end
LUA

LINES_BEFORE=$(wc -l <"$WORK/server.log")
URL="http://127.0.0.1:$APP_PORT/api/clubs/demo/week"
wrk -t2 -c16 -d$((DOWN + 8))s -s "$WORK/count.lua" "$URL" >"$WORK/wrk.txt" 2>&1 &
WRK=$!
sleep 3
pg "-m fast stop"
echo "PostgreSQL stopped for ${DOWN} s"
sleep "$DOWN"
pg start
wait "$WRK" || true
sleep 1
echo "== answers during a ${DOWN} s outage (wrk -c16, $((DOWN + 8)) s) =="
grep -E "^status|Requests/sec" "$WORK/wrk.txt"
echo "== log lines at warning or above after the start (request log lines at info excluded) =="
tail -n +"$((LINES_BEFORE + 1))" "$WORK/server.log" | grep -vE " info | notice " | grep -cv '^$' || true
tail -n +"$((LINES_BEFORE + 1))" "$WORK/server.log" | grep -E "database (unreachable|reachable again)" | cut -c1-240
curl -sf "http://127.0.0.1:$APP_PORT/health" | grep -q '"status":"ok"' && echo "health: ok after the outage"
# The issue's bar: no 500 at all, the outage logged once when it opens and once when it closes.
LOG_TAIL="$(tail -n +"$((LINES_BEFORE + 1))" "$WORK/server.log")"
if grep -q "^status 5[0-9][0-9]: " "$WORK/wrk.txt" && grep "^status 5" "$WORK/wrk.txt" | grep -vq "^status 503: "; then
    echo "FAIL: an answer other than 503 during the outage"; exit 1
fi
grep -q "^status 503: " "$WORK/wrk.txt" || { echo "FAIL: the outage was not noticed"; exit 1; }
test "$(grep -c "database unreachable" <<<"$LOG_TAIL")" = 1 || { echo "FAIL: the outage was not logged exactly once"; exit 1; }
test "$(grep -c "database reachable again" <<<"$LOG_TAIL")" = 1 || { echo "FAIL: the recovery was not logged once"; exit 1; }
# A SIGTERM ends the server within a few seconds, even when the database goes away right after it.
kill "$SERVER"
su postgres -c "$PGBIN/pg_ctl -D $WORK/pg -m immediate stop" >/dev/null 2>&1 || true
for _ in $(seq 1 100); do kill -0 "$SERVER" 2>/dev/null || break; sleep 0.1; done
if kill -0 "$SERVER" 2>/dev/null; then
    echo "FAIL: the server did not exit within 10 s of SIGTERM"; tail -5 "$WORK/server.log"; kill -9 "$SERVER"; exit 1
fi
SERVER=""
echo "db-outage: 1 passed, 0 failed"
