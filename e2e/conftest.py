"""Fixtures for the Club Weekly browser tests.

* `server` (session): starts `clubhouse serve` on a free port with a fresh temporary data directory, waits for
  /health, reads the demo club's code with `clubhouse club list`, creates a private club and yields a `Server`.
* `driver` (per test): headless Chromium with the browser console log enabled.
* `make_server`: starts extra, private server instances (used by the offline test, which stops its own server).

The whole suite is skipped with a clear reason when Chromium, chromedriver or the server binary is missing.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from dataclasses import dataclass, field
from pathlib import Path

import pytest

E2E_DIR = Path(__file__).resolve().parent
REPO_DIR = E2E_DIR.parent
SCREENSHOT_DIR = E2E_DIR / "screenshots"

PRIVATE_SLUG = "e2e-private"
PRIVATE_NAME = "E2E Private"
PRIVATE_PASSWORD = "correct horse battery"

DESKTOP = (1440, 900)
PHONE = (390, 844)
TV = (1920, 1080)


# ----------------------------------------------------------------------------------------------------------------
# Prerequisites


def clubhouse_binary() -> Path:
    explicit = os.environ.get("CLUBHOUSE_BIN")
    if explicit:
        return Path(explicit)
    # Never build from the tests (another process may hold the build lock): use the existing debug build.
    return REPO_DIR / ".build" / "debug" / "clubhouse"


def chromium_binary() -> str | None:
    for name in (os.environ.get("CHROME_BIN"), "chromium", "chromium-browser", "google-chrome"):
        if name and shutil.which(name):
            return shutil.which(name)
    return None


def chromedriver_binary() -> str | None:
    return shutil.which(os.environ.get("CHROMEDRIVER", "chromedriver"))


def missing_prerequisites() -> str | None:
    problems = []
    if chromium_binary() is None:
        problems.append("Chromium not found (install the `chromium` package or set CHROME_BIN)")
    if chromedriver_binary() is None:
        problems.append("chromedriver not found (install `chromium-driver` or set CHROMEDRIVER)")
    binary = clubhouse_binary()
    if not (binary.is_file() and os.access(binary, os.X_OK)):
        problems.append(f"server binary {binary} missing (run `swift build` or set CLUBHOUSE_BIN)")
    try:
        import selenium  # noqa: F401
        import axe_selenium_python  # noqa: F401
    except ImportError as error:
        problems.append(f"Python package missing: {error.name} (pip install -r e2e/requirements.txt)")
    return "; ".join(problems) or None


def pytest_collection_modifyitems(config, items):
    reason = missing_prerequisites()
    if reason and os.environ.get("E2E_REQUIRED"):
        # CI installs everything: a missing prerequisite there is a failure, not a silent skip.
        raise pytest.UsageError(f"browser tests cannot run: {reason}")
    if reason:
        marker = pytest.mark.skip(reason=f"browser tests skipped: {reason}")
        for item in items:
            item.add_marker(marker)


# ----------------------------------------------------------------------------------------------------------------
# Server


def free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


@dataclass
class Server:
    binary: Path
    data_dir: Path
    log_path: Path
    port: int = 0
    process: subprocess.Popen | None = None
    demo_code: str = ""
    private_code: str = ""
    extra: dict = field(default_factory=dict)
    env: dict = field(default_factory=dict)

    @property
    def base_url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def url(self, path: str) -> str:
        return self.base_url + path

    def cli(self, *args: str, check: bool = True) -> subprocess.CompletedProcess:
        return subprocess.run(
            [str(self.binary), *args, "--data-dir", str(self.data_dir)],
            capture_output=True, text=True, timeout=60, check=check, cwd=self.data_dir)

    def start(self) -> None:
        if not self.port:
            self.port = free_port()
        log = open(self.log_path, "ab")
        self.process = subprocess.Popen(
            [str(self.binary), "serve", "--host", "127.0.0.1", "--port", str(self.port),
             "--data-dir", str(self.data_dir), "--log-level", "warning"],
            stdout=log, stderr=subprocess.STDOUT, cwd=self.data_dir,
            # Exports of more than 50 rows are imported by a background job (a small file shows that page).
            env={**os.environ, "CLUBWEEKLY_IMPORT_BACKGROUND_ROWS": "50", **self.env})
        log.close()
        self.wait_healthy()

    def wait_healthy(self, timeout: float = 90) -> None:
        deadline = time.monotonic() + timeout
        last_error: Exception | None = None
        while time.monotonic() < deadline:
            if self.process and self.process.poll() is not None:
                raise RuntimeError(f"clubhouse exited with {self.process.returncode}:\n{self.log_tail()}")
            try:
                with urllib.request.urlopen(self.url("/health"), timeout=2) as response:
                    if json.loads(response.read().decode()).get("status") == "ok":
                        return
            except (urllib.error.URLError, OSError, ValueError) as error:
                last_error = error
            time.sleep(0.2)
        raise RuntimeError(f"clubhouse did not become healthy in {timeout}s ({last_error}):\n{self.log_tail()}")

    def stop(self) -> None:
        if self.process and self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
            try:
                self.process.wait(timeout=20)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait(timeout=10)
        self.process = None

    def log_tail(self, lines: int = 120) -> str:
        try:
            text = self.log_path.read_text(errors="replace")
        except OSError:
            return "(no server log)"
        return "\n".join(text.splitlines()[-lines:]) or "(server log is empty)"

    def club_code(self, slug: str) -> str:
        listing = self.cli("club", "list").stdout
        for line in listing.splitlines():
            columns = line.split("\t")
            if columns and columns[0] == slug:
                match = re.search(r"\bcode (\S+)", line)
                if match:
                    return match.group(1)
        raise RuntimeError(f"club {slug!r} not in `club list` output:\n{listing}")

    def create_private_club(self) -> str:
        args = ("club", "create", "--name", PRIVATE_NAME, "--slug", PRIVATE_SLUG, "--timezone", "Europe/Dublin",
                "--admin-password", PRIVATE_PASSWORD)
        result = self.cli(*args, check=False)
        if result.returncode != 0 and "locked" in (result.stdout + result.stderr).lower():
            # SQLite busy: create the club while the server is stopped, then start it again.
            self.stop()
            result = self.cli(*args, check=False)
            self.start()
        if result.returncode != 0:
            raise RuntimeError(f"club create failed ({result.returncode}):\n{result.stdout}\n{result.stderr}")
        match = re.search(r"Club code:\s*(\S+)", result.stdout)
        return match.group(1) if match else self.club_code(PRIVATE_SLUG)


def _new_server(root: Path, name: str) -> Server:
    data_dir = root / name
    data_dir.mkdir(parents=True)
    return Server(binary=clubhouse_binary(), data_dir=data_dir, log_path=root / f"{name}.log")


@pytest.fixture(scope="session")
def server_root():
    root = Path(tempfile.mkdtemp(prefix="clubweekly-e2e-"))
    yield root
    if os.environ.get("E2E_KEEP_DATA"):
        print(f"\nE2E data kept in {root}")
    else:
        shutil.rmtree(root, ignore_errors=True)


def swiss_upstream_env(port: int) -> dict:
    """Points Today in Switzerland's upstreams at `scripts/swiss_fake_upstreams.py` on `port`."""
    base = f"http://127.0.0.1:{port}"
    return {"SWISS_OPENMETEO_URL": base, "SWISS_TRANSPORT_URL": base, "SWISS_OVERPASS_URL": f"{base}/api/interpreter",
            "SWISS_FEEDS_URL": base}


