"""Browser tests of SportsTime's planning pages: home, the wizard of each mode, options, failures and compare
(headless Chromium + Selenium + axe-core) over the seeded demo schedule.

Run:  E2E_REQUIRED=1 CLUBHOUSE_BIN=$(swift build --show-bin-path)/clubhouse python3 -m pytest -q e2e/test_trips_plan.py
"""

from __future__ import annotations

import datetime
import json
import urllib.request
from urllib.parse import parse_qs, urlparse

import pytest
from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select

from conftest import DESKTOP, PHONE, SCREENSHOT_DIR, chrome_options, chromedriver_binary
from test_clubweekly import (axe_violations, clear_resize, console_errors, css, describe_violations,
                             full_page_screenshot, navigation_status, one, resize, settle, wait, wait_loaded,
                             widest_elements)

# One driver can't cover a day at 8 h a day: fails with drivingExceedsLimit, plans with two drivers (found by
# PlanPagesRouteTests.drivingLimitPair over the same seeded demo season).
DRIVING_LIMIT = "/trips/options?mode=game-first&games=mlb-gen-2026-979,mlb-gen-2026-991"


@pytest.fixture
def nojs_driver():
    """A browser with JavaScript off: the forms must work as plain HTML."""
    options = chrome_options()
    options.add_experimental_option("prefs", {"profile.managed_default_content_settings.javascript": 2})
    browser = webdriver.Chrome(service=Service(executable_path=chromedriver_binary()), options=options)
    browser.set_page_load_timeout(30)
    yield browser
    browser.quit()


def api(server, path: str):
    with urllib.request.urlopen(server.url(path), timeout=20) as response:
        return json.loads(response.read())


def open_page(driver, server, path: str) -> None:
    driver.get(server.url(path))
    wait_loaded(driver)


def check_page(driver, name: str, status: int = 200) -> None:
    """At phone and desktop size: no horizontal overflow, no console errors, no serious axe findings; screenshots."""
    SCREENSHOT_DIR.mkdir(exist_ok=True)
    for size_name, size, mobile in (("phone", PHONE, True), ("desktop", DESKTOP, False)):
        resize(driver, size, mobile=mobile)
        settle(driver)
        width = size[0]
        scroll_width = driver.execute_script("return document.documentElement.scrollWidth")
        assert scroll_width <= width + 1, f"{name} overflows at {width}px: {widest_elements(driver, width)}"
        # A failure page answers 4xx on purpose; Chromium logs that status as a console error.
        errors = console_errors(driver, ignore=() if status == 200 else (rf"status of {status}",))
        assert not errors, "console errors:\n  " + "\n  ".join(errors)
        violations = axe_violations(driver)
        assert not violations, describe_violations(violations)
        full_page_screenshot(driver, SCREENSHOT_DIR / f"trips-plan-{name}-{size_name}.png")
    clear_resize(driver)


def click(driver, element) -> None:
    """Clicks an element after scrolling it to the middle (the sticky nav would cover it at the top)."""
    driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", element)
    element.click()


def fill(driver, field_id: str, value: str) -> None:
    element = driver.find_element(By.ID, field_id)
    element.clear()
    element.send_keys(value)


def set_date(driver, field_id: str, value: str) -> None:
    # Date inputs take keyboard input in the locale's order; setting the value is what a picker does.
    element = driver.find_element(By.ID, field_id)
    try:
        driver.execute_script("arguments[0].value = arguments[1]", element, value)
    except Exception:  # noqa: BLE001 - scripts off: type it (en-GB order)
        yyyy, mm, dd = value.split("-")
        element.send_keys(dd + mm + yyyy)
    assert element.get_attribute("value") == value


def tick_only(driver, name: str, values: set[str]) -> None:
    for box in driver.find_elements(By.CSS_SELECTOR, f"input[name='{name}']"):
        if (box.get_attribute("value") in values) != box.is_selected():
            box.click()


def next_step(driver) -> None:
    """The wizard's "Next" (a GET to the next step, every answer so far in the URL)."""
    before = driver.current_url
    driver.find_element(By.ID, "plan-next").click()
    wait(driver, 20).until(lambda d: d.current_url != before)
    wait_loaded(driver)


def submit(driver) -> None:
    before = driver.current_url
    driver.find_element(By.ID, "plan-submit").click()
    wait(driver, 20).until(lambda d: d.current_url != before)
    wait_loaded(driver)


def card_games(driver) -> list[list[tuple[str, str]]]:
    """For each option card: the (home, away) team ids of its games."""
    return [[(li.get_attribute("data-home"), li.get_attribute("data-away"))
             for li in card.find_elements(By.CSS_SELECTOR, ".option-games li")]
            for card in driver.find_elements(By.CSS_SELECTOR, ".option-card")]


