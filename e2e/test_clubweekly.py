"""Browser tests of the Club Weekly web app (headless Chromium + Selenium + axe-core).

Run from the repository root:  python3 -m pytest -q e2e
"""

from __future__ import annotations

import base64
import datetime as dt
import os
import re
from pathlib import Path
from urllib.parse import parse_qs, urlparse

import pytest
from axe_selenium_python import Axe
from selenium.common.exceptions import JavascriptException, TimeoutException
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support import expected_conditions as EC
from selenium.webdriver.support.ui import Select, WebDriverWait

from conftest import DESKTOP, PHONE, PRIVATE_NAME, PRIVATE_PASSWORD, PRIVATE_SLUG, SCREENSHOT_DIR, TV

DEMO = "/clubs/demo"
PRIVATE = f"/clubs/{PRIVATE_SLUG}"

# ----------------------------------------------------------------------------------------------------------------
# Helpers


def wait(driver, timeout: float = 10) -> WebDriverWait:
    return WebDriverWait(driver, timeout)


def css(driver, selector: str):
    return driver.find_elements(By.CSS_SELECTOR, selector)


def one(driver, selector: str):
    return driver.find_element(By.CSS_SELECTOR, selector)


def wait_css(driver, selector: str, timeout: float = 10):
    return wait(driver, timeout).until(
        EC.presence_of_element_located((By.CSS_SELECTOR, selector)), f"no element matches {selector!r}")


def wait_visible(driver, selector: str, timeout: float = 10):
    return wait(driver, timeout).until(
        EC.visibility_of_element_located((By.CSS_SELECTOR, selector)), f"{selector!r} never became visible")


def wait_loaded(driver) -> None:
    wait(driver, 15).until(lambda d: d.execute_script("return document.readyState") == "complete")


def open_page(driver, server, path: str) -> None:
    driver.get(server.url(path))
    wait_loaded(driver)


def navigation_status(driver) -> int:
    """HTTP status of the current document (Navigation Timing Level 2 `responseStatus`)."""
    return driver.execute_script(
        "const n = performance.getEntriesByType('navigation')[0]; return n ? n.responseStatus : 0;")


def query(driver) -> dict[str, list[str]]:
    return parse_qs(urlparse(driver.current_url).query)


def settle(driver) -> None:
    """Lets late work finish (service worker registration, idle-time prefetches) before reading the console."""
    driver.execute_async_script(
        """
        const done = arguments[arguments.length - 1];
        // Bounded: a renderer kept busy on a loaded machine may not be idle for the whole script timeout.
        const idle = window.requestIdleCallback
            ? (fn) => window.requestIdleCallback(fn, { timeout: 2000 })
            : (fn) => setTimeout(fn, 50);
        const ready = (navigator.serviceWorker && document.querySelector('link[rel="manifest"]'))
            ? Promise.race([navigator.serviceWorker.ready, new Promise((r) => setTimeout(r, 3000))])
            : Promise.resolve();
        ready.then(() => idle(() => setTimeout(done, 400)));
        """)


IGNORED_CONSOLE = (
    re.compile(r"favicon\.ico"),
)


def console_errors(driver, ignore: tuple = ()) -> list[str]:
    """SEVERE browser console entries since the last call (reading the log clears it)."""
    patterns = IGNORED_CONSOLE + tuple(re.compile(p) if isinstance(p, str) else p for p in ignore)
    entries = driver.get_log("browser")
    return [e["message"] for e in entries
            if e.get("level") == "SEVERE" and not any(p.search(e["message"]) for p in patterns)]


def assert_no_console_errors(driver, ignore: tuple = ()) -> None:
    errors = console_errors(driver, ignore)
    assert not errors, f"console errors on {driver.current_url}:\n  " + "\n  ".join(errors)


def set_marker(driver) -> None:
    driver.execute_script("window.__marker = 1;")


def assert_no_reload(driver) -> None:
    assert driver.execute_script("return window.__marker") == 1, "the page reloaded (window.__marker was lost)"


def sign_in_with_code(driver, server, slug: str, code: str) -> None:
    open_page(driver, server, f"/clubs/{slug}/join")
    field = one(driver, "input#code")
    field.clear()
    field.send_keys(code)
    one(driver, "button[name=next][value=view]").click()
    wait(driver).until(lambda d: urlparse(d.current_url).path != f"/clubs/{slug}/join"
                       or css(d, ".notice-error"))
    wait_loaded(driver)


def join_demo(driver, server) -> None:
    sign_in_with_code(driver, server, "demo", server.demo_code)
    assert urlparse(driver.current_url).path == DEMO, f"sign-in did not reach the dashboard: {driver.current_url}"


def join_with_name(driver, server, first: str, last: str) -> None:
    """Signs in to the demo club and becomes a member through the settings page's join form."""
    join_demo(driver, server)
    open_page(driver, server, f"{DEMO}/settings")
    one(driver, "input#first").send_keys(first)
    one(driver, "input#last").send_keys(last)
    one(driver, "input#first").find_element(By.XPATH, "ancestor::form").submit()
    wait_css(driver, "[data-section=import]")
    wait_loaded(driver)