def start_swiss_fakes(delay_ms: int = 0) -> tuple[subprocess.Popen, int]:
    """Starts the Swiss upstream fakes (Open-Meteo, feeds, transport, Overpass) and waits until they answer."""
    port = free_port()
    process = subprocess.Popen([sys.executable, str(REPO_DIR / "scripts" / "swiss_fake_upstreams.py"), str(port),
                                str(delay_ms)], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    deadline = time.monotonic() + 20
    while time.monotonic() < deadline:
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=0.5):
                return process, port
        except OSError:
            time.sleep(0.1)
    process.kill()
    raise RuntimeError("the Swiss upstream fakes did not start")


@pytest.fixture(scope="session")
def swiss_fakes():
    """The Swiss upstream fakes every server of the session uses (port)."""
    process, port = start_swiss_fakes()
    yield port
    process.terminate()
    process.wait(timeout=10)


@pytest.fixture(scope="session")
def server(server_root, swiss_fakes, request):
    """The shared server: demo club seeded on start-up, plus the private club `e2e-private`; Today in Switzerland
    reads the local upstream fakes. It waits up to 10 s for them and for the home page's glances, so a loaded CI
    machine never shows the "unavailable" or "did not answer in time" state where a test expects data (the
    dead-upstream checks run their own servers with the real bounds)."""
    instance = _new_server(server_root, "main")
    instance.env = {**swiss_upstream_env(swiss_fakes), "SWISS_UPSTREAM_WAIT": "10", "CLUBHOUSE_HOME_WAIT": "10"}
    instance.start()  # empty DB: the demo club is seeded before /health answers
    try:
        instance.demo_code = instance.club_code("demo")
        instance.private_code = instance.create_private_club()
        yield instance
    finally:
        instance.stop()
        if request.session.testsfailed:
            print(f"\n----- clubhouse server log ({instance.log_path}) -----\n{instance.log_tail(200)}")


