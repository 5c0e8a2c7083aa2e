"""Browser tests of Today in Switzerland's Activities and Lunch pages (headless Chromium + Selenium + axe-core),
against the fake upstreams of `scripts/swiss_fake_upstreams.py`.

Run:  E2E_REQUIRED=1 CLUBHOUSE_BIN=$(swift build --show-bin-path)/clubhouse python3 -m pytest -q e2e/test_swiss_places.py
"""

from __future__ import annotations

import json
import time
import urllib.request
from urllib.parse import parse_qs, urlparse

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from conftest import DESKTOP, PHONE, SCREENSHOT_DIR, _new_server, free_port, swiss_upstream_env
from test_clubweekly import (axe_violations, clear_resize, console_errors, css, describe_violations,
                             full_page_screenshot, one, resize, settle, wait, wait_css, wait_loaded, widest_elements)

ACTIVITIES = "/swiss/app/activities"
LUNCH = "/swiss/app/lunch"


@pytest.fixture(scope="module", autouse=True)
def warm_lunch(server):
    """Waits until the server holds the fake Overpass answer: these tests are about the pages with data (a loaded
    machine may take longer than the upstream wait for the very first fetch; the dead-upstream test covers that)."""
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        with urllib.request.urlopen(server.url("/swiss/lunch?city=zurich&refresh=true"), timeout=20) as response:
            if json.loads(response.read()).get("spots"):
                return
        time.sleep(0.5)
    pytest.fail("the fake Overpass answer never arrived")


def open_page(driver, server, path: str) -> None:
    driver.get(server.url(path))
    wait_loaded(driver)


def query(driver) -> dict[str, list[str]]:
    return parse_qs(urlparse(driver.current_url).query)


def card_ids(driver) -> list[str]:
    # In one script: the list may be swapped between two element lookups.
    return driver.execute_script(
        "return Array.from(document.querySelectorAll('.place-cards .place-card'), (e) => e.id)")


def set_marker(driver) -> None:
    driver.execute_script("window.__marker = 1;")


def assert_no_reload(driver) -> None:
    assert driver.execute_script("return window.__marker") == 1, "the page reloaded (window.__marker was lost)"


def dark(driver, on: bool) -> None:
    driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {
        "features": [{"name": "prefers-color-scheme", "value": "dark" if on else "light"}]})


def check_page(driver, name: str, lang: str, size_name: str, width: int) -> None:
    """No horizontal overflow, no console errors, no serious axe findings; a screenshot."""
    settle(driver)
    scroll_width = driver.execute_script("return document.documentElement.scrollWidth")
    assert scroll_width <= width + 1, f"{name} {lang} overflows at {width}px: {widest_elements(driver, width)}"
    errors = console_errors(driver)
    assert not errors, "console errors:\n  " + "\n  ".join(errors)
    violations = axe_violations(driver)
    assert not violations, describe_violations(violations)
    SCREENSHOT_DIR.mkdir(exist_ok=True)
    full_page_screenshot(driver, SCREENSHOT_DIR / f"swiss-{name}-{lang}-{size_name}.png")


# ----------------------------------------------------------------------------------------------------------------
# Every page, language, size and colour scheme


@pytest.mark.parametrize("name,path", [("activities", ACTIVITIES), ("lunch", LUNCH)])
@pytest.mark.parametrize("lang", ["en", "de"])
@pytest.mark.parametrize("size_name,size", [("phone", PHONE), ("desktop", DESKTOP)])
def test_pages_render_with_data_in_both_languages_sizes_and_themes(driver, server, name, path, lang, size_name, size):
    resize(driver, size, mobile=size_name == "phone")
    try:
        for scheme in ("light", "dark"):
            dark(driver, scheme == "dark")
            open_page(driver, server, f"{path}?lang={lang}")
            assert one(driver, "html").get_attribute("lang") == lang
            assert len(card_ids(driver)) >= 3, f"{name} shows too few cards"
            assert css(driver, ".places-map svg a.map-pin"), "no pins on the map"
            title = one(driver, "h1").text
            expected = {("activities", "en"): "What to do today?", ("activities", "de"): "Was unternehmen wir heute?",
                        ("lunch", "en"): "Where to eat?", ("lunch", "de"): "Wo essen wir?"}[(name, lang)]
            assert title == expected
            check_page(driver, name, lang, size_name if scheme == "light" else f"{size_name}-dark", size[0])
    finally:
        dark(driver, False)
        clear_resize(driver)


# ----------------------------------------------------------------------------------------------------------------
# Activities


