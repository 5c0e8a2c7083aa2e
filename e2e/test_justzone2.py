"""JustZone2 in the browser: the fake Web Bluetooth (e2e/fake_bluetooth.js) over the simulated peripherals
(`clubhouse zone2 peripherals`), then the rider's journeys through the real WebSocket bridge.

Run:  E2E_REQUIRED=1 CLUBHOUSE_BIN=$(swift build --show-bin-path)/clubhouse python3 -m pytest -q e2e/test_justzone2.py
"""

from __future__ import annotations

import io
import json
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest
from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By

from conftest import (DESKTOP, PHONE, SCREENSHOT_DIR, _new_server, chrome_options, chromedriver_binary,
                      inject_fake_bluetooth, start_peripherals, stop_peripherals)
from test_clubweekly import (axe_violations, clear_resize, console_errors, describe_violations,
                             full_page_screenshot, resize, settle, wait_loaded, widest_elements)

# ----------------------------------------------------------------------------------------------------------------
# Helpers


def poll(what: str, check, timeout: float = 10.0, interval: float = 0.1):
    """Polls `check()` until it returns something truthy; fails naming `what` after `timeout` seconds."""
    deadline = time.monotonic() + timeout
    last = None
    while time.monotonic() < deadline:
        last = check()
        if last:
            return last
        time.sleep(interval)
    raise AssertionError(f"never happened within {timeout}s: {what} (last: {last!r})")


# A page of our own to drive the fake directly (never served by the app): a button whose click runs
# `window.action` (set by the test), keeping the user gesture a chooser needs.
SELF_TEST_PAGE = """<!doctype html><html lang="en"><head><meta charset="utf-8"><title>fake bluetooth</title></head>
<body><button id="go" type="button">Go</button><script>
window.results = [];
document.getElementById('go').addEventListener('click', () => {
  const run = window.action;
  window.outcome = undefined;
  Promise.resolve().then(() => run()).then(
    (value) => { window.outcome = {ok: true, value}; },
    (error) => { window.outcome = {ok: false, name: error.name, message: error.message}; });
});
</script></body></html>"""


@pytest.fixture
def self_test_page(tmp_path: Path) -> str:
    page = tmp_path / "fake-bluetooth.html"
    page.write_text(SELF_TEST_PAGE)
    return page.as_uri()


def run_async(driver, body: str):
    """Runs an async function body in the page (no user gesture) and returns {ok, value | name, message}."""
    return driver.execute_async_script(
        "const done = arguments[arguments.length - 1];"
        f"(async () => {{ {body} }})().then((value) => done({{ok: true, value}}),"
        " (error) => done({ok: false, name: error.name, message: error.message}));")


def click_run(driver, body: str, timeout: float = 10.0):
    """Runs an async function body from a click on the page's button (a user gesture) and returns its outcome."""
    driver.execute_script(f"window.action = async () => {{ {body} }};")
    driver.find_element(By.ID, "go").click()
    return poll("the click's action to settle", lambda: driver.execute_script("return window.outcome"), timeout)


TRAINER_OPTIONS = "{filters: [{services: [0x1826]}], optionalServices: [0x180f, 'cycling_power']}"

# ----------------------------------------------------------------------------------------------------------------
# The fake itself, on a page of our own


def test_fake_request_device_needs_a_gesture_and_follows_filters(bluetooth_driver, peripherals, self_test_page):
    driver = bluetooth_driver
    driver.get(self_test_page)
    assert driver.execute_script("return 'bluetooth' in navigator && typeof BluetoothUUID.getService")
    assert run_async(driver, "return await navigator.bluetooth.getAvailability()") == {"ok": True, "value": True}

    no_gesture = run_async(driver, f"return (await navigator.bluetooth.requestDevice({TRAINER_OPTIONS})).name")
    assert no_gesture["ok"] is False and no_gesture["name"] == "SecurityError", no_gesture
    assert "user gesture" in no_gesture["message"]

    picked = click_run(driver, f"""
        const device = await navigator.bluetooth.requestDevice({TRAINER_OPTIONS});
        let second = null;
        try {{ await navigator.bluetooth.requestDevice({TRAINER_OPTIONS}); }} catch (e) {{ second = e.name; }}
        return {{name: device.name, id: device.id, second}};""")
    assert picked["ok"], picked
    assert picked["value"]["name"] == "JZ2 Sim Trainer"
    assert picked["value"]["second"] == "SecurityError", "one chooser per gesture"

    strap = click_run(driver, "return (await navigator.bluetooth.requestDevice("
                              "{filters: [{services: ['heart_rate']}]})).name")
    assert strap == {"ok": True, "value": "JZ2 Sim HRM"}
    nothing = click_run(driver, "return await navigator.bluetooth.requestDevice({filters: [{namePrefix: 'Zwift'}]})")
    assert nothing["name"] == "NotFoundError", nothing
    driver.execute_script("window.__fakeBluetooth.cancelChooser = true")
    cancelled = click_run(driver, f"return await navigator.bluetooth.requestDevice({TRAINER_OPTIONS})")
    assert cancelled["name"] == "NotFoundError" and "cancelled" in cancelled["message"], cancelled
    bad = click_run(driver, "return await navigator.bluetooth.requestDevice({})")
    assert bad["name"] == "TypeError", bad

    # Permission persists: a new page gets the devices back from getDevices() without a chooser.
    driver.get(self_test_page)
    names = run_async(driver, "return (await navigator.bluetooth.getDevices()).map((d) => d.name).sort()")
    assert names == {"ok": True, "value": ["JZ2 Sim HRM", "JZ2 Sim Trainer"]}


