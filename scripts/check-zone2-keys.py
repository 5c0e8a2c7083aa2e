#!/usr/bin/env python3
"""Rides `clubhouse zone2 ride --simulate` in a pseudo-terminal and presses its keys: +, +, ↑ (target +15 W),
space (pause), p (resume), q (stop and save). Usage: scripts/check-zone2-keys.py path/to/clubhouse"""
import os, pty, sys, time, select, tempfile
binary = sys.argv[1]
data = tempfile.mkdtemp()
pid, fd = pty.fork()
if pid == 0:
    os.execv(binary, [binary, "zone2", "ride", "--simulate", "--watts", "200", "--duration", "20m", "--warm-up", "1m", "--cool-down", "1m", "--time-scale", "30", "--data-dir", data])
out = b""
def pump(seconds):
    global out
    end = time.time() + seconds
    while time.time() < end:
        r, _, _ = select.select([fd], [], [], 0.1)
        if r:
            try:
                out += os.read(fd, 4096)
            except OSError:
                return
pump(4)                      # ~2 simulated minutes: main part
os.write(fd, b"++\x1b[A")    # +15 W
pump(2)
os.write(fd, b" ")           # pause
pump(2)
os.write(fd, b"p")           # resume
pump(2)
os.write(fd, b"q")           # stop and save
pump(8)
_, status = os.waitpid(pid, 0)
text = out.decode("utf-8", "replace")
print(text[-1500:])
for needle in ["target 215 W", "paused", "resumed", "stopped at", "wrote ", ".fit", "keys:"]:
    assert needle in text, needle
assert os.WEXITSTATUS(status) == 0, status
print("PTY RIDE OK")