def admin_sign_in(driver, server, slug: str = PRIVATE_SLUG, password: str = PRIVATE_PASSWORD) -> None:
    open_page(driver, server, f"/clubs/{slug}/admin")
    one(driver, "input#password").send_keys(password)
    one(driver, "input#password").find_element(By.XPATH, "ancestor::form").submit()
    wait_css(driver, "[data-section=club]")
    wait_loaded(driver)


def column_values(driver, key: str) -> list[str]:
    """The `data-value`s of a weekly-table column, top to bottom, as currently displayed."""
    return driver.execute_script(
        """
        const table = document.querySelector('table.weekly-table');
        const header = table.querySelector('th[data-sort="' + arguments[0] + '"]');
        const index = Array.from(header.parentNode.children).indexOf(header);
        return Array.from(table.tBodies[0].rows).map((row) => row.cells[index].dataset.value);
        """, key)


def numbers(values: list[str]) -> list[float]:
    return [float(v) for v in values]


def axe_violations(driver) -> list[dict]:
    """Serious and critical axe-core violations on the current page.

    axe-selenium-python 2.1.6 bundles axe-core 3.1.1, whose `label` rule wrongly reports a control with a
    *visually hidden* (clip-pattern) `<label for>` as "explicit <label> that is hidden" (dequelabs/axe-core#1372,
    fixed in 3.2). Such nodes are dropped after checking in the page that the label really is exposed to
    assistive technology (not display:none / visibility:hidden / aria-hidden, non-empty text). Set AXE_SCRIPT to
    the path of a newer axe.min.js to use that instead.
    """
    axe = Axe(driver, os.environ["AXE_SCRIPT"]) if os.environ.get("AXE_SCRIPT") else Axe(driver)
    axe.inject()
    results = axe.run()
    serious = []
    for violation in results["violations"]:
        if violation.get("impact") not in ("serious", "critical"):
            continue
        if violation["id"] == "label":
            nodes = [n for n in violation["nodes"] if not _visually_hidden_label_false_positive(driver, n)]
            if not nodes:
                continue
            violation = {**violation, "nodes": nodes}
        serious.append(violation)
    return serious


def _visually_hidden_label_false_positive(driver, node: dict) -> bool:
    failed = [c["id"] for c in node.get("any", []) + node.get("all", []) + node.get("none", [])]
    if failed != ["hidden-explicit-label"] or len(node["target"]) != 1:
        return False
    return bool(driver.execute_script(
        """
        const control = document.querySelector(arguments[0]);
        const label = control && control.id && document.querySelector('label[for="' + CSS.escape(control.id) + '"]');
        if (!label || !label.textContent.trim()) return false;
        for (let e = label; e; e = e.parentElement) {
          const style = getComputedStyle(e);
          if (style.display === 'none' || style.visibility === 'hidden' || e.getAttribute('aria-hidden') === 'true')
            return false;
        }
        return true;
        """, node["target"][0]))


def describe_violations(violations: list[dict]) -> str:
    lines = []
    for violation in violations:
        lines.append(f"[{violation['impact']}] {violation['id']}: {violation['help']} ({violation['helpUrl']})")
        for node in violation["nodes"]:
            target = " ".join(str(t) for t in node["target"])
            summary = (node.get("failureSummary") or "").replace("\n", " | ")
            lines.append(f"    target: {target}\n      {summary}")
    return "\n".join(lines)


def strava_date(moment: dt.datetime) -> str:
    """A date as Strava's activities.csv writes it: `Nov 17, 2026, 7:00:00 AM`."""
    hour = moment.hour % 12 or 12
    return f"{moment:%b} {moment.day}, {moment.year}, {hour}:{moment:%M:%S} {'AM' if moment.hour < 12 else 'PM'}"


def write_activities_csv(folder: Path) -> Path:
    """Header and rows as in Tests/ClubWeeklyServerTests/ClubRoutesTests.swift, dated in the past two days."""
    now = dt.datetime.now().replace(microsecond=0)
    first, second = now - dt.timedelta(days=2, hours=1), now - dt.timedelta(days=1, hours=2)
    path = folder / "activities.csv"
    path.write_text(
        "Activity ID,Activity Date,Activity Name,Activity Type,Elapsed Time,Distance,Moving Time,Elevation Gain\n"
        f'9101,"{strava_date(first)}",Morning Ride,Ride,3700,30.5,3600,120\n'
        '9102,"not a date",Broken,Ride,100,1.0,100,0\n'
        f'9103,"{strava_date(second)}","Hills, again",Ride,5000,42.0,4800,600\n',
        encoding="utf-8")
    return path


def resize(driver, size: tuple[int, int], mobile: bool = False) -> None:
    """Sets the viewport to exactly `size` (device-metrics emulation; `mobile` also honours the meta viewport)."""
    driver.set_window_size(max(size[0], 500), size[1] + 150)
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {
        "width": size[0], "height": size[1], "deviceScaleFactor": 1, "mobile": mobile})


