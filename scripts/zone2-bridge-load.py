#!/usr/bin/env python3
"""Load runner for JustZone2's Web Bluetooth bridge (issue 15 goals), on loopback only.

Starts `clubhouse serve` on 127.0.0.1, starts RIDERS rides (each a rider of its own, via the start form) and, for
`--source bridge`, plays each rider's radio tab over the real WebSocket: it answers the server's GATT operations from
a tiny FTMS trainer and strap (control point indications, Indoor Bike Data and Heart Rate at 4 notifications/s from
each device), as radio.js does from real devices.

Measures:
- bridge round trip: a notification in (the trainer's "control lost" status 2ADA, or a control point indication
  whose sequence continues) -> the engine -> the next control point write out; goal p99 < 20 ms;
- engine deadlines: each ride's riding clock against the wall clock (a ride more than 1.5 s behind, or a control
  point write sent twice within 1.5 s -- the engine's own 1-s response timeout firing -- is a missed deadline);
- state frames: the gap between two `state` frames of a ride (1 s expected).

Bounded: runs SECONDS seconds, then stops the server it started. Needs python3-websocket (websocket-client).

Usage: scripts/zone2-bridge-load.py [--riders 1] [--seconds 30] [--source bridge|simulator] [--port 18640]
                                    [--bin PATH] [--release]
"""
import argparse
import http.cookiejar
import json
import os
import subprocess
import tempfile
import threading
import time
import urllib.error
import urllib.parse
import urllib.request

try:
    import websocket  # websocket-client
except ImportError:  # pragma: no cover
    raise SystemExit("needs websocket-client: apt-get install python3-websocket (or pip install websocket-client)")


def percentile(values, p):
    if not values:
        return float("nan")
    ordered = sorted(values)
    index = min(len(ordered) - 1, max(0, int(round(p / 100 * (len(ordered) - 1)))))
    return ordered[index]