def test_fake_gatt_services_notifications_writes_and_overlaps(bluetooth_driver, peripherals, self_test_page):
    driver = bluetooth_driver
    driver.get(self_test_page)
    peripherals.clear()
    outcome = click_run(driver, f"""
        const device = await navigator.bluetooth.requestDevice({TRAINER_OPTIONS});
        const server = await device.gatt.connect();
        window.device = device;
        const ftms = await server.getPrimaryService(0x1826);
        const errors = {{}};
        for (const [key, uuid] of [['hr', 'heart_rate'], ['info', 0x180a], ['short', '2ad9'], ['upper',
            '00001826-0000-1000-8000-00805F9B34FB']]) {{
          try {{ await server.getPrimaryService(uuid); }} catch (e) {{ errors[key] = e.name; }}
        }}
        const bike = await ftms.getCharacteristic('indoor_bike_data');
        const point = await ftms.getCharacteristic(0x2ad9);
        const range = await ftms.getCharacteristic(0x2ad8);
        window.values = [];
        window.indications = [];
        bike.addEventListener('characteristicvaluechanged', (event) => {{
          const view = event.target.value;
          window.values.push({{flags: view.getUint16(0, true), length: view.byteLength, same: view === bike.value}});
        }});
        point.oncharacteristicvaluechanged = (event) => {{
          window.indications.push(Array.from(new Uint8Array(event.target.value.buffer)));
        }};
        await bike.startNotifications();
        await point.startNotifications();
        const overlap = await Promise.allSettled([range.readValue(), range.readValue()]);
        const powerRange = overlap[0].status === 'fulfilled' ? overlap[0].value.getInt16(2, true) : null;
        await point.writeValueWithResponse(new Uint8Array([0x00]));
        await point.writeValueWithResponse(new Uint8Array([0x07]));
        await point.writeValueWithResponse(new Uint8Array([0x05, 0xc8, 0x00]));
        return {{uuid: ftms.uuid, charUUID: point.uuid, write: point.properties.write,
                 indicate: point.properties.indicate, notify: point.properties.notify, errors, powerRange,
                 overlap: overlap[1].status === 'rejected' ? overlap[1].reason.name + ': ' + overlap[1].reason.message
                   : 'not rejected'}};""")
    assert outcome["ok"], outcome
    value = outcome["value"]
    assert value["uuid"] == "00001826-0000-1000-8000-00805f9b34fb"
    assert value["charUUID"] == "00002ad9-0000-1000-8000-00805f9b34fb"
    assert (value["write"], value["indicate"], value["notify"]) == (True, True, False)
    assert value["errors"] == {"hr": "SecurityError", "info": "SecurityError", "short": "TypeError",
                               "upper": "TypeError"}
    assert value["powerRange"] == 2000
    assert value["overlap"] == "NetworkError: GATT operation already in progress."

    indications = poll("three indications", lambda: (lambda v: v if len(v) >= 3 else None)(
        driver.execute_script("return window.indications")))
    assert indications[:3] == [[0x80, 0x00, 0x01], [0x80, 0x07, 0x01], [0x80, 0x05, 0x01]]
    values = poll("two Indoor Bike Data notifications", lambda: (lambda v: v if len(v) >= 2 else None)(
        driver.execute_script("return window.values")), timeout=5)
    assert all(v["same"] and v["length"] >= 4 for v in values)
    writes = peripherals.writes()
    assert [w["request"] for w in writes] == ["requestControl", "startOrResume", "setTargetPower"]
    assert writes[-1]["watts"] == 200 and writes[-1]["result"] == "success"
    state = peripherals.state()
    assert state["trainer"]["targetWatts"] == 200
    assert state["trainer"]["centrals"] == [driver.execute_script("return window.__fakeBluetooth.central")]


def test_fake_link_drop_reconnect_and_unsupported(bluetooth_driver, peripherals, self_test_page):
    driver = bluetooth_driver
    driver.get(self_test_page)
    connected = click_run(driver, f"""
        const device = await navigator.bluetooth.requestDevice({TRAINER_OPTIONS});
        window.device = device;
        window.events = [];
        device.addEventListener('gattserverdisconnected', () => window.events.push('disconnected'));
        device.addEventListener('advertisementreceived', () => window.events.push('advert'));
        await device.gatt.connect();
        return device.gatt.connected;""")
    assert connected == {"ok": True, "value": True}
    peripherals.fault("dropout+2s")
    poll("gattserverdisconnected", lambda: "disconnected" in driver.execute_script("return window.events"))
    refused = run_async(driver, "await window.device.gatt.connect(); return 'connected'")
    assert refused["name"] == "NetworkError", refused
    run_async(driver, "await window.device.watchAdvertisements(); return true")
    poll("an advertisement once in range", lambda: "advert" in driver.execute_script("return window.events"),
         timeout=6)
    again = run_async(driver, "await window.device.gatt.connect(); return window.device.gatt.connected")
    assert again == {"ok": True, "value": True}
    events = [entry["event"] for entry in peripherals.state()["log"] if entry["device"] == "trainer"]
    assert "link-down" in events and "in-range" in events

    # A browser without Web Bluetooth.
    inject_fake_bluetooth(driver, None, unsupported=True)
    driver.get(self_test_page)
    assert driver.execute_script("return 'bluetooth' in navigator") is False


# ----------------------------------------------------------------------------------------------------------------
# The journeys: one server and one peripherals process for the module, one Bluetooth ride through the real bridge
# that every case below rides in turn (the order of the functions is the order of the ride), then its end.
#
# Time: the form's shortest plan (5 minutes, no warm-up) with the live helper's ZONE2_TIME_SCALE = 5/3, so the ride
# lasts 3 real minutes; the peripherals notify twice a second (about once a ride second). Link-up latency and the
# fault windows are measured in real seconds on the peripherals' clock.