def test_activity_filters_and_search_work_without_a_reload_and_keep_the_url(driver, server):
    open_page(driver, server, ACTIVITIES)
    everything = card_ids(driver)
    set_marker(driver)
    one(driver, "nav.chips a[data-key=indoor]").click()
    wait(driver).until(lambda d: query(d).get("show") == ["indoor"])
    wait(driver).until(lambda d: card_ids(d) and len(card_ids(d)) < len(everything))
    badges = driver.execute_script(
        "return Array.from(document.querySelectorAll('.place-cards .place-card'), (e) => e.textContent)")
    assert all("Indoor" in text for text in badges), badges
    assert one(driver, "nav.chips a[data-key=indoor]").get_attribute("aria-current") == "page"
    indoor = card_ids(driver)
    one(driver, "#activities-q").send_keys("museum")
    wait(driver).until(lambda d: "card-zurich-landesmuseum" in card_ids(d) and len(card_ids(d)) < len(indoor))
    assert "card-zurich-kindercity" not in card_ids(driver)
    wait(driver).until(lambda d: query(d).get("q") == ["museum"] and query(d).get("show") == ["indoor"])
    assert one(driver, "#activities-q").get_attribute("value") == "museum"
    # The chips keep the search; back returns to the earlier list.
    one(driver, "nav.chips a[data-key=outdoor]").click()
    wait(driver).until(lambda d: query(d).get("show") == ["outdoor"] and query(d).get("q") == ["museum"])
    wait(driver).until(lambda d: "card-zurich-landesmuseum" not in card_ids(d))
    driver.back()
    wait(driver).until(lambda d: query(d).get("show") == ["indoor"])
    wait(driver).until(lambda d: "card-zurich-landesmuseum" in card_ids(d))
    assert_no_reload(driver)
    # Stay home: the subcategory tabs, and materials on the cards.
    open_page(driver, server, f"{ACTIVITIES}?show=stayhome")
    one(driver, "nav.chips a[data-key=art]").click()
    wait(driver).until(lambda d: query(d).get("sub") == ["art"])
    assert all("Materials" in c.text for c in css(driver, ".place-cards .place-card"))
    assert console_errors(driver) == []


def test_saving_an_activity_fills_the_heart_without_a_reload_and_it_stays_saved(driver, server):
    open_page(driver, server, ACTIVITIES)
    heart = one(driver, "#card-zurich-zoo button.heart")
    assert heart.get_attribute("aria-pressed") == "false"
    set_marker(driver)
    heart.click()
    wait(driver).until(lambda d: one(d, "#card-zurich-zoo button.heart").get_attribute("aria-pressed") == "true")
    wait(driver).until(lambda d: "Saved" in one(d, ".places-status").get_attribute("textContent"))
    assert_no_reload(driver)
    open_page(driver, server, f"{ACTIVITIES}?show=saved")
    assert "card-zurich-zoo" in card_ids(driver)
    cookie = driver.get_cookie("swiss_visitor")
    assert cookie and cookie["httpOnly"] and cookie.get("sameSite") == "Lax"
    one(driver, "#card-zurich-zoo button.heart").click()
    wait(driver).until(lambda d: one(d, "#card-zurich-zoo button.heart").get_attribute("aria-pressed") == "false")
    open_page(driver, server, f"{ACTIVITIES}?show=saved")
    assert "No saved activities yet" in one(driver, ".places-empty").text


def test_own_activity_is_added_shown_first_and_deleted(driver, server):
    open_page(driver, server, f"{ACTIVITIES}?lang=de")
    one(driver, "#add-activity summary").click()
    one(driver, "#own-name").send_keys("Picknick am See")
    one(driver, "#own-description").send_keys("Brot für die Enten")
    one(driver, "#own-price").send_keys("Gratis")
    one(driver, "#own-name").find_element(By.XPATH, "ancestor::form").submit()
    wait(driver).until(lambda d: "done=added" in d.current_url)
    wait_loaded(driver)
    first = css(driver, ".place-cards .place-card")[0]
    assert "Picknick am See" in first.text and "Eigene Idee" in first.text
    assert "Hinzugefügt" in one(driver, ".notice-success").text
    first.find_element(By.CSS_SELECTOR, ".delete-form button").click()
    wait(driver).until(lambda d: "done=deleted" in d.current_url)
    wait_loaded(driver)
    assert "Picknick am See" not in one(driver, ".place-cards").text
    # A name over the limit is refused with the reason, and what was typed stays.
    one(driver, "#add-activity summary").click()
    driver.execute_script("document.getElementById('own-name').removeAttribute('maxlength')")
    one(driver, "#own-name").send_keys("x" * 81)
    one(driver, "#own-name").find_element(By.XPATH, "ancestor::form").submit()
    wait_css(driver, "#add-activity-error")
    assert "höchstens 80 Zeichen" in one(driver, "#add-activity-error").text
    assert one(driver, "#own-name").get_attribute("value") == "x" * 81


def test_surprise_me_is_reproducible_and_another_changes_it(driver, server):
    open_page(driver, server, ACTIVITIES)
    one(driver, ".places-actions a.button").click()
    wait_css(driver, "#surprise")
    wait(driver).until(lambda d: "surprise" in query(d))
    first_url = driver.current_url
    first = one(driver, "#surprise h3").text
    open_page(driver, server, urlparse(first_url).path + "?" + urlparse(first_url).query)
    assert one(driver, "#surprise h3").text == first
    seeds = set()
    for _ in range(4):
        seeds.add(query(driver)["surprise"][0])
        one(driver, "#surprise .places-actions a.button").click()
        wait(driver).until(lambda d: query(d)["surprise"][0] not in seeds)
    assert len(seeds) == 4