class Rider:
    """One rider: a ride started over HTTP and, for the bridge, a radio tab on the socket."""

    def __init__(self, base, port, source, index):
        self.base, self.port, self.source, self.index = base, port, source, index
        self.jar = http.cookiejar.CookieJar()
        self.opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(self.jar))
        self.lock = threading.Lock()
        self.ws = None
        self.seq = {"trainer": 0, "hrm": 0}
        self.target = 100
        self.connected = {"trainer": False, "hrm": False}
        self.pending_since = None  # when a notification that should bring a write was sent
        self.round_trips = []  # seconds
        self.last_write = {}  # bytes -> time
        self.retries = 0
        self.writes = 0
        self.first_state = None  # (wall, elapsed)
        self.max_behind = 0.0
        self.state_gaps = []
        self.last_state_at = None
        self.states = 0
        self.stop = threading.Event()

    def start_ride(self, minutes):
        body = urllib.parse.urlencode(
            {"mode": "erg", "watts": "150", "minutes": str(minutes), "source": self.source}).encode()
        request = urllib.request.Request(self.base + "/zone2/rides/start", data=body, method="POST")
        request.add_header("Content-Type", "application/x-www-form-urlencoded")
        try:
            self.opener.open(request).read()
        except urllib.error.HTTPError as error:
            raise SystemExit(f"rider {self.index}: the start form answered {error.code} at {error.url}")

    def cookie(self):
        return "; ".join(f"{c.name}={c.value}" for c in self.jar)

    def send(self, frame):
        text = json.dumps(frame)
        with self.lock:
            if self.ws is not None and not self.stop.is_set():
                try:
                    self.ws.send(text)
                except Exception:
                    self.stop.set()

    def notify(self, dev, char, hex_bytes, expect_write=False):
        self.seq[dev] += 1
        if expect_write:
            self.pending_since = time.perf_counter()
        self.send({"v": 1, "t": "notify", "dev": dev, "char": char, "bytes": hex_bytes, "seq": self.seq[dev]})

    def on_frame(self, frame):
        kind = frame.get("t")
        if kind == "ping":
            self.send({"v": 1, "t": "pong", "n": frame["n"]})
        elif kind == "state":
            now = time.perf_counter()
            state = frame.get("s") or {}
            elapsed = (state.get("snapshot") or {}).get("elapsed")
            if self.last_state_at is not None:
                self.state_gaps.append(now - self.last_state_at)
            self.last_state_at = now
            self.states += 1
            if elapsed is not None:
                if self.first_state is None:
                    self.first_state = (now, elapsed)
                else:
                    behind = (now - self.first_state[0]) - (elapsed - self.first_state[1])
                    self.max_behind = max(self.max_behind, behind)
        elif kind in ("connect", "subscribe", "read", "write", "disconnect"):
            self.operation(frame)

    def operation(self, frame):
        kind, dev, op_id = frame["t"], frame["dev"], frame["id"]
        values = None
        if kind == "connect":
            self.connected[dev] = True
            values = {"2AD8": "0000D0070100"} if dev == "trainer" else {"2A19": "57"}
            self.send({"v": 1, "t": "device", "dev": dev, "event": "connected", "name": f"load-{dev}"})
        elif kind == "read":
            values = {frame["char"]: "0000D0070100" if frame["char"] == "2AD8" else "57"}
        elif kind == "disconnect":
            self.connected[dev] = False
        elif kind == "write":
            now = time.perf_counter()
            self.writes += 1
            if self.pending_since is not None:
                self.round_trips.append(now - self.pending_since)
                self.pending_since = None
            data = bytes.fromhex(frame["bytes"])
            previous = self.last_write.get(data)
            if previous is not None and now - previous < 1.5 and data[:1] != b"\x00":
                self.retries += 1
            self.last_write[data] = now
            if data[:1] == b"\x05" and len(data) >= 3:
                self.target = data[1] | (data[2] << 8)
        answer = {"v": 1, "t": "result", "id": op_id, "ok": True}
        if values:
            answer["values"] = values
        self.send(answer)
        if kind == "write":
            op = frame["bytes"][:2]
            # The indication follows the result; Request Control (00) and Start (07) lead to the next write.
            self.notify("trainer", "2AD9", "80" + op + "01", expect_write=op in ("00", "07"))

    def radio(self, tab):
        url = f"ws://127.0.0.1:{self.port}/zone2/bridge"
        self.ws = websocket.create_connection(
            url, header=[f"Cookie: {self.cookie()}"], origin=f"http://127.0.0.1:{self.port}", timeout=30)
        self.send({"v": 1, "t": "hello", "tab": tab, "role": "radio", "caps": ["bluetooth"]})
        threading.Thread(target=self.pump, daemon=True).start()
        while not self.stop.is_set():
            try:
                text = self.ws.recv()
            except Exception:
                break
            if not text:
                break
            self.on_frame(json.loads(text))

    def watch(self):
        """Simulator rides: a viewer tab reading states (the server simulates the devices)."""
        url = f"ws://127.0.0.1:{self.port}/zone2/bridge"
        self.ws = websocket.create_connection(
            url, header=[f"Cookie: {self.cookie()}"], origin=f"http://127.0.0.1:{self.port}", timeout=30)
        self.send({"v": 1, "t": "hello", "tab": f"viewer-{self.index}", "role": "viewer"})
        while not self.stop.is_set():
            try:
                text = self.ws.recv()
            except Exception:
                break
            if not text:
                break
            self.on_frame(json.loads(text))

    def pump(self):
        """4 notifications a second from each device; every 5 s the trainer says another app took control."""
        tick = 0
        while not self.stop.is_set():
            time.sleep(0.25)
            tick += 1
            if self.connected["trainer"]:
                power = self.target
                self.notify("trainer", "2AD2", "4400" + "0000" + "B000" + f"{power & 255:02X}{power >> 8:02X}")
            if self.connected["hrm"]:
                self.notify("hrm", "2A37", "0082")
            if tick % 20 == 10 and self.connected["trainer"]:
                self.notify("trainer", "2ADA", "FF", expect_write=True)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--riders", type=int, default=1)
    parser.add_argument("--seconds", type=float, default=30)
    parser.add_argument("--source", choices=["bridge", "simulator"], default="bridge")
    parser.add_argument("--port", type=int, default=18640)
    parser.add_argument("--bin", default=None)
    parser.add_argument("--release", action="store_true")
    args = parser.parse_args()
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    binary = args.bin
    if binary is None:
        mode = ["-c", "release"] if args.release else []
        path = subprocess.check_output(["swift", "build", *mode, "--show-bin-path"], cwd=root, text=True).strip()
        binary = os.path.join(path, "clubhouse")
    data = tempfile.mkdtemp(prefix="zone2-load.")
    env = dict(os.environ, CLUBHOUSE_SEED_DEMO="false")
    server = subprocess.Popen(
        [binary, "serve", "--port", str(args.port), "--data-dir", data, "--log-level", "warning"], env=env)
    base = f"http://127.0.0.1:{args.port}"
    try:
        for _ in range(150):
            try:
                urllib.request.urlopen(base + "/health", timeout=1).read()
                break
            except Exception:
                time.sleep(0.2)
        riders = [Rider(base, args.port, args.source, i) for i in range(args.riders)]
        for rider in riders:
            rider.start_ride(minutes=min(180, 5 * (int(args.seconds // 300) + 2)))
        threads = []
        for i, rider in enumerate(riders):
            target = (lambda r=rider, i=i: r.radio(f"load-{i}")) if args.source == "bridge" else rider.watch
            thread = threading.Thread(target=target, daemon=True)
            thread.start()
            threads.append(thread)
        time.sleep(args.seconds)
        for rider in riders:
            rider.stop.set()
            try:
                rider.ws.close()
            except Exception:
                pass
        trips = [t * 1000 for r in riders for t in r.round_trips]
        gaps = [g * 1000 for r in riders for g in r.state_gaps]
        behind = max((r.max_behind for r in riders), default=0)
        late = sum(1 for r in riders if r.max_behind > 1.5)
        retries = sum(r.retries for r in riders)
        print(f"== {args.riders} {args.source} rider(s), {args.seconds:.0f} s, {os.path.basename(os.path.dirname(binary))} build")
        if args.source == "bridge":
            print(f"bridge round trip (notification in -> control write out): n={len(trips)} "
                  f"p50={percentile(trips, 50):.2f} ms p99={percentile(trips, 99):.2f} ms max={max(trips or [0]):.2f} ms "
                  f"(goal p99 < 20 ms)")
            print(f"control writes: {sum(r.writes for r in riders)}, resent by the engine's 1-s timeout: {retries}")
        print(f"state frames: {sum(r.states for r in riders)}, gap p50={percentile(gaps, 50):.0f} ms "
              f"p99={percentile(gaps, 99):.0f} ms max={max(gaps or [0]):.0f} ms")
        print(f"riding clock behind the wall clock: worst {behind:.2f} s; rides more than 1.5 s behind: {late}")
        missed = late + retries
        print(f"missed control deadlines: {missed}")
        return 0 if missed == 0 and (args.source != "bridge" or percentile(trips, 99) < 20) else 1
    finally:
        server.terminate()
        try:
            server.wait(timeout=10)
        except subprocess.TimeoutExpired:
            server.kill()


if __name__ == "__main__":
    raise SystemExit(main())