TIME_SCALE = 5 / 3
PLAN_MINUTES = 5
START_WATTS = 150


@pytest.fixture(scope="module")
def zone2_peripherals(server_root):
    instance = start_peripherals(server_root / "zone2-peripherals.log", "--rate", "2")
    yield instance
    stop_peripherals(instance)


@pytest.fixture(scope="module")
def zone2_server(server_root, request):
    instance = _new_server(server_root, "zone2")
    instance.env = {"ZONE2_TIME_SCALE": str(TIME_SCALE), "ZONE2_PING_SECONDS": "2",
                    "ZONE2_RADIO_TIMEOUT_SECONDS": "8", "ZONE2_CHECKPOINT_SECONDS": "30"}
    instance.start()
    yield instance
    instance.stop()
    if request.session.testsfailed:
        print(f"\n----- zone2 server log ({instance.log_path}) -----\n{instance.log_tail(80)}")


def new_browser():
    browser = webdriver.Chrome(service=Service(executable_path=chromedriver_binary()), options=chrome_options())
    browser.set_page_load_timeout(30)
    browser.set_script_timeout(30)
    return browser


# A test-only handle on the page's WebSockets, so a case can drop the bridge's socket as a network would.
SOCKET_TRACKER = """(() => {
  const Native = window.WebSocket;
  window.__sockets = [];
  window.WebSocket = function (url, protocols) {
    const socket = protocols === undefined ? new Native(url) : new Native(url, protocols);
    window.__sockets.push(socket);
    socket.__events = [['new', performance.now()]];
    for (const type of ['open', 'close', 'error']) {
      socket.addEventListener(type, () => socket.__events.push([type, performance.now()]));
    }
    return socket;
  };
  window.WebSocket.prototype = Native.prototype;
  for (const key of ['CONNECTING', 'OPEN', 'CLOSING', 'CLOSED']) window.WebSocket[key] = Native[key];
})();"""


def prepare_tab(driver, peripherals) -> None:
    """The fake Web Bluetooth and the socket tracker in every next document of the current tab."""
    inject_fake_bluetooth(driver, peripherals.ws_url)
    driver.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": SOCKET_TRACKER})


@pytest.fixture(scope="module")
def rider(zone2_server, zone2_peripherals):
    """The rider's browser, kept for the whole ride."""
    browser = new_browser()
    prepare_tab(browser, zone2_peripherals)
    yield browser
    browser.quit()


def ride_state(driver) -> dict:
    """The rider's /zone2/ride/state, fetched with the browser's cookie outside the page (a page that navigates,
    as the ride page does at the end, would lose an in-page fetch)."""
    from urllib.parse import urlsplit

    base = urlsplit(driver.current_url)
    request = urllib.request.Request(f"{base.scheme}://{base.netloc}/zone2/ride/state",
                                     headers={"Cookie": cookie_header(driver)})
    with urllib.request.urlopen(request, timeout=10) as response:
        return json.loads(response.read())


def snapshot(driver) -> dict:
    return ride_state(driver).get("snapshot") or {}


def text_of(driver, selector: str) -> str:
    return driver.execute_script("const e = document.querySelector(arguments[0]); return e ? e.textContent : ''",
                                 selector)


def readout(driver, key: str) -> str:
    return text_of(driver, f'[data-readout="{key}"] .value').strip()


def link_word(driver, key: str) -> str:
    return text_of(driver, f'[data-link="{key}"] .link-word').strip()


def start_erg_ride(driver, source: str, minutes: int, watts: int | None = None) -> None:
    """From the home page: an ERG ride of `minutes` without warm-up on `source`, then wait for the ride page."""
    form = driver.find_element(By.CSS_SELECTOR, "form.start-form")
    click(driver, form.find_element(By.CSS_SELECTOR, 'input[name="mode"][value="erg"]'))
    fields = (("start-minutes", minutes),) + ((("start-watts", watts),) if watts is not None else ())
    for field, value in fields:
        element = driver.find_element(By.ID, field)
        element.clear()
        element.send_keys(str(value))
    warmup = form.find_element(By.CSS_SELECTOR, 'input[name="warmup"]')
    if warmup.is_selected():
        click(driver, warmup)
    click(driver, form.find_element(By.CSS_SELECTOR, f'input[name="source"][value="{source}"]'))
    click(driver, form.find_element(By.CSS_SELECTOR, 'button[type="submit"]'))
    poll("the ride page", lambda: driver.current_url.endswith("/zone2/ride"))
    wait_loaded(driver)


def check_page(driver, name: str, ignore: tuple = ()) -> None:
    """At phone and desktop size: no overflow, no console errors, no serious axe findings; screenshots."""
    SCREENSHOT_DIR.mkdir(exist_ok=True)
    for size_name, size, mobile in (("phone", PHONE, True), ("desktop", DESKTOP, False)):
        resize(driver, size, mobile=mobile)
        settle(driver)
        scroll_width = driver.execute_script("return document.documentElement.scrollWidth")
        assert scroll_width <= size[0] + 1, f"{name} overflows at {size[0]}px: {widest_elements(driver, size[0])}"
        errors = console_errors(driver, ignore=ignore)
        assert not errors, "console errors:\n  " + "\n  ".join(errors)
        violations = axe_violations(driver)
        assert not violations, describe_violations(violations)
        full_page_screenshot(driver, SCREENSHOT_DIR / f"zone2-{name}-{size_name}.png")
    clear_resize(driver)


def click(driver, element) -> None:
    """Clicks an element after scrolling it to the middle (the sticky header would cover it at the top)."""
    driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", element)
    element.click()