@pytest.fixture
def make_server(server_root):
    """Factory for extra server instances a test may stop at will (e.g. to simulate going offline)."""
    started: list[Server] = []

    def factory(name: str) -> Server:
        instance = _new_server(server_root, f"{name}-{len(started)}")
        instance.start()
        instance.demo_code = instance.club_code("demo")
        started.append(instance)
        return instance

    yield factory
    for instance in started:
        instance.stop()


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item, call):
    """Attach the server log (and the page URL) to every failed test's report."""
    outcome = yield
    report = outcome.get_result()
    if report.when == "call" and report.failed:
        for name in ("server", "make_server"):
            instance = item.funcargs.get(name)
            if isinstance(instance, Server):
                report.sections.append(("clubhouse server log (tail)", instance.log_tail(60)))
        driver = item.funcargs.get("driver")
        if driver is not None:
            try:
                report.sections.append(("browser", f"URL at failure: {driver.current_url}"))
            except Exception:  # noqa: BLE001 - the browser may already be gone
                pass


# ----------------------------------------------------------------------------------------------------------------
# Browser


def chrome_options():
    from selenium.webdriver.chrome.options import Options

    options = Options()
    options.binary_location = chromium_binary()
    for argument in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu",
                     f"--window-size={DESKTOP[0]},{DESKTOP[1]}", "--lang=en-GB", "--no-first-run",
                     "--disable-search-engine-choice-screen", "--disable-extensions"):
        options.add_argument(argument)
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    return options


@pytest.fixture
def driver():
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    browser = webdriver.Chrome(service=Service(executable_path=chromedriver_binary()), options=chrome_options())
    browser.set_page_load_timeout(30)
    browser.set_script_timeout(30)
    yield browser
    browser.quit()


# ----------------------------------------------------------------------------------------------------------------
# JustZone2: the simulated peripherals and the fake Web Bluetooth (e2e/fake_bluetooth.js)

FAKE_BLUETOOTH_JS = E2E_DIR / "fake_bluetooth.js"


