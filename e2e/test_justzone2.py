"""JustZone2 in the browser: the fake Web Bluetooth (e2e/fake_bluetooth.js) over the simulated peripherals
(`clubhouse zone2 peripherals`), then the rider's journeys through the real WebSocket bridge.

Run:  E2E_REQUIRED=1 CLUBHOUSE_BIN=$(swift build --show-bin-path)/clubhouse python3 -m pytest -q e2e/test_justzone2.py
"""

from __future__ import annotations

import time
from pathlib import Path

import pytest
from selenium.webdriver.common.by import By

from conftest import inject_fake_bluetooth

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