def trainer_target(peripherals):
    return peripherals.state()["trainer"]["targetWatts"]


# Chrome logs this for the ride tab's sockets when the test freezes the tab (Page.setWebLifecycleState).
RIDE_CONSOLE = (r"WebSocket connection to .* failed: Page entered Back-Forward Cache",)


def test_unsupported_browser_says_so(driver, zone2_server):
    inject_fake_bluetooth(driver, None, unsupported=True)
    driver.get(zone2_server.url("/zone2/pair"))
    wait_loaded(driver)
    message = poll("the unsupported message", lambda: driver.find_element(By.ID, "bt-unsupported").is_displayed())
    assert message
    assert "can't connect to a trainer" in driver.find_element(By.ID, "bt-unsupported").text
    assert "Chrome or Edge" in driver.find_element(By.ID, "bt-unsupported").text
    check_page(driver, "pair-unsupported")


def test_pair_then_start_a_bluetooth_ride(rider, zone2_server, zone2_peripherals):
    driver = rider
    driver.get(zone2_server.url("/zone2/pair"))
    wait_loaded(driver)
    for key, unit in (("trainer", "W"), ("hrm", "bpm")):
        button = driver.find_element(By.CSS_SELECTOR, f'[data-scan="{key}"]')
        poll(f"the {key} scan button enabled", lambda: button.is_enabled())
        click(driver, button)
        poll(f"{key} connected on the pair page", lambda: text_of(
            driver, f'[data-device="{key}"] [data-field="status"]').startswith("Connected"))
        poll(f"{key} sign of life", lambda: text_of(
            driver, f'[data-device="{key}"] [data-field="live"]').endswith(unit), timeout=6)
    assert "JZ2 Sim Trainer" in text_of(driver, '[data-device="trainer"] [data-field="name"]')
    assert "%" in text_of(driver, '[data-device="hrm"] [data-field="battery"]')
    check_page(driver, "pair")

    # First visit: the welcome page sets the zones (max HR 190 → Zone 2 112–148 bpm), then the home page's form.
    driver.get(zone2_server.url("/zone2"))
    wait_loaded(driver)
    assert driver.current_url.endswith("/zone2/welcome")
    check_page(driver, "welcome")
    driver.find_element(By.ID, "welcome-maxhr").send_keys("190")
    click(driver, driver.find_element(By.CSS_SELECTOR, 'button[name="action"][value="set"]'))
    poll("the home page", lambda: driver.current_url.split("?")[0].rstrip("/").endswith("/zone2"))
    wait_loaded(driver)
    check_page(driver, "home")
    zone2_peripherals.clear()
    start_erg_ride(driver, "bridge", PLAN_MINUTES, watts=START_WATTS)
    poll("the trainer connected through the bridge", lambda: link_word(driver, "trainer") == "connected", timeout=20)
    poll("power near the target", lambda: readout(driver, "power").isdigit()
         and abs(int(readout(driver, "power")) - START_WATTS) <= 15, timeout=15)
    poll("heart rate shown", lambda: readout(driver, "heart").isdigit(), timeout=10)
    assert link_word(driver, "strap") == "connected"
    requests = [w["request"] for w in zone2_peripherals.writes()]
    assert requests[:3] == ["requestControl", "startOrResume", "setTargetPower"], requests
    assert trainer_target(zone2_peripherals) == START_WATTS
    assert "bpm" in driver.title and "W" in driver.title
    check_page(driver, "ride", ignore=RIDE_CONSOLE)


def test_trainer_drop_mid_interval_restores_the_target_within_a_second(rider, zone2_peripherals):
    driver = rider
    zone2_peripherals.clear()
    before = snapshot(driver)
    assert before.get("phase") == "main" and before.get("trainerConnected"), before
    zone2_peripherals.fault("dropout+5s")
    poll("the trainer shown as not connected", lambda: link_word(driver, "trainer") == "not connected", timeout=8)
    poll("no power invented while the trainer is away", lambda: readout(driver, "power") == "--", timeout=8)
    during = snapshot(driver)
    assert during["elapsed"] > before["elapsed"], "the ride's clock runs through the drop"
    assert not during.get("isPaused")
    poll("the trainer back", lambda: link_word(driver, "trainer") == "connected", timeout=20)
    state = zone2_peripherals.state()
    connects = [e["time"] for e in state["log"] if e["device"] == "trainer" and e["event"] == "connect"]
    down = [e["time"] for e in state["log"] if e["device"] == "trainer" and e["event"] == "link-down"]
    assert down and connects and connects[-1] > down[0], state["log"]
    link_up = connects[-1]
    after = [w for w in state["writes"] if w["time"] >= link_up]
    requests = [w["request"] for w in after]
    assert requests[:3] == ["requestControl", "startOrResume", "setTargetPower"], after
    target_write = after[2]
    assert target_write["watts"] == snapshot(driver)["target"] == START_WATTS
    assert target_write["time"] - link_up <= 1.0, f"target re-applied {target_write['time'] - link_up:.3f}s after link-up"
    assert state["trainer"]["targetWatts"] == START_WATTS


def test_strap_lost_and_back_unaided(rider, zone2_peripherals):
    driver = rider
    zone2_peripherals.fault("strap+10s")
    poll("heart rate '--'", lambda: readout(driver, "heart") == "--", timeout=10)
    assert link_word(driver, "strap") == "not connected"
    assert readout(driver, "power").isdigit(), "power is held without the strap"
    assert trainer_target(zone2_peripherals) == START_WATTS
    poll("the strap back by itself", lambda: readout(driver, "heart").isdigit(), timeout=25)
    assert link_word(driver, "strap") == "connected"