def clear_resize(driver) -> None:
    driver.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})


def widest_elements(driver, width: int) -> str:
    """The elements that stick out furthest past `width` (for overflow reports)."""
    return driver.execute_script(
        """
        const limit = arguments[0], found = [];
        for (const e of document.querySelectorAll('body *')) {
          const right = e.getBoundingClientRect().right + window.scrollX;
          // Absolutely positioned elements escape an overflow:auto wrapper that is not their containing block.
          const escapes = ['absolute', 'fixed'].includes(getComputedStyle(e).position) ? 1 : 0;
          if (right > limit + 1) found.push([escapes, right, e]);
        }
        found.sort((a, b) => (b[0] - a[0]) || (b[1] - a[1]));
        return found.slice(0, 3).map(([escapes, right, e]) => {
          const parent = e.parentElement;
          const name = (el) => el.tagName.toLowerCase() + (el.className && typeof el.className === 'string'
              ? '.' + el.className.trim().split(/\\s+/).join('.') : '');
          return name(e) + (escapes ? ' (position: ' + getComputedStyle(e).position + ')' : '') + ' in '
              + name(parent) + ' → ' + Math.round(right) + 'px';
        }).join('; ');
        """, width)


def full_page_screenshot(driver, path: Path) -> None:
    metrics = driver.execute_cdp_cmd("Page.getLayoutMetrics", {})
    content = metrics.get("cssContentSize") or metrics["contentSize"]
    viewport = metrics.get("cssLayoutViewport") or metrics["layoutViewport"]
    width = max(content["width"], viewport["clientWidth"])
    height = min(max(content["height"], viewport["clientHeight"]), 12000)
    shot = driver.execute_cdp_cmd("Page.captureScreenshot", {
        "format": "png", "captureBeyondViewport": True,
        "clip": {"x": 0, "y": 0, "width": width, "height": height, "scale": 1}})
    path.write_bytes(base64.b64decode(shot["data"]))


# Every page the accessibility, console and screenshot tests visit: name -> function that opens it.


def _dashboard(tab: str | None):
    def opener(driver, server):
        open_page(driver, server, DEMO + (f"?tab={tab}" if tab else ""))
        wait_css(driver, "#panel")
    return opener


def _settings_member(driver, server):
    join_with_name(driver, server, "Page", "Checker")


def _settings_join(driver, server):
    join_demo(driver, server)
    open_page(driver, server, f"{DEMO}/settings")
    wait_css(driver, "input#first")


def _admin_signin(driver, server):
    open_page(driver, server, f"{PRIVATE}/admin")
    wait_css(driver, "input#password")


def _tv(driver, server):
    open_page(driver, server, f"{DEMO}/tv")
    wait_css(driver, "#board")


PAGES = {
    "join": lambda d, s: open_page(d, s, f"{DEMO}/join"),
    "dashboard-charts": _dashboard(None),
    "dashboard-table": _dashboard("table"),
    "dashboard-rides": _dashboard("rides"),
    "dashboard-insights": _dashboard("insights"),
    "settings-join": _settings_join,
    "settings": _settings_member,
    "admin-signin": _admin_signin,
    "admin": lambda d, s: admin_sign_in(d, s),
    "tv": _tv,
}


# ----------------------------------------------------------------------------------------------------------------
# Signing in


def test_join_with_the_demo_code_lands_on_the_dashboard_signed_in(driver, server):
    open_page(driver, server, f"{DEMO}/join")
    assert one(driver, "h1").text == "Demo Cycling Club"
    one(driver, "input#code").send_keys(server.demo_code.lower())  # the code is not case-sensitive
    one(driver, "button[name=next][value=view]").click()
    wait(driver).until(lambda d: urlparse(d.current_url).path == DEMO, "no redirect to the dashboard")
    wait_css(driver, "h1.week-label")
    header = one(driver, "header.site-header")
    assert any(b.text == "Sign out" for b in header.find_elements(By.TAG_NAME, "button")), \
        "the header shows no Sign out button after joining"
    assert not [a for a in header.find_elements(By.TAG_NAME, "a") if a.text == "Sign in"]
    assert any(c["name"] for c in driver.get_cookies() if c.get("httpOnly")), "no HttpOnly session cookie was set"
    assert_no_console_errors(driver)


def test_a_wrong_code_shows_the_error_with_status_401(driver, server):
    open_page(driver, server, f"{DEMO}/join")
    one(driver, "input#code").send_keys("WRONGCODE1")
    one(driver, "button[name=next][value=view]").click()
    notice = wait_visible(driver, ".notice-error")
    assert "That club code is not right" in notice.text
    assert urlparse(driver.current_url).path == f"{DEMO}/join"
    assert navigation_status(driver) == 401
    assert css(driver, "input#code"), "the form is not shown again"
    assert_no_console_errors(driver, ignore=(r"/join - Failed to load resource: .* status of 401",))