def save_first_option(d, name: str) -> None:
    """Saves option 1 of the options page under `name` (a plain form POST) and checks the saved trip opens."""
    card = d.find_element(By.CSS_SELECTOR, ".option-card")
    field = card.find_element(By.CSS_SELECTOR, "input[name='name']")
    field.clear()
    field.send_keys(name)
    click(d, card.find_element(By.CSS_SELECTOR, ".save-form button[type='submit']"))
    wait(d, 20).until(lambda driver: "/trips/saved/" in driver.current_url)
    wait_loaded(d)
    assert one(d, "#trip-name").text == name, d.current_url
    assert d.get_cookie("st_traveller"), "saving gave this browser no traveller identity"


# ----------------------------------------------------------------------------------------------------------------
# Journey 2: the five modes without JavaScript


def test_date_range_and_locations_without_js(nojs_driver, server):
    d = nojs_driver
    # Step by step: each step a GET with the answers so far in the URL, so Back and the back button keep them.
    open_page(d, server, "/trips/new/date-range")
    assert one(d, "form.wizard").get_attribute("data-step") == "1"
    assert not css(d, "#field-from"), "step 1 asks only for the sports"
    tick_only(d, "sports", {"mlb"})
    next_step(d)
    assert parse_qs(urlparse(d.current_url).query)["step"] == ["2"]
    set_date(d, "field-from", "2026-06-01")
    set_date(d, "field-to", "2026-06-05")
    fill(d, "field-start", "Boston")
    next_step(d)
    assert one(d, "form.wizard").get_attribute("data-step") == "3" and css(d, "#field-drivers")
    d.back()
    wait_loaded(d)
    assert one(d, "#field-start").get_attribute("value") == "Boston", "the back button keeps the answers"
    next_step(d)
    submit(d)
    assert urlparse(d.current_url).path == "/trips/options", d.current_url
    assert parse_qs(urlparse(d.current_url).query)["from"] == ["2026-06-01"]
    assert len(css(d, ".option-card")) >= 1
    assert all(home.startswith("mlb-") for games in card_games(d) for home, _ in games)
    save_first_option(d, "Dates first trip")

    open_page(d, server, "/trips/new/locations?step=all")
    fill(d, "field-start", "Boston")
    fill(d, "field-end", "New York")
    set_date(d, "field-from", "2026-06-01")
    set_date(d, "field-to", "2026-06-07")
    tick_only(d, "sports", {"mlb"})
    submit(d)
    assert len(css(d, ".option-card")) >= 1, d.current_url + " " + " ".join(e.text for e in css(d, ".failure, .field-error"))
    save_first_option(d, "Boston to New York")


def test_follow_team_games_involve_the_team(nojs_driver, server):
    d = nojs_driver
    open_page(d, server, "/trips/new/follow-team?step=all")
    Select(d.find_element(By.ID, "field-team")).select_by_value("mlb-bos")
    set_date(d, "field-from", "2026-06-01")
    set_date(d, "field-to", "2026-06-10")
    submit(d)
    cards = card_games(d)
    assert cards, d.page_source[:2000]
    for games in cards:
        assert games and all("mlb-bos" in pair for pair in games), games
    save_first_option(d, "Following the Red Sox")


def test_team_first_windows_have_every_team_at_home(nojs_driver, server):
    d = nojs_driver
    open_page(d, server, "/trips/new/team-first?step=all")
    teams = Select(d.find_element(By.ID, "field-teams"))
    teams.select_by_value("mlb-bos")
    teams.select_by_value("mlb-nyy")
    set_date(d, "field-from", "2026-06-01")
    set_date(d, "field-to", "2026-06-30")
    submit(d)
    cards = card_games(d)
    assert cards, d.page_source[:2000]
    for games in cards:
        homes = {home for home, _ in games}
        assert {"mlb-bos", "mlb-nyy"} <= homes, games
    assert one(d, ".timeline-card")
    save_first_option(d, "Two teams at home")


def test_game_first_from_chosen_games(nojs_driver, server):
    games = api(server, "/api/trips/games?league=mlb&team=mlb-bos&from=2026-06-01&to=2026-06-30")
    home = [g["id"] for g in games if g.get("home") == "mlb-bos"][:2]
    assert len(home) == 2
    d = nojs_driver
    open_page(d, server, "/trips/new/game-first?games=" + ",".join(home))
    assert len(css(d, ".game-chips li")) == 2
    submit(d)
    cards = card_games(d)
    assert cards
    chosen = set(home)
    for card in d.find_elements(By.CSS_SELECTOR, ".option-card"):
        assert card.find_elements(By.CSS_SELECTOR, ".option-games li")
    assert chosen  # the must-see ids were carried in the URL
    sent = {g for value in parse_qs(urlparse(d.current_url).query)["games"] for g in value.split(",")}
    assert sent == set(home)
    save_first_option(d, "Must-see games")


# ----------------------------------------------------------------------------------------------------------------
# Journey 3: failures explained, with fixes