def test_control_point_rejected_holds_the_last_accepted_target(rider, zone2_peripherals):
    driver = rider
    zone2_peripherals.fault("reject>250")
    zone2_peripherals.clear()
    for _ in range(2):  # 150 → 200 → 250 (accepted), then 300 (refused)
        driver.execute_script("window.zone2Radio.command('adjust', 50)")
        time.sleep(0.3)
    poll("250 W on the trainer", lambda: trainer_target(zone2_peripherals) == 250, timeout=8)
    driver.execute_script("window.zone2Radio.command('adjust', 50)")
    refused = poll("the 300 W write refused (0x03)", lambda: [
        w for w in zone2_peripherals.writes("setTargetPower") if w["watts"] == 300], timeout=8)
    assert refused[0]["result"] == "invalidParameter"
    time.sleep(2)
    assert trainer_target(zone2_peripherals) == 250, "the trainer holds the last accepted target"
    # Another app takes control: the trainer's 0xFF status, then the engine asks again; 250 W stays.
    zone2_peripherals.clear()
    zone2_peripherals.fault("control")
    again = poll("control requested again", lambda: [w for w in zone2_peripherals.writes() if w["request"] in (
        "requestControl", "setTargetPower")], timeout=8)
    assert again[0]["request"] == "requestControl", again
    poll("the target sent again", lambda: zone2_peripherals.writes("setTargetPower"), timeout=8)
    poll("control granted again", lambda: zone2_peripherals.state()["trainer"]["controlGranted"], timeout=5)
    assert trainer_target(zone2_peripherals) == 250
    shown = snapshot(driver).get("target")
    print(f"after the refusal the page's target reads {shown} W, the trainer holds 250 W")
    notice = text_of(driver, "#ride-message")
    if "250" not in notice and "refus" not in notice.lower():
        pytest.xfail(f"no notice on the page when the trainer refuses a target (message: {notice!r})")


def test_bridge_socket_dropped_and_back(rider, zone2_peripherals):
    driver = rider
    # Back to 200 W for the rest of the ride (the engine's own target may still be the refused 300 W).
    for _ in range(4):
        target = snapshot(driver).get("target")
        if target == 200:
            break
        driver.execute_script("window.zone2Radio.command('adjust', arguments[0])", max(-50, min(50, 200 - target)))
        poll("the command applied", lambda: snapshot(driver).get("target") != target, timeout=5)
    poll("200 W", lambda: trainer_target(zone2_peripherals) == 200, timeout=8)
    zone2_peripherals.clear()
    before = snapshot(driver)
    dropped = driver.execute_script(
        "const s = window.__sockets.filter((w) => w.url.includes('/zone2/bridge') && w.readyState === 1);"
        "window.__dropAt = performance.now(); s.forEach((w) => w.close()); return s.length")
    assert dropped == 1
    started = time.monotonic()
    poll("the server link back", lambda: link_word(driver, "server") == "connected"
         and driver.execute_script("return window.__sockets.filter((w) => w.url.includes('/zone2/bridge')"
                                   " && w.readyState === 1).length") == 1, timeout=5, interval=0.05)
    back = time.monotonic() - started
    events = driver.execute_script(
        "const t0 = window.__dropAt; return window.__sockets.filter((w) => w.url.includes('/zone2/bridge'))"
        ".slice(-2).map((w) => w.__events.map(([k, t]) => [k, Math.round(t - t0)]))")
    closed_ms = next(t for kind, t in events[0] if kind == "close")
    opened_ms = next(t for kind, t in events[1] if kind == "open")
    assert opened_ms - closed_ms <= 2000, f"the page reconnected {opened_ms - closed_ms} ms after the close ({events})"
    poll("state flowing again", lambda: snapshot(driver).get("elapsed", 0) > before["elapsed"] + 1, timeout=6)
    assert not snapshot(driver).get("isPaused"), "a socket drop does not pause the ride"
    assert zone2_peripherals.state()["trainer"]["centrals"], "Bluetooth stayed up"
    assert trainer_target(zone2_peripherals) == 200
    errors = console_errors(driver)
    late_frames = [e for e in errors if "Data frame received after close" in e]
    assert not [e for e in errors if e not in late_frames], errors
    problems = []
    if back > 2.0:
        # Chrome fires `close` only when the server closes TCP after the closing handshake (or after 2 s).
        problems.append(f"bridge back {back:.1f}s after the drop: the server's side of /zone2/bridge closed "
                        f"{closed_ms} ms after the page's close (the page reconnected {opened_ms - closed_ms} ms "
                        "later)")
    if late_frames:
        problems.append("the server sent frames after its close frame (Chrome: 'Data frame received after close')")
    if problems:
        pytest.xfail("; ".join(problems))