def test_near_me_sorts_by_the_browsers_position_with_distances(driver, server):
    driver.execute_cdp_cmd("Browser.grantPermissions", {"origin": server.base_url, "permissions": ["geolocation"]})
    driver.execute_cdp_cmd("Emulation.setGeolocationOverride", {"latitude": 47.3850, "longitude": 8.5740,
                                                                "accuracy": 10})
    open_page(driver, server, ACTIVITIES)
    one(driver, "nav.chips a[data-key=near]").click()
    wait(driver).until(lambda d: query(d).get("near", [""])[0].startswith("47.385"))
    wait(driver).until(lambda d: card_ids(d) and card_ids(d)[0] == "card-zurich-zoo")
    assert "📍" in one(driver, "#card-zurich-zoo .badge-distance").text
    assert "measured from where you are" in one(driver, ".places-note").text


def test_a_pin_leads_to_its_card(driver, server):
    open_page(driver, server, ACTIVITIES)
    pin = one(driver, "a#pin-zurich-zoo")
    driver.execute_script("arguments[0].dispatchEvent(new MouseEvent('click', {bubbles: true}))", pin)
    wait(driver).until(lambda d: "is-highlighted" in one(d, "#card-zurich-zoo").get_attribute("class"))


# ----------------------------------------------------------------------------------------------------------------
# Lunch


def test_lunch_filters_stars_and_saves(driver, server):
    open_page(driver, server, LUNCH)
    names = one(driver, ".place-cards").text
    assert "Zeughauskeller" in names and "Hiltl" in names
    set_marker(driver)
    one(driver, "nav.chips a[data-key=terrace]").click()
    wait(driver).until(lambda d: query(d).get("terrace") == ["1"])
    wait(driver).until(lambda d: card_ids(d) == ["card-osm-101"])
    one(driver, "nav.chips a[data-key=terrace]").click()
    wait(driver).until(lambda d: "terrace" not in query(d))
    one(driver, "nav.chips a[data-key=veg]").click()
    wait(driver).until(lambda d: card_ids(d) == ["card-osm-102"])
    label = one(driver, "label[for=stars-osm-102-4]")
    label.click()
    wait(driver).until(lambda d: "Rating saved" in one(d, ".places-status").get_attribute("textContent"))
    assert len(css(driver, "#card-osm-102 .stars label.is-on")) == 4
    assert_no_reload(driver)
    driver.refresh()
    wait_loaded(driver)
    assert one(driver, "#stars-osm-102-4").is_selected()
    # Keyboard: arrows move within the radio group and save on change.
    one(driver, "#stars-osm-102-4").send_keys(Keys.ARROW_RIGHT)
    wait(driver).until(lambda d: len(css(d, "#card-osm-102 .stars label.is-on")) == 5)
    assert console_errors(driver) == []


def test_lunch_add_own_spot_and_delete_it(driver, server):
    open_page(driver, server, LUNCH)
    one(driver, "#add-spot summary").click()
    one(driver, "#own-spot-name").send_keys("Tante Emma")
    one(driver, "#own-spot-cuisine").send_keys("Swiss")
    one(driver, "#own-spot-name").find_element(By.XPATH, "ancestor::form").submit()
    wait(driver).until(lambda d: "done=added" in d.current_url)
    wait_loaded(driver)
    first = css(driver, ".place-cards .place-card")[0]
    assert "Tante Emma" in first.text and "Your own" in first.text
    first.find_element(By.CSS_SELECTOR, ".delete-form button").click()
    wait(driver).until(lambda d: "done=deleted" in d.current_url)
    wait_loaded(driver)
    assert "Tante Emma" not in one(driver, ".place-cards").text


def test_with_every_upstream_dead_the_pages_answer_fast_and_say_so(server_root, driver):
    dead = _new_server(server_root, "swiss-places-dead")
    dead.env = swiss_upstream_env(free_port())  # nothing listens there
    dead.start()
    try:
        for path, text in [(LUNCH, "Lunch spots unavailable"), (ACTIVITIES, "What to do today?")]:
            started = time.monotonic()
            with urllib.request.urlopen(dead.url(path), timeout=10) as response:
                body = response.read().decode()
            elapsed = time.monotonic() - started
            assert response.status == 200
            assert elapsed < 1.5, f"{path} took {elapsed:.2f}s with the upstreams dead"
            assert text in body
        open_page(driver, dead, f"{LUNCH}?lang=de")
        assert "Restaurants nicht verfügbar" in one(driver, ".freshness").text
        full_page_screenshot(driver, SCREENSHOT_DIR / "swiss-lunch-unavailable-de-desktop.png")
        # Surprise still works without weather.
        open_page(driver, dead, f"{ACTIVITIES}?surprise=7")
        assert css(driver, "#surprise h3")
    finally:
        dead.stop()