@pytest.mark.parametrize("path, code, status", [
    (DRIVING_LIMIT, "drivingExceedsLimit", 422),
    ("/trips/options?mode=date-range&sports=mlb&from=2026-06-01&to=2026-06-07&start=Atlantis", "unknownPlace", 400),
    ("/trips/options?mode=date-range&sports=mlb&from=2026-06-01&to=2026-07-10", "tooManyDays", 400),
    ("/trips/options?mode=date-range&sports=mlb&from=2031-06-01&to=2031-06-07", "noGamesInRange", 422),
    ("/trips/options?mode=locations&sports=mlb&from=2026-06-01&to=2026-06-07&start=Boston", "missingLocations", 422),
    ("/trips/options?mode=team-first&from=2026-06-01&to=2026-06-20", "missingTeamSelection", 422),
    ("/trips/options?mode=date-range&sports=mlb", "missingDateRange", 422),
    ("/trips/options?mode=game-first&games=mlb-gen-2026-979&from=2026-07-01&to=2026-07-05", "dateRangeViolation", 422),
    ("/trips/options?mode=game-first&games=mlb-gen-2026-979,mlb-gen-2026-986&repeat=0", "repeatCityViolation", 422),
    ("/trips/options?mode=game-first&games=mlb-gen-2026-895,mlb-gen-2026-979,mlb-gen-2026-953", "noValidRoutes", 422),
])
def test_failures_show_code_message_and_fixes(driver, server, path, code, status):
    open_page(driver, server, path)
    assert navigation_status(driver) == status
    box = one(driver, f"[data-failure='{code}']")
    assert box.find_element(By.CSS_SELECTOR, ".failure-message").text.strip()
    assert box.find_elements(By.CSS_SELECTOR, ".fixes a"), "no fixes offered"
    assert one(driver, "form.wizard"), "the prefilled form is shown"


def test_add_a_driver_plans(driver, server):
    open_page(driver, server, DRIVING_LIMIT)
    check_page(driver, "failure", status=422)
    before = driver.current_url
    click(driver, one(driver, "[data-fix='add-driver']"))
    wait(driver, 20).until(lambda d: d.current_url != before)
    wait_loaded(driver)
    assert parse_qs(urlparse(driver.current_url).query)["drivers"] == ["2"]
    assert navigation_status(driver) == 200
    assert len(css(driver, ".option-card")) >= 1


# ----------------------------------------------------------------------------------------------------------------
# Pages: accessibility, console, screenshots


def next_july() -> str:
    """The next July still ahead (suggestions never start in the past; the demo seasons cover next year)."""
    today = datetime.date.today()
    return f"{today.year + (1 if today.month >= 7 else 0)}-07"


def test_home_with_suggestions(driver, server):
    open_page(driver, server, f"/trips?month={next_july()}&league=mlb")
    assert len(css(driver, ".suggestion-card")) >= 1
    assert len(css(driver, ".mode-card")) == 5
    assert "Boston" in one(driver, "#suggestions-heading").text
    check_page(driver, "home")
    click(driver, one(driver, ".suggestion-card a.button"))
    wait(driver, 20).until(lambda d: "/trips/options" in d.current_url)
    wait_loaded(driver)
    assert len(css(driver, ".option-card")) >= 1


def test_wizard_options_and_compare_pages(driver, server):
    open_page(driver, server, "/trips/new/date-range?sports=mlb&from=2026-06-01&to=2026-06-05&start=Boston")
    check_page(driver, "wizard")
    Select(one(driver, "#field-drivers")).select_by_value("2")
    assert "16 h" in one(driver, "#daily-limit").text, "the daily limit follows the drivers"
    Select(one(driver, "#field-drivers")).select_by_value("1")
    submit(driver)
    assert len(css(driver, ".option-card")) >= 3
    check_page(driver, "options")
    # JS sorts the table in place.
    click(driver, one(driver, "th[data-sort='miles'] a"))
    assert one(driver, "th[data-sort='miles']").get_attribute("aria-sort") in ("ascending", "descending")
    for rank in ("1", "3"):
        click(driver, one(driver, f"#tick-{rank}"))
    click(driver, one(driver, "#compare-submit"))
    wait(driver, 20).until(lambda d: "/compare" in d.current_url)
    wait_loaded(driver)
    assert urlparse(driver.current_url).path == "/trips/options/compare"
    assert "Option 1" in one(driver, "h1").text and "Option 3" in one(driver, "h1").text
    check_page(driver, "compare")
    open_page(driver, server, "/trips/options/compare?mode=date-range&sports=mlb&from=2026-06-01&to=2026-06-05&ranks=1")
    assert navigation_status(driver) == 400
    assert one(driver, "[data-failure='badRanks']")


def test_save_an_option_then_home_counts_down(driver, server):
    year = datetime.date.today().year + 1
    open_page(driver, server, f"/trips/options?mode=date-range&sports=mlb&from={year}-06-01&to={year}-06-05&start=Boston")
    name = one(driver, "#save-name-1")
    name.clear()
    name.send_keys("Summer ballparks")
    click(driver, one(driver, "#option-1 .save-form button"))
    wait(driver, 20).until(lambda d: "/trips/saved/" in d.current_url)
    open_page(driver, server, "/trips")
    first = one(driver, "#my-trips li")
    assert "Summer ballparks" in first.text and "Next trip" in first.text
    assert "days" in one(driver, "#my-trips .countdown").text
    check_page(driver, "home-with-trip")
