"""What the page scripts (swiss-pages.py, trips-pages.py, …) share: a `clubhouse serve` on a fresh data directory,
timed requests with a cookie jar, and a page's weight (its HTML plus every stylesheet and script it links)."""
import http.cookiejar
import os
import re
import shutil
import socket
import subprocess
import tempfile
import time
import urllib.error
import urllib.parse
import urllib.request


def free_port():
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


class Server:
    """`clubhouse serve` on 127.0.0.1 with a fresh data directory (removed on stop), `env` added to the
    environment; requests keep the cookies the server sets."""

    def __init__(self, binary, env=None, prefix="pages-"):
        self.port = free_port()
        self.data = tempfile.mkdtemp(prefix=prefix)
        self.log = open(os.path.join(self.data, "server.log"), "wb")
        self.process = subprocess.Popen(
            [binary, "serve", "--host", "127.0.0.1", "--port", str(self.port), "--data-dir", self.data,
             "--log-level", "error"], env={**os.environ, **(env or {})}, stdout=self.log, stderr=subprocess.STDOUT)
        self.opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(http.cookiejar.CookieJar()))
        deadline = time.monotonic() + 120
        while time.monotonic() < deadline:
            try:
                with urllib.request.urlopen(self.url("/health"), timeout=2):
                    return
            except OSError:
                time.sleep(0.2)
        self.stop()
        raise SystemExit("server did not start")

    def url(self, path):
        return f"http://127.0.0.1:{self.port}{path}"

    def get(self, path, timeout=60):
        """(seconds to the last byte, status, body); an HTTP error status is returned, not raised."""
        start = time.perf_counter()
        try:
            with self.opener.open(self.url(path), timeout=timeout) as response:
                body, status = response.read(), response.status
        except urllib.error.HTTPError as error:
            body, status = error.read(), error.code
        return time.perf_counter() - start, status, body

    def post(self, path, fields):
        """Posts a form as a browser of this origin would; follows the redirect and returns the final URL."""
        request = urllib.request.Request(
            self.url(path), data=urllib.parse.urlencode(fields).encode(), method="POST",
            headers={"Origin": self.url(""), "Content-Type": "application/x-www-form-urlencoded"})
        with self.opener.open(request, timeout=60) as response:
            response.read()
            return response.geturl()

    def stop(self):
        self.process.terminate()
        self.process.wait(timeout=20)
        self.log.close()
        shutil.rmtree(self.data, ignore_errors=True)


def weight(server, html):
    """Bytes of the page plus every stylesheet and script it links (icons and SVGs aside), uncompressed."""
    total = len(html)
    for asset in set(re.findall(rb'(?:href|src)="(/assets/[^"]+)"', html)):
        if asset.endswith(b".svg") or b"icon" in asset:
            continue
        _, _, body = server.get(asset.decode().replace("&amp;", "&"))
        total += len(body)
    return total


def p90(sorted_times):
    return sorted_times[max(0, int(len(sorted_times) * 0.9) - 1)]