def test_tab_hidden_keeps_riding_and_frozen_tab_is_reapplied(rider, zone2_server, zone2_peripherals):
    driver = rider
    ride_tab = driver.current_window_handle
    zone2_peripherals.clear()
    before = snapshot(driver)
    driver.execute_script("window.__visibility = [];"
                          "document.addEventListener('visibilitychange', () => "
                          "window.__visibility.push(document.visibilityState));")
    # Another tab in front for 30 s: the ride tab is hidden (its state is read from the server meanwhile).
    cookie = cookie_header(driver)
    driver.switch_to.new_window("tab")
    driver.get("about:blank")
    hidden_for = 30
    time.sleep(hidden_for)
    state = zone2_peripherals.state()
    assert not [e for e in state["log"] if e["device"] == "trainer" and e["event"] != "connect"], state["log"]
    assert state["trainer"]["centrals"], "the trainer stayed connected while hidden"
    _, body, _ = http_get(zone2_server, driver, "/zone2/ride/state", cookie=cookie)
    after = json.loads(body)["snapshot"]
    assert after["elapsed"] - before["elapsed"] >= hidden_for * TIME_SCALE * 0.8
    assert after.get("power") is not None and not after.get("isPaused")
    driver.close()
    driver.switch_to.window(ride_tab)
    driver.execute_cdp_cmd("Page.bringToFront", {})
    poll("the ride tab visible again", lambda: driver.execute_script("return document.visibilityState") == "visible")
    assert driver.execute_script("return window.__visibility")[:1] == ["hidden"], "the ride tab was hidden"

    # Frozen 15 s: the radio goes silent (no pongs, no notifications relayed); on thaw the target is re-applied.
    zone2_peripherals.clear()
    driver.execute_cdp_cmd("Page.setWebLifecycleState", {"state": "frozen"})
    time.sleep(15)
    driver.execute_cdp_cmd("Page.setWebLifecycleState", {"state": "active"})
    thawed = time.monotonic()
    poll("the target re-applied after the freeze", lambda: zone2_peripherals.writes("setTargetPower"), timeout=20)
    assert trainer_target(zone2_peripherals) == 200
    poll("riding again", lambda: readout(driver, "power").isdigit(), timeout=15)
    print(f"target re-applied {time.monotonic() - thawed:.1f}s after the thaw")


def test_two_tabs_viewer_then_use_this_tab(rider, zone2_server, zone2_peripherals):
    driver = rider
    radio_tab = driver.current_window_handle
    radio_central = driver.execute_script("return window.__fakeBluetooth.central")
    zone2_peripherals.clear()
    driver.switch_to.new_window("tab")
    prepare_tab(driver, zone2_peripherals)
    driver.get(zone2_server.url("/zone2/ride"))
    wait_loaded(driver)
    viewer_tab = driver.current_window_handle
    poll("the viewer bar", lambda: driver.find_element(By.ID, "viewer-bar").is_displayed(), timeout=10)
    assert "Another tab holds the Bluetooth links" in driver.find_element(By.ID, "viewer-bar").text
    poll("the viewer shows the ride", lambda: readout(driver, "power").isdigit(), timeout=10)
    assert driver.execute_script("return window.__fakeBluetooth.calls") == [], "a viewer makes no Bluetooth calls"
    # Both tabs send commands.
    driver.execute_script("window.zone2Radio.command('adjust', 5)")
    poll("205 W from the viewer", lambda: trainer_target(zone2_peripherals) == 205, timeout=8)
    check_page(driver, "ride-viewer", ignore=RIDE_CONSOLE)
    # "Use this tab": the radio moves; never two centrals.
    click(driver, driver.find_element(By.ID, "take-over"))
    poll("the viewer tab holds the trainer", lambda: zone2_peripherals.state()["trainer"]["centrals"]
         == [driver.execute_script("return window.__fakeBluetooth.central")], timeout=20)
    poll("the new radio's bar hidden", lambda: not driver.find_element(By.ID, "viewer-bar").is_displayed())
    state = zone2_peripherals.state()
    assert state["trainer"]["maxCentrals"] <= 1 and state["hrm"]["maxCentrals"] <= 1, state
    assert radio_central not in state["trainer"]["centrals"]
    poll("power through the new radio", lambda: readout(driver, "power").isdigit(), timeout=30)
    assert trainer_target(zone2_peripherals) == 205
    driver.switch_to.window(radio_tab)
    driver.execute_cdp_cmd("Page.bringToFront", {})
    poll("the first tab is a viewer now", lambda: driver.find_element(By.ID, "viewer-bar").is_displayed(), timeout=30)
    driver.switch_to.window(viewer_tab)
    driver.execute_cdp_cmd("Page.bringToFront", {})



def test_radio_tab_closed_then_rejoined_from_home(rider, zone2_server, zone2_peripherals):
    driver = rider
    ride_id = ride_state(driver)["ride"]
    zone2_peripherals.clear()
    # Closing the radio tab drops its Bluetooth links (as Chrome does); the ride goes on at the server.
    driver.close()
    driver.switch_to.window(driver.window_handles[0])
    driver.execute_cdp_cmd("Page.bringToFront", {})  # the tab left must be the visible one (timers unthrottled)
    poll("the trainer released", lambda: not zone2_peripherals.state()["trainer"]["centrals"], timeout=30)
    driver.get(zone2_server.url("/zone2"))
    wait_loaded(driver)
    card = driver.find_element(By.ID, "ride-in-progress")
    assert "Ride in progress" in card.text
    click(driver, card.find_element(By.LINK_TEXT, "Rejoin ride"))
    poll("the ride page", lambda: driver.current_url.endswith("/zone2/ride"))
    wait_loaded(driver)
    poll("the trainer back through this tab", lambda: zone2_peripherals.state()["trainer"]["centrals"]
         == [driver.execute_script("return window.__fakeBluetooth.central")], timeout=20)
    poll("riding again", lambda: readout(driver, "power").isdigit(), timeout=30)
    assert ride_state(driver)["ride"] == ride_id, "the same ride"
    state = zone2_peripherals.state()
    assert state["trainer"]["maxCentrals"] <= 1, state
    assert [c["op"] for c in driver.execute_script("return window.__fakeBluetooth.calls")
            if c["op"] == "requestDevice"] == [], "the browser gave the devices back without a chooser"
    assert trainer_target(zone2_peripherals) == 205


def cookie_header(driver) -> str:
    return "; ".join(f"{c['name']}={c['value']}" for c in driver.get_cookies())


