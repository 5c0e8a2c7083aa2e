"""Browser tests of SportsTime's schedule, progress, visits, achievements, polls and every-park tour pages
(headless Chromium + Selenium + axe-core), on the generated demo schedule.

Run:  E2E_REQUIRED=1 CLUBHOUSE_BIN=$(swift build --show-bin-path)/clubhouse python3 -m pytest -q e2e/test_trips_more.py
"""

from __future__ import annotations

import json
import time
import urllib.request
from urllib.parse import parse_qs, urlparse

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select

from conftest import DESKTOP, PHONE, SCREENSHOT_DIR, chrome_options, chromedriver_binary
from test_clubweekly import (axe_violations, clear_resize, console_errors, css, describe_violations,
                             full_page_screenshot, one, resize, settle, wait, wait_css, wait_loaded, widest_elements)


def open_page(driver, server, path: str) -> None:
    driver.get(server.url(path))
    wait_loaded(driver)


def check_page(driver, name: str) -> None:
    """At phone and desktop size: no horizontal overflow, no console errors, no serious axe findings; screenshots."""
    try:
        for size_name, size in (("phone", PHONE), ("desktop", DESKTOP)):
            resize(driver, size, mobile=size_name == "phone")
            driver.refresh()
            wait_loaded(driver)
            settle(driver)
            width = driver.execute_script("return document.documentElement.scrollWidth")
            assert width <= size[0] + 1, f"{name} overflows at {size[0]}px: {widest_elements(driver, size[0])}"
            errors = console_errors(driver)
            assert not errors, f"console errors on {name}:\n  " + "\n  ".join(errors)
            violations = axe_violations(driver)
            assert not violations, describe_violations(violations)
            SCREENSHOT_DIR.mkdir(exist_ok=True)
            full_page_screenshot(driver, SCREENSHOT_DIR / f"trips-{name}-{size_name}.png")
    finally:
        clear_resize(driver)


def set_value(driver, selector: str, value: str) -> None:
    """Sets an input's value (date inputs take ISO dates this way whatever the browser's locale)."""
    driver.execute_script("document.querySelector(arguments[0]).value = arguments[1];", selector, value)


def submit(driver, button_selector: str) -> None:
    """Clicks a submit button and waits for the next page (not just the current one's readyState)."""
    driver.execute_script("window.__before_submit = 1;")
    button = one(driver, button_selector)
    # Centred, so the sticky navigation never covers it.
    driver.execute_script("arguments[0].scrollIntoView({block: 'center'});", button)
    button.click()
    wait(driver, 30).until(lambda d: d.execute_script("return window.__before_submit") is None, "no navigation")
    wait_loaded(driver)


def new_browser():
    """A separate browser profile (its own cookies)."""
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    browser = webdriver.Chrome(service=Service(executable_path=chromedriver_binary()), options=chrome_options())
    browser.set_page_load_timeout(30)
    return browser


def api(server, path: str):
    with urllib.request.urlopen(server.url(path), timeout=30) as response:
        return json.loads(response.read())


# ----------------------------------------------------------------------------------------------------------------
# Journey 8: schedule to plan


def test_schedule_filters_by_team_and_dates_shows_a_venue_pages_and_plans_around_a_game(driver, server):
    open_page(driver, server, "/trips/schedule")
    assert one(driver, "h1").text == "Schedule"
    Select(one(driver, "#schedule-team")).select_by_value("mlb-bos")
    set_value(driver, "#schedule-from", "2026-06-01")
    set_value(driver, "#schedule-to", "2026-06-07")
    submit(driver, ".schedule-filters button[type=submit]")
    query = parse_qs(urlparse(driver.current_url).query)
    assert query["team"] == ["mlb-bos"] and query["from"] == ["2026-06-01"]
    rows = css(driver, ".game-row")
    assert rows, "no games for Boston in the first week of June"
    for row in rows:
        matchup = row.find_element(By.CSS_SELECTOR, ".game-matchup").text
        assert "Boston Red Sox" in matchup, matchup
    # Times at the venue, with its zone (Boston and away games in June are on daylight time).
    times = [e.text for e in css(driver, ".game-time")]
    assert all(t.endswith("DT") for t in times), times
    assert one(driver, ".demo-banner").text.startswith("Demo schedule")
    game = rows[0].get_attribute("data-game")
    check_page(driver, "schedule")

    # "Plan around this game": game-first options around its date.
    link = one(driver, ".game-row a[href^='/trips/options?']").get_attribute("href")
    plan = parse_qs(urlparse(link).query)
    assert plan["mode"] == ["game-first"] and plan["games"] == [game] and plan["sports"] == ["mlb"]
    # "Add to must-see" carries the games picked so far.
    must = one(driver, ".game-row a[href^='/trips/new/game-first?']").get_attribute("href")
    assert parse_qs(urlparse(must).query)["games"] == [game]
    driver.get(link)
    wait_loaded(driver)
    if "being built" not in driver.page_source:
        assert game in driver.page_source, "the options include the game"

    # The venue view: capacity, teams, former names; then its games only.
    open_page(driver, server, "/trips/schedule?venue=fenway-park&from=2026-06-01&to=2026-06-30")
    card = one(driver, ".venue-card").text
    assert "Fenway Park" in card and "Capacity" in card and "Boston Red Sox" in card and "Former names" in card
    assert all(r.get_attribute("data-game") for r in css(driver, ".game-row"))

    # The next page of a busy week.
    open_page(driver, server, "/trips/schedule?league=mlb&from=2026-06-01&to=2026-06-10")
    assert len(css(driver, ".game-row")) == 100
    first_page = {r.get_attribute("data-game") for r in css(driver, ".game-row")}
    submit(driver, ".pager a[rel=next]")
    assert "after=" in driver.current_url
    second_page = {r.get_attribute("data-game") for r in css(driver, ".game-row")}
    assert second_page and not (first_page & second_page)

    # Bad filters: the message at the field, status 400, input kept.
    open_page(driver, server, "/trips/schedule?from=2026-06-10&to=2026-06-01")
    assert "swap the dates" in one(driver, "#schedule-to-error").text
    assert one(driver, "#schedule-to").get_attribute("aria-invalid") == "true"