def test_a_private_club_sends_visitors_to_its_join_page(driver, server):
    open_page(driver, server, PRIVATE)
    assert urlparse(driver.current_url).path == f"{PRIVATE}/join"
    assert css(driver, "input#code")
    open_page(driver, server, f"{PRIVATE}?tab=table")
    assert urlparse(driver.current_url).path == f"{PRIVATE}/join"
    # ... and its code lets the visitor in.
    sign_in_with_code(driver, server, PRIVATE_SLUG, server.private_code)
    assert urlparse(driver.current_url).path == PRIVATE
    wait_css(driver, "h1.week-label")
    assert_no_console_errors(driver)


# ----------------------------------------------------------------------------------------------------------------
# Dashboard tabs

TAB_CONTENT = {
    "charts": "#panel .stat-grid .stat-card",
    "table": "#panel table.weekly-table tbody tr[data-member]",
    "rides": "#panel ul.ride-list li.ride-card",
    "insights": "#panel ul.insight-cards li.insight",
}


def assert_tab_has_data(driver, tab: str) -> None:
    active = css(driver, "nav.tabs a[aria-current=page]")
    assert [a.get_attribute("data-key") for a in active] == [tab], "aria-current is not on the active tab only"
    if tab == "charts":
        cards = css(driver, "#panel .stat-grid .stat-card")
        assert [c.get_attribute("id") for c in cards] == [
            "card-distance", "card-rides", "card-activeMembers", "card-elevation"]
        assert all(one(driver, f"#{c.get_attribute('id')} .stat-value").text.strip() for c in cards)
        assert one(driver, "#panel figure.chart-bar svg[role=img] > title").get_attribute("textContent").strip()
        assert len(css(driver, "#panel figure.chart-bar g.mark[data-tip]")) >= 3
        assert len(css(driver, "#panel figure.chart-bar g.mark.is-top")) == 1
        assert css(driver, "#panel figure.chart-donut svg[role=img]")
        assert len(css(driver, "#panel ol.rankings li.row[data-member]")) >= 3
    elif tab == "table":
        rows = css(driver, TAB_CONTENT["table"])
        assert len(rows) >= 3
        assert "is-top" in rows[0].get_attribute("class").split()
        assert all(td.get_attribute("data-value") is not None
                   for td in rows[0].find_elements(By.CSS_SELECTOR, "td, th"))
    elif tab == "rides":
        cards = css(driver, TAB_CONTENT["rides"])
        assert cards and all(c.find_element(By.CSS_SELECTOR, ".ride-member").text for c in cards)
    else:
        assert len(css(driver, TAB_CONTENT["insights"])) >= 1


@pytest.mark.parametrize("tab", ["charts", "table", "rides", "insights"])
def test_each_tab_renders_with_data_from_its_url(driver, server, tab):
    open_page(driver, server, f"{DEMO}?tab={tab}")
    assert one(driver, "section#panel").get_attribute("data-tab") == tab
    assert_tab_has_data(driver, tab)
    assert_no_console_errors(driver)


def test_clicking_tabs_swaps_the_panel_without_a_reload(driver, server):
    open_page(driver, server, DEMO)
    wait_css(driver, "html.js")
    set_marker(driver)
    for tab in ["table", "rides", "insights", "charts"]:
        one(driver, f"nav.tabs a[data-key={tab}]").click()
        wait_css(driver, TAB_CONTENT[tab])
        wait(driver).until(
            lambda d: d.find_element(By.CSS_SELECTOR, f"nav.tabs a[data-key={tab}]").get_attribute("aria-current")
            == "page", f"aria-current did not move to {tab}")
        assert_tab_has_data(driver, tab)
        assert query(driver).get("tab") == ([tab] if tab != "charts" else None), \
            f"the URL was not updated for {tab}: {driver.current_url}"
        assert_no_reload(driver)
    assert_no_console_errors(driver)


@pytest.mark.parametrize("metric,label", [("rides", "Rides"), ("speed", "Speed"), ("elevation", "Elevation")])
def test_switching_the_metric_updates_the_bar_chart_and_heading(driver, server, metric, label):
    open_page(driver, server, DEMO)
    wait_css(driver, "html.js")
    before = [g.get_attribute("data-tip") for g in css(driver, "figure.chart-bar g.mark")]
    set_marker(driver)
    one(driver, f"nav.segmented a[data-key={metric}]").click()
    chart = wait_css(driver, f"#panel figure.chart-bar#bars-{metric}")
    assert not css(driver, "#bars-distance")
    headings = [h.text for h in css(driver, "#panel .card h2")]
    assert f"Top riders — {label}" in headings, headings
    assert label in chart.find_element(By.CSS_SELECTOR, "svg > title").get_attribute("textContent")
    after = [g.get_attribute("data-tip") for g in chart.find_elements(By.CSS_SELECTOR, "g.mark")]
    assert after and after != before, "the bars did not change"
    assert one(driver, f"nav.segmented a[data-key={metric}]").get_attribute("aria-current") == "page"
    assert query(driver).get("metric") == [metric]
    assert_no_reload(driver)
    assert_no_console_errors(driver)