def http_get(server, driver, path: str, cookie: str | None = None) -> tuple[int, bytes, str]:
    """GET `path` with the browser's cookies (or `cookie`, read earlier on one of the app's pages)."""
    request = urllib.request.Request(server.url(path), headers={"Cookie": cookie or cookie_header(driver)})
    try:
        with urllib.request.urlopen(request, timeout=20) as response:
            return response.status, response.read(), response.headers.get("Content-Type", "")
    except urllib.error.HTTPError as error:
        return error.code, error.read(), error.headers.get("Content-Type", "")


def decode_fit(data: bytes) -> dict:
    """The FIT file's messages, decoded by Garmin's FIT SDK (errors listed, not raised)."""
    from garmin_fit_sdk import Decoder, Stream

    checker = Decoder(Stream.from_byte_array(bytearray(data)))
    assert checker.is_fit(), "not a FIT file"
    assert checker.check_integrity(), "the FIT file's CRC is wrong"
    # A fresh decoder: the checks above leave the stream at its end.
    messages, errors = Decoder(Stream.from_byte_array(bytearray(data))).read()
    assert not errors, errors
    return messages


def test_the_ride_ends_on_its_summary_with_trim_fit_and_history(rider, zone2_server, zone2_peripherals):
    driver = rider
    state = ride_state(driver)
    ride_id = state["ride"]
    left = (state["snapshot"]["total"] - state["snapshot"]["elapsed"]) / TIME_SCALE
    summary = f"/zone2/rides/{ride_id}/summary"
    poll("the summary after the plan's end", lambda: driver.current_url.endswith(summary), timeout=left + 20,
         interval=0.5)
    assert zone2_peripherals.state()["trainer"]["maxCentrals"] <= 1
    wait_loaded(driver)
    assert "Zone" in driver.find_element(By.TAG_NAME, "h1").text
    check_page(driver, "summary")

    # The whole ride's FIT file, decoded by Garmin's SDK: ~5 minutes of records, the drop's gap left empty.
    status, data, _ = http_get(zone2_server, driver, f"/zone2/rides/{ride_id}/ride.fit")
    assert status == 200, data[:200]
    messages = decode_fit(data)
    records = messages.get("record_mesgs", [])
    assert len(records) >= PLAN_MINUTES * 60 * 0.8, \
        f"{len(records)} records for a {PLAN_MINUTES}-minute plan ({ {k: len(v) for k, v in messages.items()} })"
    stamps = [r["timestamp"] for r in records]
    assert all(a < b for a, b in zip(stamps, stamps[1:])), "one record a second, no duplicates after reconnects"
    powers = [r.get("power") for r in records]
    assert sum(1 for p in powers if p is not None and abs(p - 200) <= 15) >= 30, "power held at the target"
    gaps = sum(1 for p in powers if p is None)
    assert gaps >= 3, f"the trainer's drop left a gap (nothing invented): {gaps} records without power"
    assert messages.get("session_mesgs"), "a session message"

    # Trim to 0:30–4:00: the page says so and the download holds the kept part only.
    for field, value in (("trim-start", "0:30"), ("trim-end", "4:00")):
        element = driver.find_element(By.ID, field)
        element.clear()
        element.send_keys(value)
    click(driver, driver.find_element(By.CSS_SELECTOR, "form.trim-form button[type='submit']:not([name])"))
    poll("the trimmed ride", lambda: "Downloads hold the trimmed part." in driver.page_source, timeout=10)
    wait_loaded(driver)
    assert console_errors(driver) == []
    status, data, _ = http_get(zone2_server, driver, f"/zone2/rides/{ride_id}/ride.fit")
    assert status == 200
    trimmed = decode_fit(data).get("record_mesgs", [])
    assert 150 <= len(trimmed) <= 211 and len(trimmed) < len(records), \
        f"{len(trimmed)} records kept of 0:30–4:00 ({len(records)} in the whole ride)"

    # The history lists it.
    driver.get(zone2_server.url("/zone2/rides"))
    wait_loaded(driver)
    assert driver.find_elements(By.CSS_SELECTOR, f'a[href$="/zone2/rides/{ride_id}"], a[href*="/zone2/rides/{ride_id}/"]'), \
        "the ride is in the history"
    check_page(driver, "history")


# ----------------------------------------------------------------------------------------------------------------
# Plain http on a LAN name, and Resume after a restart (each on a server and browser of its own)

# A name that is not localhost: Chrome treats http:// on it as an insecure origin (as a phone opening the server's LAN
# address would), while `--host-resolver-rules` sends it to the loopback server.
LAN_HOST = "zone2-lan.test"


def lan_browser():
    options = chrome_options()
    options.add_argument(f"--host-resolver-rules=MAP {LAN_HOST} 127.0.0.1")
    browser = webdriver.Chrome(service=Service(executable_path=chromedriver_binary()), options=options)
    browser.set_page_load_timeout(30)
    browser.set_script_timeout(30)
    return browser


def set_zones_then_home(driver, base_url: str) -> None:
    """A new rider's first visit: the welcome page sets max HR 190, then the home page."""
    driver.get(base_url + "/zone2")
    wait_loaded(driver)
    assert driver.current_url.endswith("/zone2/welcome"), driver.current_url
    driver.find_element(By.ID, "welcome-maxhr").send_keys("190")
    click(driver, driver.find_element(By.CSS_SELECTOR, 'button[name="action"][value="set"]'))
    poll("the home page", lambda: driver.current_url.split("?")[0].rstrip("/").endswith("/zone2"))
    wait_loaded(driver)