# ----------------------------------------------------------------------------------------------------------------
# Journey 9: progress and achievements


def log_visit(driver, server, venue: str, date: str) -> None:
    open_page(driver, server, "/trips/visits/new")
    # The venue filter (JS) narrows the list.
    one(driver, "#visit-venue-filter").send_keys("fenway")
    visible = driver.execute_script(
        "return Array.from(document.querySelectorAll('#visit-venue option')).filter(o => !o.hidden && o.value).length")
    assert visible >= 1
    Select(one(driver, "#visit-venue")).select_by_value(venue)
    set_value(driver, "#visit-date", date)
    submit(driver, ".visit-form button[type=submit]:not([formmethod])")


def test_logging_visits_fills_progress_earns_badges_and_deleting_relocks(driver, server):
    open_page(driver, server, "/trips/progress")
    assert "No visits yet" in one(driver, "main").text
    open_page(driver, server, "/trips/achievements")
    check_page(driver, "achievements-empty")

    log_visit(driver, server, "fenway-park", "2026-06-01")
    assert urlparse(driver.current_url).path == "/trips/achievements"
    assert "Just earned: First visit" in one(driver, ".just-earned").text
    check_page(driver, "achievements")

    open_page(driver, server, "/trips/progress?league=mlb")
    assert one(driver, ".league-tabs a[data-league=mlb]").text == "MLB 1/30"
    assert len(css(driver, "#progress-map .marker-visited")) == 1
    assert len(css(driver, "#progress-map .marker-unvisited")) == 29
    tip = one(driver, "#progress-map .marker-visited").get_attribute("data-tip")
    assert "Fenway Park" in tip and "first on" in tip
    assert one(driver, "meta[property='og:image']").get_attribute("content").endswith("/trips/progress/card.svg")
    check_page(driver, "progress")

    # A second venue the same day: Doubleheader day.
    open_page(driver, server, "/trips/visits/new?venue=yankee-stadium&date=2026-06-01")
    assert one(driver, "#visit-venue").get_attribute("value") == "yankee-stadium"
    submit(driver, ".visit-form button[type=submit]:not([formmethod])")
    assert "Doubleheader day" in one(driver, ".just-earned").text

    open_page(driver, server, "/trips/visits")
    rows = css(driver, ".visit-row")
    assert len(rows) == 2
    yankee = [r for r in rows if "Yankee Stadium" in r.text][0]
    driver.execute_script("window.__before_submit = 1;")
    yankee.find_element(By.CSS_SELECTOR, "button[type=submit]").click()
    wait(driver, 30).until(lambda d: d.execute_script("return window.__before_submit") is None, "no navigation")
    wait_loaded(driver)
    assert "Visit deleted." in one(driver, "main").text and len(css(driver, ".visit-row")) == 1
    open_page(driver, server, "/trips/achievements")
    assert css(driver, ".is-locked[data-badge='two-in-a-day']"), "deleting the visit re-locks Doubleheader day"
    assert css(driver, ".is-earned[data-badge='first-visit']")

    # The share card is an SVG image.
    with urllib.request.urlopen(server.url("/trips/progress/card.svg")) as response:
        assert response.headers["Content-Type"].startswith("image/svg+xml")


# ----------------------------------------------------------------------------------------------------------------
# Journey 4: polls


PLAN = "mode=date-range&sports=mlb&from=2026-07-01&to=2026-07-06&start=Chicago"