# ----------------------------------------------------------------------------------------------------------------
# Table sorting


def header_state(driver, key: str) -> str | None:
    return one(driver, f"table.weekly-table th[data-sort={key}]").get_attribute("aria-sort")


def test_clicking_table_headers_sorts_client_side(driver, server):
    open_page(driver, server, f"{DEMO}?tab=table")
    wait_css(driver, "html.js")
    assert header_state(driver, "distance") == "descending"
    distance = numbers(column_values(driver, "distance"))
    assert distance == sorted(distance, reverse=True)
    set_marker(driver)

    one(driver, "th[data-sort=rides] a").click()
    wait(driver).until(lambda d: header_state(d, "rides") == "descending", "rides header not aria-sort=descending")
    assert header_state(driver, "distance") is None, "the previous column still claims aria-sort"
    rides = numbers(column_values(driver, "rides"))
    assert rides == sorted(rides, reverse=True), rides
    assert "is-top" in css(driver, "tbody tr")[0].get_attribute("class").split()

    one(driver, "th[data-sort=rides] a").click()
    wait(driver).until(lambda d: header_state(d, "rides") == "ascending", "second click did not reverse the order")
    rides = numbers(column_values(driver, "rides"))
    assert rides == sorted(rides), rides

    one(driver, "th[data-sort=name] a").click()  # text columns start A→Z
    wait(driver).until(lambda d: header_state(d, "name") == "ascending")
    names = column_values(driver, "name")
    assert names == sorted(names, key=str.casefold), names

    # No navigation (the marker survives), but the address records the order for a reload or a shared link.
    assert urlparse(driver.current_url).path == DEMO
    assert query(driver).get("sort") == ["name"] and query(driver).get("dir") == ["asc"], query(driver)
    assert_no_reload(driver)
    assert_no_console_errors(driver)


def test_sorting_without_javascript_uses_the_header_links(driver, server):
    driver.execute_cdp_cmd("Emulation.setScriptExecutionDisabled", {"value": True})
    open_page(driver, server, f"{DEMO}?tab=table")
    assert "js" not in (one(driver, "html").get_attribute("class") or "").split(), "scripts still ran"

    link = one(driver, "th[data-sort=rides] a")
    href = link.get_attribute("href")
    assert parse_qs(urlparse(href).query) == {"tab": ["table"], "sort": ["rides"], "dir": ["desc"]}, href
    link.click()
    wait(driver).until(lambda d: query(d).get("sort") == ["rides"], "the header link did not navigate")
    wait_loaded(driver)
    assert header_state(driver, "rides") == "descending"
    rides = numbers(column_values(driver, "rides"))
    assert rides == sorted(rides, reverse=True), rides

    one(driver, "th[data-sort=rides] a").click()  # the sorted column's link reverses it
    wait(driver).until(lambda d: query(d).get("dir") == ["asc"], "second click did not ask for ascending")
    wait_loaded(driver)
    assert header_state(driver, "rides") == "ascending"
    rides = numbers(column_values(driver, "rides"))
    assert rides == sorted(rides), rides

    open_page(driver, server, f"{DEMO}?tab=table&sort=elevation&dir=desc")  # the URL alone sorts
    assert header_state(driver, "elevation") == "descending"
    elevation = numbers(column_values(driver, "elevation"))
    assert elevation == sorted(elevation, reverse=True), elevation


# ----------------------------------------------------------------------------------------------------------------
# Rides, insights, week picker


def test_the_rides_member_filter_narrows_to_one_member(driver, server):
    open_page(driver, server, f"{DEMO}?tab=rides")
    wait_css(driver, "html.js")
    everyone = [e.text for e in css(driver, "ul.ride-list li.ride-card .ride-member")]
    assert len(set(everyone)) >= 2, "need rides from several members to test the filter"
    name = everyone[-1]
    select = Select(one(driver, "select#ride-member"))
    option = next(o for o in select.options if o.text == name)
    member = option.get_attribute("value")
    select.select_by_value(member)
    one(driver, "form.rides-filter button[type=submit]").click()
    wait(driver).until(lambda d: query(d).get("member") == [member], "the member filter did not submit")
    wait_loaded(driver)
    shown = [e.text for e in css(driver, "ul.ride-list li.ride-card .ride-member")]
    assert shown and set(shown) == {name}, shown
    assert len(shown) == everyone.count(name)
    assert Select(one(driver, "select#ride-member")).first_selected_option.get_attribute("value") == member

    one(driver, "a[data-key=oldest]").click()
    wait(driver).until(
        lambda d: d.find_element(By.CSS_SELECTOR, "a[data-key=oldest]").get_attribute("aria-current") == "page")
    assert {e.text for e in css(driver, "ul.ride-list li.ride-card .ride-member")} == {name}, \
        "switching the order dropped the member filter"
    assert_no_console_errors(driver)


