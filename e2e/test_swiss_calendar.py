"""Browser tests of the Today in Switzerland events calendar, calendar files, sunshine and snow pages.

Run from the repository root:
  E2E_REQUIRED=1 CLUBHOUSE_BIN=$(swift build --show-bin-path)/clubhouse python3 -m pytest -q e2e/test_swiss_calendar.py

The calendar files are parsed with an independent parser (PyPI `icalendar`).
"""

from __future__ import annotations

import datetime as dt
import os
import re
import urllib.request

import pytest
from selenium.common.exceptions import TimeoutException
from selenium.webdriver.common.by import By

from conftest import DESKTOP, PHONE, SCREENSHOT_DIR
from test_clubweekly import (
    assert_no_console_errors, assert_no_reload, axe_violations, clear_resize, css, describe_violations,
    full_page_screenshot, one, open_page, resize, set_marker, settle, wait, wait_css, widest_elements)

try:
    import icalendar
except ImportError:  # CI (E2E_REQUIRED) installs it: there a missing parser is a failure, not a skip
    if os.environ.get("E2E_REQUIRED"):
        raise
    pytest.skip("pip install -r e2e/requirements.txt (icalendar)", allow_module_level=True)

PAGES = {
    "events": ("/swiss/app/events", "table.cal-grid"),
    "sunshine": ("/swiss/app/sunshine", "#card-zurich"),
    "snow": ("/swiss/app/snow", ".forecast-card"),
}


def color_scheme(driver, scheme: str) -> None:
    driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {
        "features": [{"name": "prefers-color-scheme", "value": scheme}]})


def click(driver, selector: str) -> None:
    """Clicks the element now matching `selector` (by script: no stale references after a swap, and no sticky
    header in the way)."""
    assert driver.execute_script(
        "const e = document.querySelector(arguments[0]); if (!e) return false; e.click(); return true;", selector), \
        f"nothing matches {selector!r}"


def text_of(driver, selector: str) -> str:
    return driver.execute_script(
        "const e = document.querySelector(arguments[0]); return e ? e.textContent.trim() : null;", selector)


def attrs(driver, selector: str, name: str) -> list[str]:
    return driver.execute_script(
        "return [...document.querySelectorAll(arguments[0])].map(e => e.getAttribute(arguments[1]));", selector, name)


def fetch(server, path: str) -> tuple[int, dict, bytes]:
    try:
        with urllib.request.urlopen(server.url(path), timeout=20) as response:
            return response.status, dict(response.headers), response.read()
    except urllib.error.HTTPError as error:
        return error.code, dict(error.headers), error.read()


@pytest.mark.parametrize("page", list(PAGES))
@pytest.mark.parametrize("lang", ["en", "de"])
def test_pages_render_accessibly_at_phone_and_desktop_in_light_and_dark(driver, server, page, lang):
    """Data shows, no horizontal overflow, no console errors, no serious axe violations; screenshots of each."""
    path, marker = PAGES[page]
    for label, size, mobile in (("phone", PHONE, True), ("desktop", DESKTOP, False)):
        for scheme in ("light", "dark"):
            resize(driver, size, mobile)
            color_scheme(driver, scheme)
            open_page(driver, server, f"{path}?city=zurich&lang={lang}")
            wait_css(driver, marker)
            settle(driver)
            assert driver.execute_script("return document.documentElement.lang") == lang
            overflow = driver.execute_script("return document.documentElement.scrollWidth") - size[0]
            assert overflow <= 1, f"{page} {lang} {label}: {overflow}px too wide: {widest_elements(driver, size[0])}"
            violations = axe_violations(driver)
            assert not violations, f"{page} {lang} {label} {scheme}:\n{describe_violations(violations)}"
            assert_no_console_errors(driver)
            suffix = "" if scheme == "light" else "-dark"
            full_page_screenshot(driver, SCREENSHOT_DIR / f"swiss-{page}-{lang}-{label}{suffix}.png")
    clear_resize(driver)