def test_a_poll_is_created_voted_changed_closed_and_a_third_browser_sees_results_only(driver, server):
    # From the list of options: tick options 1 and 2, then "Start a poll from ticked".
    open_page(driver, server, f"/trips/options?{PLAN}")
    for rank in ("1", "2"):
        box = one(driver, f"#compare-form input[name=ranks][value='{rank}']")
        driver.execute_script("arguments[0].scrollIntoView({block: 'center'});", box)
        if not box.is_selected():
            driver.execute_script("arguments[0].click();", box)
    submit(driver, "#poll-submit")
    assert urlparse(driver.current_url).path == "/trips/polls/new"
    labels = css(driver, "input[name=label]")
    assert len(labels) == 2 and labels[0].get_attribute("value").startswith("Option 1")
    title = one(driver, "#poll-title")
    title.clear()
    title.send_keys("Summer trip")
    labels[0].clear()
    labels[0].send_keys("North")
    labels[1].clear()
    labels[1].send_keys("South")
    submit(driver, ".poll-form button[type=submit]")
    poll_path = urlparse(driver.current_url).path
    assert poll_path.startswith("/trips/polls/") and one(driver, "h1").text == "Summer trip"
    assert one(driver, "#poll-share").get_attribute("value").endswith(poll_path)
    assert len(css(driver, ".poll-option svg.trip-map")) == 2
    check_page(driver, "poll")
    open_page(driver, server, "/trips/polls")
    assert "Summer trip" in one(driver, ".poll-list").text
    check_page(driver, "polls")

    voter = new_browser()
    third = new_browser()
    try:
        open_page(voter, server, poll_path)
        assert not css(voter, ".poll-results"), "no results before voting"
        voter.find_element(By.CSS_SELECTOR, "input[name=option][value=o1]").click()
        submit(voter, ".poll-vote button[type=submit]")
        assert "You voted for North." in one(voter, ".my-vote").text
        assert "Results: 1 vote" in one(voter, ".poll-results h2").text
        assert any(c["name"] == "st_voter" and c["httpOnly"] for c in voter.get_cookies())
        # Change the vote: still one vote.
        voter.find_element(By.CSS_SELECTOR, "input[name=option][value=o2]").click()
        submit(voter, ".poll-vote button[type=submit]")
        assert "You voted for South." in one(voter, ".my-vote").text
        assert "Results: 1 vote" in one(voter, ".poll-results h2").text
        assert not console_errors(voter)

        open_page(driver, server, poll_path)
        submit(driver, ".owner-tools form button[type=submit]")
        assert "Winner: South" in one(driver, ".poll-state").text

        open_page(third, server, poll_path)
        assert not css(third, "input[name=option]"), "a closed poll shows results only"
        assert "Winner: South" in one(third, ".poll-state").text
        assert "Results: 1 vote" in one(third, ".poll-results h2").text
    finally:
        voter.quit()
        third.quit()

    open_page(driver, server, "/trips/polls/not-a-real-token")
    assert "No such poll" in one(driver, "h1").text


# ----------------------------------------------------------------------------------------------------------------
# Journey 10: the every-park tour


def test_a_tour_computes_in_the_background_and_shows_one_marker_per_venue(driver, server):
    open_page(driver, server, "/trips/tour")
    check_page(driver, "tour-form")
    Select(one(driver, "#tour-league")).select_by_value("wnba")
    set_value(driver, "#tour-season", "2026")
    set_value(driver, "#tour-drivers", "2")
    set_value(driver, "#tour-hours", "10")
    one(driver, ".tour-window summary").click()
    set_value(driver, "#tour-from", "2026-06-01")
    set_value(driver, "#tour-to", "2026-06-03")
    submit(driver, ".tour-form button[type=submit]")
    assert parse_qs(urlparse(driver.current_url).query)["league"] == ["wnba"]
    # Computing (the page polls the status URL and reloads) or, on a fast machine, already done.
    computing = css(driver, ".tour-progress progress")
    if computing:
        status = api(server, "/trips/tour/status?" + urlparse(driver.current_url).query)
        assert status["state"] in ("queued", "searching", "done")
    wait(driver, 120).until(lambda d: d.find_elements(By.CSS_SELECTOR, ".tour-result"), "the tour never finished")
    venues = len(api(server, "/api/trips/venues?league=wnba"))
    assert len(css(driver, "#tour-map .marker-stop")) == venues
    result = one(driver, ".tour-result").text
    # Every tour states its rules and how far from the best possible it can at most be (its lower bound).
    assert "longer than the best possible" in result or "Proven shortest" in result
    assert "daily driving: 2 drivers" in result
    check_page(driver, "tour")
    submit(driver, ".tour-result form button[type=submit]")
    assert urlparse(driver.current_url).path.startswith("/trips/saved/")