def test_insights_modes(driver, server):
    open_page(driver, server, f"{DEMO}?tab=insights")
    wait_css(driver, "html.js")
    assert one(driver, "a[data-key=me]").get_attribute("aria-current") == "page"
    assert css(driver, "ul.insight-cards li.insight")
    set_marker(driver)

    one(driver, "a[data-key=top3]").click()
    wait_css(driver, "#panel figure.chart-compare")
    assert one(driver, "a[data-key=top3]").get_attribute("aria-current") == "page"
    assert all(f.find_elements(By.CSS_SELECTOR, "svg[role=img]") for f in css(driver, "figure.chart-compare"))

    one(driver, "a[data-key=lowest]").click()
    wait(driver).until(
        lambda d: d.find_element(By.CSS_SELECTOR, "a[data-key=lowest]").get_attribute("aria-current") == "page")
    assert not css(driver, "#panel figure.chart-compare")
    assert css(driver, "#panel ul.insight-cards li.insight"), "the lowest-week mode shows no insight cards"

    one(driver, "a[data-key=me]").click()
    wait(driver).until(
        lambda d: d.find_element(By.CSS_SELECTOR, "a[data-key=me]").get_attribute("aria-current") == "page")
    assert css(driver, "#panel ul.insight-cards li.insight")
    assert_no_reload(driver)

    open_page(driver, server, f"{DEMO}?tab=insights&mode=top3")  # and straight from the URL
    assert css(driver, "figure.chart-compare")
    assert_no_console_errors(driver)


def test_the_week_picker_changes_the_week(driver, server):
    open_page(driver, server, DEMO)
    this_week = one(driver, "h1.week-label").text
    assert re.match(r"Week of .+ \d{4}$", this_week), this_week

    one(driver, "a[rel=prev]").click()
    wait(driver).until(lambda d: d.find_element(By.CSS_SELECTOR, "h1.week-label").text != this_week)
    previous = one(driver, "h1.week-label").text
    assert query(driver).get("week") == ["-1"]
    assert one(driver, "#panel").get_attribute("data-tab") == "charts"

    one(driver, "a[rel=next]").click()
    wait(driver).until(lambda d: d.find_element(By.CSS_SELECTOR, "h1.week-label").text == this_week)

    # Pickers submit with their button (no auto-submit: arrowing through a closed select must not navigate).
    select = Select(one(driver, "select#week-select"))
    value, text = select.options[3].get_attribute("value"), select.options[3].text
    select.select_by_value(value)
    one(driver, "form.week-select button[type=submit]").click()
    wait(driver).until(lambda d: query(d).get("week") == [value], "the week select did not submit")
    wait_loaded(driver)
    label = one(driver, "h1.week-label").text
    assert label not in (this_week, previous)
    assert label == text, (label, text)
    assert_no_console_errors(driver)


# ----------------------------------------------------------------------------------------------------------------
# TV board


def test_the_tv_board_fits_1920x1080_and_switches_views(driver, server):
    resize(driver, TV)
    open_page(driver, server, f"{DEMO}/tv")
    assert "tv" in one(driver, "body").get_attribute("class").split()
    assert one(driver, "body").get_attribute("data-rotate-seconds") == "20"
    wait_visible(driver, "#board")
    width = driver.execute_script("return document.documentElement.scrollWidth")
    assert width <= 1920, f"the board is {width}px wide at 1920×1080"
    assert len(css(driver, "#tv-stats .tv-list li")) >= 3, "the leaderboard has fewer than 3 rows"
    big = [e for e in css(driver, "#tv-stats .tv-big") if e.is_displayed()]
    assert len(big) >= 3 and all(e.text.strip() for e in big), "the big numbers are not visible"
    sizes = [float(e.value_of_css_property("font-size").removesuffix("px")) for e in big]
    assert min(sizes) >= 32, f"the big numbers are small for a TV: {sizes} px"

    wait(driver, 5).until(lambda d: d.execute_script("return !!window.ClubWeeklyTV"),
                          "window.ClubWeeklyTV is not defined (TV script not loaded)")
    assert one(driver, "#tv-stats").is_displayed() and not one(driver, "#tv-rides").is_displayed()
    driver.execute_script("window.ClubWeeklyTV.show('rides')")
    wait_visible(driver, "#tv-rides.is-active")
    assert not one(driver, "#tv-stats").is_displayed()
    assert one(driver, ".tv-tabs button[data-view=rides]").get_attribute("aria-selected") == "true"
    assert one(driver, ".tv-tabs button[data-view=stats]").get_attribute("aria-selected") == "false"
    assert css(driver, "#tv-rides li"), "the latest-rides view is empty"

    ActionChains(driver).send_keys(Keys.ARROW_RIGHT).perform()
    wait_visible(driver, "#tv-stats.is-active")
    assert not one(driver, "#tv-rides").is_displayed()
    assert one(driver, ".tv-tabs button[data-view=stats]").get_attribute("aria-selected") == "true"
    assert_no_console_errors(driver)