def test_events_month_day_and_filters_change_without_a_reload(driver, server):
    open_page(driver, server, "/swiss/app/events?city=zurich&lang=en&month=2026-12")
    wait_css(driver, "table.cal-grid")
    set_marker(driver)
    assert text_of(driver, "#month-label") == "December 2026"
    click(driver, "a.month-step[rel='next']")
    wait(driver).until(lambda d: text_of(d, "#month-label") == "January 2027")
    assert "month=2027-01" in driver.current_url
    # The focus stays on the "next" link, so the keyboard user can keep going.
    assert driver.execute_script("return document.activeElement.getAttribute('rel')") == "next"
    click(driver, "a.month-step[rel='prev']")
    wait(driver).until(lambda d: text_of(d, "#month-label") == "December 2026")
    # Pick Christmas Day: the detail shows the holiday and the school holidays.
    click(driver, "a.cal-day[data-date='2026-12-25']")
    wait(driver).until(lambda d: text_of(d, "#day-heading") == "Friday, 25 December 2026")
    detail = text_of(driver, "#day")
    assert "Christmas Day" in detail and "School holidays" in detail
    assert "day=2026-12-25" in driver.current_url
    # Filter chips: only holidays in the list and in the grid.
    click(driver, ".events-list-section .chips a[data-key='holidays']")
    wait(driver).until(lambda d: "kind=holidays" in d.current_url)
    wait(driver).until(lambda d: set(attrs(d, "li.event-li", "data-kind")) == {"holiday"})
    assert set(attrs(driver, ".cal-markers .marker", "class")) == {"marker marker-holiday"}
    driver.back()
    wait(driver).until(lambda d: "kind=holidays" not in d.current_url)
    wait(driver).until(lambda d: len(set(attrs(d, "li.event-li", "data-kind"))) > 1)
    assert_no_reload(driver)
    assert_no_console_errors(driver)


def test_events_links_work_without_javascript(server):
    status, _, body = fetch(server, "/swiss/app/events?city=basel&lang=de&month=2026-02&day=2026-02-23&kind=events")
    html = body.decode()
    assert status == 200
    assert "Februar 2026" in html and "Montag, 23. Februar 2026" in html
    assert "Basler Fasnacht" in html
    status, _, _ = fetch(server, "/swiss/app/events?month=2026-13")
    assert status == 400


def test_add_to_calendar_downloads_a_valid_calendar_file(driver, server):
    open_page(driver, server, "/swiss/app/events?city=zurich&lang=de&month=2026-12&day=2026-12-25")
    links = [a.get_attribute("href") for a in css(driver, "#day a[download][href*='/ics']")]
    assert links, "no add-to-calendar link in the day detail"
    for href in links:
        path = href.replace(server.base_url, "")
        status, headers, body = fetch(server, path)
        assert status == 200, path
        assert headers["Content-Type"].startswith("text/calendar"), headers
        assert b"\r\n" in body and not re.search(rb"[^\r]\n", body), "lines must end in CRLF"
        assert all(len(line) <= 75 for line in body.split(b"\r\n")), "a line is longer than 75 octets"
        calendar = icalendar.Calendar.from_ical(body)
        events = [c for c in calendar.walk("VEVENT")]
        assert len(events) == 1, path
        event = events[0]
        start, end = event.decoded("DTSTART"), event.decoded("DTEND")
        assert type(start) is dt.date and type(end) is dt.date and end > start
        assert str(event["UID"]).endswith("@today-in-switzerland.clubhouse")
        assert event.get("DTSTAMP") is not None
    christmas = icalendar.Calendar.from_ical(
        fetch(server, "/swiss/app/events/holiday-zurich-christmas-2026-12-25/ics?lang=de")[2])
    event = next(iter(christmas.walk("VEVENT")))
    assert str(event["SUMMARY"]) == "Weihnachten"
    assert event.decoded("DTSTART") == dt.date(2026, 12, 25) and event.decoded("DTEND") == dt.date(2026, 12, 26)
    assert fetch(server, "/swiss/app/events/holiday-zurich-christmas-2026-12-24/ics")[0] == 404
    assert fetch(server, "/swiss/app/events/no-such-thing/ics")[0] == 404


def test_the_city_feed_parses_and_the_page_offers_webcal(driver, server):
    open_page(driver, server, "/swiss/app/events?city=luzern&lang=en")
    webcal = one(driver, ".calendar-feed a[href^='webcal://']").get_attribute("href")
    assert webcal.endswith("/swiss/app/calendar/luzern/events.ics?lang=en"), webcal
    status, headers, body = fetch(server, "/swiss/app/calendar/luzern/events.ics?lang=de")
    assert status == 200 and headers["Content-Type"].startswith("text/calendar")
    calendar = icalendar.Calendar.from_ical(body)
    assert str(calendar["X-WR-CALNAME"]) == "Heute in Luzern"
    events = list(calendar.walk("VEVENT"))
    assert len(events) > 5
    uids = [str(e["UID"]) for e in events]
    assert len(set(uids)) == len(uids), "UIDs must be unique"
    today = dt.date.today()
    assert all(e.decoded("DTEND") > today - dt.timedelta(days=1) for e in events), "only upcoming entries"
    summaries = [str(e["SUMMARY"]) for e in events]
    assert any(s.startswith("Schulferien:") for s in summaries)
    assert fetch(server, "/swiss/app/calendar/atlantis/events.ics")[0] == 404