@dataclass
class Peripherals:
    """A running `clubhouse zone2 peripherals`: the simulated trainer and strap the fake navigator.bluetooth talks to."""
    process: subprocess.Popen
    port: int
    log_path: Path

    @property
    def ws_url(self) -> str:
        return f"ws://127.0.0.1:{self.port}/gatt"

    def _call(self, method: str, path: str) -> dict:
        request = urllib.request.Request(f"http://127.0.0.1:{self.port}{path}", method=method, data=b"" if method == "POST" else None)
        with urllib.request.urlopen(request, timeout=10) as response:
            return json.loads(response.read().decode())

    def state(self) -> dict:
        """Devices (in range, centrals, notifying, control, target, power, heart rate), writes and the event log."""
        return self._call("GET", "/control/state")

    def fault(self, spec: str) -> dict:
        """Injects a fault now: `dropout+5s`, `strap+10s`, `control`, `stall+8s`, `garbage+3s`, `reject>250`."""
        from urllib.parse import quote
        return self._call("POST", f"/control/fault?spec={quote(spec)}")

    def cadence(self, rpm: float) -> dict:
        return self._call("POST", f"/control/cadence?rpm={rpm}")

    def clear(self) -> dict:
        """Forgets the write and event logs (between tests; the devices keep their state)."""
        return self._call("POST", "/control/clear")

    def drop(self, central: int) -> dict:
        return self._call("POST", f"/control/drop?central={central}")

    def writes(self, request: str | None = None) -> list[dict]:
        return [w for w in self.state()["writes"] if request is None or w["request"] == request]

    def log_tail(self, lines: int = 40) -> str:
        try:
            return "\n".join(self.log_path.read_text(errors="replace").splitlines()[-lines:])
        except OSError:
            return "(no peripherals log)"


def start_peripherals(log_path: Path, *arguments: str) -> Peripherals:
    """Starts `clubhouse zone2 peripherals --port 0 …` and waits for the line naming its port."""
    log = open(log_path, "ab")
    process = subprocess.Popen([str(clubhouse_binary()), "zone2", "peripherals", "--port", "0", *arguments],
                               stdout=subprocess.PIPE, stderr=log, text=True)
    log.close()
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        line = process.stdout.readline() if process.stdout else ""
        match = re.search(r"127\.0\.0\.1:(\d+)/gatt", line)
        if match:
            return Peripherals(process=process, port=int(match.group(1)), log_path=log_path)
        if process.poll() is not None:
            break
    process.kill()
    raise RuntimeError(f"zone2 peripherals did not start:\n{log_path.read_text(errors='replace')[-2000:]}")


def stop_peripherals(peripherals: Peripherals) -> None:
    peripherals.process.terminate()
    try:
        peripherals.process.wait(timeout=10)
    except subprocess.TimeoutExpired:
        peripherals.process.kill()
        peripherals.process.wait(timeout=10)


@pytest.fixture(scope="session")
def peripherals(server_root):
    """One simulated trainer and strap for the whole session (tests call `clear()` and inject faults as they go)."""
    instance = start_peripherals(server_root / "peripherals.log")
    yield instance
    stop_peripherals(instance)


def inject_fake_bluetooth(driver, peripherals_url: str | None, **config) -> None:
    """Makes every next document of the driver's current tab see `e2e/fake_bluetooth.js` as navigator.bluetooth,
    relaying to the peripherals at `peripherals_url` (config `unsupported=True`: no navigator.bluetooth at all). The
    page's CSP would refuse the fake's socket to another port, so CSP is bypassed for the test tab."""
    settings = {"url": peripherals_url, **config}
    source = f"window.__fakeBluetoothConfig = {json.dumps(settings)};\n" + FAKE_BLUETOOTH_JS.read_text()
    driver.execute_cdp_cmd("Page.setBypassCSP", {"enabled": True})
    driver.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": source})


@pytest.fixture
def bluetooth_driver(driver, peripherals):
    """The per-test browser with the fake Web Bluetooth relaying to the session's peripherals."""
    inject_fake_bluetooth(driver, peripherals.ws_url)
    yield driver