# ----------------------------------------------------------------------------------------------------------------
# Admin and settings


def test_admin_sign_in_shows_the_sections_and_saving_the_name_changes_the_header(driver, server):
    open_page(driver, server, f"{PRIVATE}/admin")
    one(driver, "input#password").send_keys("not the password")
    one(driver, "input#password").find_element(By.XPATH, "ancestor::form").submit()
    assert "Wrong admin password" in wait_visible(driver, ".notice-error").text

    admin_sign_in(driver, server)
    for section in ("club", "code", "members"):
        assert one(driver, f"[data-section={section}]").is_displayed(), f"section {section} not shown"
    assert one(driver, "[data-section=code] .club-code").text == server.private_code

    renamed = "E2E Private Renamed"
    try:
        name = one(driver, "input#name")
        name.clear()
        name.send_keys(renamed)
        one(driver, "[data-section=club] button[type=submit]").click()
        assert "Settings saved" in wait_visible(driver, ".notice-success").text
        assert one(driver, "header.site-header .brand").text == renamed
        open_page(driver, server, PRIVATE)
        assert one(driver, "header.site-header .brand").text == renamed
        assert_no_console_errors(driver, ignore=(r"/admin/signin - Failed to load resource: .* status of 401",))
    finally:  # put the original name back for the other tests
        open_page(driver, server, f"{PRIVATE}/admin")
        if css(driver, "input#name"):
            name = one(driver, "input#name")
            name.clear()
            name.send_keys(PRIVATE_NAME)
            one(driver, "[data-section=club] button[type=submit]").click()
            wait_css(driver, ".notice-success")


def test_settings_join_with_a_name_then_import_a_strava_export(driver, server, tmp_path):
    join_demo(driver, server)
    open_page(driver, server, f"{DEMO}/settings")
    assert not css(driver, "[data-section=import]"), "import offered before joining with a name"
    one(driver, "input#first").send_keys("Erin")
    one(driver, "input#last").send_keys("Importer")
    one(driver, "input#first").find_element(By.XPATH, "ancestor::form").submit()
    wait_css(driver, "[data-section=import]")
    assert query(driver).get("done") == ["joined"]
    assert "Welcome" in one(driver, ".notice-success").text
    for section in ("strava", "import", "delete"):
        assert one(driver, f"[data-section={section}]").is_displayed()
    assert "Erin Importer" in one(driver, "[data-section=strava]").text

    one(driver, "input#export-file").send_keys(str(write_activities_csv(tmp_path)))
    one(driver, "[data-section=import] button[type=submit]").click()
    report = wait_visible(driver, ".import-report", timeout=20)
    assert "3 rows read · 2 new activities · 0 already present · 1 problem" in report.text, report.text
    problems = [[td.text for td in tr.find_elements(By.TAG_NAME, "td")]
                for tr in report.find_elements(By.CSS_SELECTOR, "tbody tr")]
    assert [p[0] for p in problems] == ["3"], problems
    assert "Import finished: 2 new activities" in one(driver, ".notice-success").text
    assert "2 activities stored" in one(driver, "[data-section=strava]").text
    assert_no_console_errors(driver)


def test_settings_a_large_import_runs_in_the_background_then_shows_its_report(driver, server, tmp_path):
    join_with_name(driver, server, "Bea", "Background")
    now = dt.datetime.now().replace(microsecond=0)
    path = tmp_path / "activities.csv"
    rows = [f'{9500 + k},"{strava_date(now - dt.timedelta(hours=6 * k + 1))}",Ride {k},Ride,3700,25.0,3600,100'
            for k in range(80)]
    path.write_text(
        "Activity ID,Activity Date,Activity Name,Activity Type,Elapsed Time,Distance,Moving Time,Elevation Gain\n"
        + "\n".join(rows) + "\n", encoding="utf-8")
    one(driver, "input#export-file").send_keys(str(path))
    one(driver, "[data-section=import] button[type=submit]").click()
    # Over the server's threshold (50 rows in these tests): the page of the import, which polls until it is done.
    wait(driver).until(lambda d: "import" in query(d))
    report = wait_visible(driver, ".import-report", timeout=30)
    assert "80 rows read · 80 new activities · 0 already present · 0 problems" in report.text, report.text
    assert "Import finished: 80 new activities" in one(driver, ".notice-success").text
    assert not css(driver, "[data-section=import-progress]")
    assert_no_console_errors(driver)


# ----------------------------------------------------------------------------------------------------------------
# Every page: console, accessibility, screenshots


@pytest.mark.parametrize("page", list(PAGES))
def test_no_console_errors(driver, server, page):
    PAGES[page](driver, server)
    settle(driver)
    assert_no_console_errors(driver)