def test_sunshine_filters_sorts_and_shows_all_without_a_reload(driver, server):
    resize(driver, DESKTOP)
    open_page(driver, server, "/swiss/app/sunshine?city=zurich&lang=en")
    wait_css(driver, "#card-zurich")
    set_marker(driver)
    listed = len(css(driver, ".forecast-cards .forecast-card"))
    assert listed == 10, listed
    pins = len(css(driver, "a.map-pin"))
    # "Show all" loads the rest in place.
    click(driver, "#show-all")
    wait(driver).until(lambda d: len(css(d, ".forecast-cards .forecast-card")) == pins - 1)
    assert "all=1" in driver.current_url and not css(driver, "#show-all")
    # The baseline card stays first whatever the sort; drive times ascend.
    click(driver, ".chips a[data-key='drive']")
    wait(driver).until(lambda d: "sort=drive" in d.current_url)
    wait_css(driver, "#card-zurich")
    assert attrs(driver, ".forecast-list > .forecast-card", "id")[0] == "card-zurich"
    minutes = driver.execute_script(
        "return [...document.querySelectorAll('.forecast-cards .forecast-card .badge')].map(b => b.textContent)")
    def as_minutes(text):
        hours = re.search(r"(\d+) h", text)
        mins = re.search(r"(\d+) min", text)
        return (int(hours.group(1)) * 60 if hours else 0) + (int(mins.group(1)) if mins else 0)
    values = [as_minutes(t) for t in minutes]
    assert values == sorted(values), values
    # A pin scrolls to its card and highlights it.
    card_id = attrs(driver, "a.map-pin:not(#pin-zurich)", "data-card")[0]
    driver.execute_script(
        "document.querySelector('a.map-pin:not(#pin-zurich)').dispatchEvent(new MouseEvent('click', {bubbles: true}))")
    wait(driver).until(lambda d: "is-highlighted" in (d.execute_script(
        "return document.getElementById(arguments[0]).className", card_id) or ""))
    # Filters keep only their class (and the baseline).
    for key, check in (("sunny", lambda h: h > 6), ("partly", lambda h: 3 <= h <= 6), ("cloudy", lambda h: h < 3)):
        click(driver, f".chips a[data-key='{key}']")
        wait(driver).until(lambda d, key=key: f"filter={key}" in d.current_url)
        try:
            wait(driver).until(lambda d, key=key: key in attrs(d, ".chips a[aria-current='page']", "data-key"))
        except TimeoutException:
            current = attrs(driver, ".chips a[aria-current='page']", "data-key")
            raise AssertionError(f"{key}: the view did not follow the URL {driver.current_url}; current {current}")
        for total_text in driver.execute_script(
                "return [...document.querySelectorAll('.forecast-cards .forecast-total strong')].map(e => e.textContent)"):
            assert check(float(total_text.split()[0])), (key, total_text)
    assert_no_reload(driver)
    assert_no_console_errors(driver)


def test_snow_filters_and_sorts(driver, server):
    open_page(driver, server, "/swiss/app/snow?city=zurich&lang=de")
    wait_css(driver, ".forecast-card")
    set_marker(driver)
    assert "Wo hat es Schnee?" in text_of(driver, "h1")
    assert len(css(driver, ".forecast-card .snow-week")[0].find_elements(By.CSS_SELECTOR, ".snow-day")) == 7
    click(driver, ".chips a[data-key='drive']")
    wait(driver).until(lambda d: "sort=drive" in d.current_url)
    click(driver, ".chips a[data-key='light']")
    wait(driver).until(lambda d: "filter=light" in d.current_url)
    wait(driver).until(lambda d: text_of(d, ".chips a[aria-current='page'][data-key='light']") is not None)
    for text in driver.execute_script(
            "return [...document.querySelectorAll('.forecast-cards .forecast-total strong')].map(e => e.textContent)"):
        assert float(text.split()[0].replace(",", ".")) < 10, text
    assert_no_reload(driver)
    assert_no_console_errors(driver)