def test_plain_http_on_a_lan_address_says_bluetooth_needs_https(zone2_server):
    browser = lan_browser()
    try:
        lan = f"http://{LAN_HOST}:{zone2_server.port}"
        browser.get(lan + "/zone2/pair")
        wait_loaded(browser)
        assert browser.execute_script("return window.isSecureContext") is False, "the LAN name must be insecure"
        insecure = browser.find_element(By.ID, "bt-insecure")
        poll("the https notice on the pair page", insecure.is_displayed)
        assert "https://" in insecure.text and "localhost" in insecure.text, insecure.text
        assert not browser.find_element(By.ID, "bt-unsupported").is_displayed(), \
            "an insecure page is told about https, not that the browser lacks Bluetooth"
        assert all(not b.is_enabled() for b in browser.find_elements(By.CSS_SELECTOR, "[data-scan]"))
        check_page(browser, "pair-insecure")

        # The home page's start form: the hint names https and the simulator is picked, so Start works as is.
        set_zones_then_home(browser, lan)
        hint = browser.find_element(By.ID, "bluetooth-hint")
        poll("the https hint on the start form", lambda: "secure page (https" in hint.text)
        assert hint.get_attribute("role") == "status"
        assert browser.find_element(
            By.CSS_SELECTOR, '.start-form input[name="source"][value="simulator"]').is_selected()
        check_page(browser, "home-insecure")

        # The same server on 127.0.0.1 is a secure origin: no https notice there.
        browser.get(zone2_server.url("/zone2/pair"))
        wait_loaded(browser)
        assert browser.execute_script("return window.isSecureContext") is True
        # radio.js decides on load (readyState complete): the https notice stays hidden.
        assert not browser.find_element(By.ID, "bt-insecure").is_displayed()
    finally:
        browser.quit()


RESUME_SCALE = 10
RESUME_MINUTES = 30


def test_resume_after_a_server_restart_keeps_riding_time_and_laps(server_root):
    server = _new_server(server_root, "zone2-restart")
    server.env = {"ZONE2_TIME_SCALE": str(RESUME_SCALE), "ZONE2_CHECKPOINT_SECONDS": "30"}
    server.start()
    browser = new_browser()
    try:
        driver = browser
        set_zones_then_home(driver, server.base_url)
        start_erg_ride(driver, "simulator", RESUME_MINUTES)
        ride_id = ride_state(driver)["ride"]
        poll("a minute ridden", lambda: snapshot(driver).get("elapsed", 0) >= 60, timeout=60)
        click(driver, driver.find_element(By.ID, "cmd-lap"))
        laps = poll("the lap recorded", lambda: ride_state(driver).get("laps"))
        assert len(laps) == 1, laps
        poll("more riding after the lap", lambda: snapshot(driver).get("elapsed", 0) >= laps[0] + 30, timeout=60)

        # The server stops (SIGTERM: the checkpoint is saved) and starts again on the same data and port.
        server.stop()
        server.start()
        # Marked at shutdown; were the stop forced, the lapsed lease would mark it within 40 s of the restart.
        state = poll("the ride interrupted", lambda: (lambda s: s if s["status"] == "interrupted" else None)(
            ride_state(driver)), timeout=60, interval=0.5)
        assert state["ride"] == ride_id, state
        # While the server was down the open page retried its bridge socket and its fetches: those refusals are the
        # restart itself (how many depends on how long it took). Nothing else may have been logged meanwhile.
        during = console_errors(driver, ignore=(r"net::ERR_CONNECTION_REFUSED",))
        assert not during, "console errors during the restart:\n  " + "\n  ".join(during)
        driver.get(server.url("/zone2/ride"))
        wait_loaded(driver)
        assert "Ride interrupted" in driver.find_element(By.TAG_NAME, "h1").text
        # A retry of the old page's bridge socket may be logged late; any other error, or a refused fetch, fails.
        check_page(driver, "ride-interrupted", ignore=(r"zone2/bridge.*net::ERR_CONNECTION_REFUSED",))
        click(driver, driver.find_element(By.XPATH, "//button[normalize-space()='Resume the ride']"))
        poll("the ride page again", lambda: driver.current_url.endswith("/zone2/ride")
             and driver.find_elements(By.ID, "cmd-lap"))
        wait_loaded(driver)

        resumed = ride_state(driver)
        assert resumed["status"] == "live" and resumed["ride"] == ride_id, resumed
        assert resumed["laps"] == laps, "the lap marked before the restart is kept"
        # Riding time carries on from the checkpoint (saved at shutdown: nothing ridden is lost) and keeps running.
        kept = resumed["snapshot"]["elapsed"]
        assert kept >= laps[0] + 30, f"{kept} s after resuming; {laps[0] + 30} s were ridden before the restart"
        poll("the clock running again", lambda: snapshot(driver).get("elapsed", 0) >= kept + 20, timeout=60)
        click(driver, driver.find_element(By.ID, "cmd-lap"))
        poll("the second lap", lambda: len(ride_state(driver).get("laps") or []) == 2)
        ended = snapshot(driver).get("elapsed", 0)

        click(driver, driver.find_element(By.CSS_SELECTOR, "details.end-ride summary"))
        click(driver, driver.find_element(By.ID, "cmd-stop"))
        poll("the summary", lambda: driver.current_url.endswith(f"/zone2/rides/{ride_id}/summary"), timeout=20)
        wait_loaded(driver)
        # One file for the whole ride: both sides of the restart, in three laps.
        status, data, _ = http_get(server, driver, f"/zone2/rides/{ride_id}/ride.fit")
        assert status == 200, data[:200]
        messages = decode_fit(data)
        assert len(messages.get("lap_mesgs", [])) == 3, {k: len(v) for k, v in messages.items()}
        records = messages.get("record_mesgs", [])
        assert len(records) >= 0.8 * ended, f"{len(records)} records for {ended:.0f} s ridden"
    finally:
        browser.quit()
        server.stop()