@pytest.mark.parametrize("page", list(PAGES))
def test_no_serious_accessibility_violations(driver, server, page):
    if page == "tv":
        resize(driver, TV)
    PAGES[page](driver, server)
    violations = axe_violations(driver)
    assert not violations, f"axe on {driver.current_url}:\n{describe_violations(violations)}"


def test_screenshots_at_phone_and_desktop_sizes(driver, server):
    """Saves e2e/screenshots/<page>-<phone|desktop>.png (full page) and tv-1920.png; fails on horizontal overflow."""
    SCREENSHOT_DIR.mkdir(exist_ok=True)
    overflow = []
    for page, opener in PAGES.items():
        opener(driver, server)
        for label, size, mobile in (("phone", PHONE, True), ("desktop", DESKTOP, False)):
            resize(driver, size, mobile)
            driver.refresh()  # every page here was reached by GET (form posts redirect), so this re-posts nothing
            wait_loaded(driver)
            # Compare with the emulated width, not innerWidth: a mobile viewport widens to fit overflowing content.
            width = driver.execute_script("return document.documentElement.scrollWidth")
            if width > size[0] and page != "tv":  # the TV board is made for 1920×1080 (checked in its own test)
                overflow.append(f"{page} at {label}: page is {width}px wide in a {size[0]}px viewport"
                                f" (sticking out: {widest_elements(driver, size[0])})")
            full_page_screenshot(driver, SCREENSHOT_DIR / f"{page}-{label}.png")
        clear_resize(driver)
    resize(driver, TV)
    open_page(driver, server, f"{DEMO}/tv")
    driver.save_screenshot(str(SCREENSHOT_DIR / "tv-1920.png"))
    assert (SCREENSHOT_DIR / "tv-1920.png").stat().st_size > 10_000
    assert not overflow, "horizontal overflow:\n  " + "\n  ".join(overflow)


# ----------------------------------------------------------------------------------------------------------------
# Offline (own server: the test stops it)


def test_offline_dashboard_is_served_from_the_service_worker_cache(driver, make_server):
    own = make_server("offline")
    open_page(driver, own, DEMO)
    driver.execute_async_script(
        "const done = arguments[arguments.length - 1]; navigator.serviceWorker.ready.then(() => done(true));")
    if not driver.execute_script("return !!navigator.serviceWorker.controller"):
        driver.refresh()
    wait(driver, 15).until(lambda d: d.execute_script("return !!navigator.serviceWorker.controller"),
                           "the service worker never controlled the page")
    driver.refresh()  # this load goes through the service worker, which caches it
    wait_loaded(driver)
    label = one(driver, "h1.week-label").text
    assert one(driver, "html").get_attribute("data-offline") == "false"
    assert not one(driver, ".offline-banner").is_displayed()

    offline_via = "CDP network emulation"
    driver.execute_cdp_cmd("Network.enable", {})
    driver.execute_cdp_cmd("Network.emulateNetworkConditions", {
        "offline": True, "latency": 0, "downloadThroughput": -1, "uploadThroughput": -1})
    try:
        driver.refresh()
        wait_loaded(driver)
        emulated = css(driver, "html[data-offline=true]")
    except (TimeoutException, JavascriptException):
        emulated = []
    if not emulated:
        # The emulation did not reach the service worker's own fetches: really go offline by stopping the server.
        offline_via = "stopped server"
        driver.execute_cdp_cmd("Network.emulateNetworkConditions", {
            "offline": False, "latency": 0, "downloadThroughput": -1, "uploadThroughput": -1})
        own.stop()
        driver.refresh()
        wait_loaded(driver)
    print(f"offline via {offline_via}")
    assert one(driver, "html").get_attribute("data-offline") == "true", f"not marked offline ({offline_via})"
    banner = one(driver, ".offline-banner")
    assert banner.is_displayed(), f"offline banner hidden ({offline_via})"
    assert "Offline — showing data from" in banner.text
    assert one(driver, "h1.week-label").text == label
    assert css(driver, "#panel .stat-card"), "the cached dashboard shows no data"


# ----------------------------------------------------------------------------------------------------------------
# Last: the lock-out (on the private club so the demo club's sign-in is unaffected)


def test_ten_wrong_codes_lock_the_private_club_out(driver, server):
    statuses = []
    for attempt in range(12):
        open_page(driver, server, f"{PRIVATE}/join")
        one(driver, "input#code").send_keys(f"WRONG{attempt:04d}X")
        one(driver, "button[name=next][value=view]").click()
        notice = wait_visible(driver, ".notice-error")
        statuses.append(navigation_status(driver))
        if statuses[-1] == 429:
            break
    assert statuses[:10] == [401] * 10, statuses
    assert statuses[-1] == 429, f"no lock-out after {len(statuses)} wrong codes: {statuses}"
    assert re.search(r"Too many wrong codes\. Try again in \d+ minutes?\.", notice.text), notice.text
    # The right code is refused too while locked out; the demo club is not affected.
    sign_in_with_code(driver, server, PRIVATE_SLUG, server.private_code)
    assert navigation_status(driver) == 429
    join_demo(driver, server)
