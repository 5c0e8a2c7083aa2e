"""Browser tests of the Today in Switzerland events calendar, calendar files, sunshine and snow pages.

Run from the repository root:
  E2E_REQUIRED=1 CLUBHOUSE_BIN=$(swift build --show-bin-path)/clubhouse python3 -m pytest -q e2e/test_swiss_calendar.py

The calendar files are parsed with an independent parser (PyPI `icalendar`).
"""

from __future__ import annotations

import datetime as dt
import re
import urllib.request

import pytest
from selenium.webdriver.common.by import By

from conftest import DESKTOP, PHONE, SCREENSHOT_DIR
from test_clubweekly import (
    assert_no_console_errors, assert_no_reload, axe_violations, clear_resize, css, describe_violations,
    full_page_screenshot, one, open_page, resize, set_marker, settle, wait, wait_css, widest_elements)

icalendar = pytest.importorskip("icalendar", reason="pip install -r e2e/requirements.txt (icalendar)")

PAGES = {
    "events": ("/swiss/app/events", "table.cal-grid"),
    "sunshine": ("/swiss/app/sunshine", "#card-zurich"),
    "snow": ("/swiss/app/snow", ".forecast-card"),
}


def color_scheme(driver, scheme: str) -> None:
    driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {
        "features": [{"name": "prefers-color-scheme", "value": scheme}]})


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
    assert one(driver, "#month-label").text == "December 2026"
    one(driver, "a.month-step[rel='next']").click()
    wait(driver).until(lambda d: one(d, "#month-label").text == "January 2027")
    assert "month=2027-01" in driver.current_url
    # The focus stays on the "next" link, so the keyboard user can keep going.
    assert driver.execute_script("return document.activeElement.getAttribute('rel')") == "next"
    one(driver, "a.month-step[rel='prev']").click()
    wait(driver).until(lambda d: one(d, "#month-label").text == "December 2026")
    # Pick Christmas Day: the detail shows the holiday and the school holidays.
    one(driver, "a.cal-day[data-date='2026-12-25']").click()
    wait(driver).until(lambda d: one(d, "#day-heading").text == "Friday, 25 December 2026")
    detail = one(driver, "#day").text
    assert "Christmas Day" in detail and "School holidays" in detail
    assert "day=2026-12-25" in driver.current_url
    # Filter chips: only holidays in the list and in the grid.
    one(driver, ".events-list-section .chips a[data-key='holidays']").click()
    wait(driver).until(lambda d: "kind=holidays" in d.current_url)
    kinds = {e.get_attribute("data-kind") for e in css(driver, "li.event-li")}
    assert kinds == {"holiday"}, kinds
    markers = {m.get_attribute("class") for m in css(driver, ".cal-markers .marker")}
    assert markers == {"marker marker-holiday"}, markers
    driver.back()
    wait(driver).until(lambda d: "kind=holidays" not in d.current_url)
    wait(driver).until(lambda d: len({e.get_attribute("data-kind") for e in css(d, "li.event-li")}) > 1)
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
    visible = [c for c in css(driver, ".forecast-cards .forecast-card") if c.is_displayed()]
    total = len(css(driver, ".forecast-cards .forecast-card"))
    assert len(visible) == min(10, total)
    if total > 10:
        one(driver, "#show-all").click()
        wait(driver).until(lambda d: all(c.is_displayed() for c in css(d, ".forecast-cards .forecast-card")))
        assert not css(driver, "#show-all")
    # The baseline card stays first whatever the sort.
    one(driver, ".chips a[data-key='drive']").click()
    wait(driver).until(lambda d: "sort=drive" in d.current_url)
    names = [c.get_attribute("id") for c in css(driver, ".forecast-cards .forecast-card")]
    assert css(driver, ".forecast-list > .forecast-card")[0].get_attribute("id") == "card-zurich"
    drives = driver.execute_script(
        "return [...document.querySelectorAll('.forecast-cards .forecast-card .badge')].map(b => b.textContent)")
    assert names and drives
    # A pin scrolls to its card and highlights it.
    pin = css(driver, "a.map-pin:not(#pin-zurich)")[0]
    card_id = pin.get_attribute("data-card")
    driver.execute_script("arguments[0].dispatchEvent(new MouseEvent('click', {bubbles: true}))", pin)
    wait(driver).until(lambda d: "is-highlighted" in (one(d, f"#{card_id}").get_attribute("class") or ""))
    # Filters keep only their class (and the baseline).
    for key, check in (("sunny", lambda h: h > 6), ("partly", lambda h: 3 <= h <= 6), ("cloudy", lambda h: h < 3)):
        one(driver, f".chips a[data-key='{key}']").click()
        wait(driver).until(lambda d, key=key: f"filter={key}" in d.current_url)
        wait_css(driver, "#card-zurich")
        for total_text in [e.text for e in css(driver, ".forecast-cards .forecast-total strong")]:
            assert check(float(total_text.split()[0])), (key, total_text)
    assert_no_reload(driver)
    assert_no_console_errors(driver)


def test_snow_filters_and_sorts(driver, server):
    open_page(driver, server, "/swiss/app/snow?city=zurich&lang=de")
    wait_css(driver, ".forecast-card")
    set_marker(driver)
    assert "Wo hat es Schnee?" in one(driver, "h1").text
    bars = css(driver, ".snow-week")
    assert bars and len(css(bars[0], ".snow-day")) == 7
    one(driver, ".chips a[data-key='drive']").click()
    wait(driver).until(lambda d: "sort=drive" in d.current_url)
    one(driver, ".chips a[data-key='light']").click()
    wait(driver).until(lambda d: "filter=light" in d.current_url)
    for text in [e.text for e in css(driver, ".forecast-cards .forecast-total strong")]:
        assert float(text.split()[0].replace(",", ".")) < 10, text
    assert_no_reload(driver)
    assert_no_console_errors(driver)
