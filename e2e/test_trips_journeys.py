"""SportsTime journey 1 (notes/sportstime-web.md §7): from the home page through the wizard to a saved trip that is
listed after a reload and still opens when the server is gone (service worker copy, offline banner).

Run:  E2E_REQUIRED=1 CLUBHOUSE_BIN=$(swift build --show-bin-path)/clubhouse python3 -m pytest -q e2e/test_trips_journeys.py
"""

from __future__ import annotations

from urllib.parse import parse_qs, urlparse

from selenium.webdriver.common.by import By

from conftest import SCREENSHOT_DIR
from test_clubweekly import css, full_page_screenshot, one, wait, wait_loaded
from test_trips_plan import check_page, click, fill, next_step, set_date, tick_only


def test_plan_save_reload_and_read_offline(driver, make_server):
    own = make_server("trips-offline")  # its own server: the test stops it
    driver.get(own.url("/trips"))
    wait_loaded(driver)
    assert "Plan your first trip" in one(driver, "main").text

    # Home → Dates first.
    click(driver, one(driver, "a[href='/trips/new/date-range']"))
    wait_loaded(driver)
    assert urlparse(driver.current_url).path == "/trips/new/date-range"
    tick_only(driver, "sports", {"mlb"})
    next_step(driver)
    set_date(driver, "field-from", "2027-05-03")
    set_date(driver, "field-to", "2027-05-07")
    fill(driver, "field-start", "Boston")
    next_step(driver)
    assert one(driver, "form.wizard").get_attribute("data-step") == "3"
    # A slow answer (1.5 s of network latency here) shows "Planning your trip…" after 300 ms. WebDriver waits for
    # navigations to finish, so the old page notes in sessionStorage that it showed the notice.
    driver.execute_script("""
        sessionStorage.removeItem('sawPlanningProgress');
        new MutationObserver(() => {
            const box = document.getElementById('planning-progress');
            if (box && box.getClientRects().length > 0 && /Planning/.test(box.textContent))
                sessionStorage.setItem('sawPlanningProgress', '1');
        }).observe(document.body, {childList: true});""")
    driver.execute_cdp_cmd("Network.enable", {})
    driver.execute_cdp_cmd("Network.emulateNetworkConditions", {
        "offline": False, "latency": 1500, "downloadThroughput": -1, "uploadThroughput": -1})
    try:
        before = driver.current_url
        one(driver, "#plan-submit").click()
        wait(driver, 30).until(lambda d: d.current_url != before)
        wait_loaded(driver)
    finally:
        driver.execute_cdp_cmd("Network.emulateNetworkConditions", {
            "offline": False, "latency": 0, "downloadThroughput": -1, "uploadThroughput": -1})
    assert driver.execute_script("return sessionStorage.getItem('sawPlanningProgress')") == "1", \
        "no progress shown while the plan was on its way"
    assert urlparse(driver.current_url).path == "/trips/options", driver.current_url
    query = parse_qs(urlparse(driver.current_url).query)
    assert query["sports"] == ["mlb"] and query["start"] == ["Boston"], query

    # Options: each card's map has one numbered marker per distinct stop.
    cards = css(driver, ".option-card")
    assert cards, "no options for five days of MLB from Boston"
    for card in cards:
        homes = {li.get_attribute("data-home") for li in card.find_elements(By.CSS_SELECTOR, ".option-games li")}
        markers = card.find_elements(By.CSS_SELECTOR, "svg .map-marker.marker-stop")
        assert len(markers) == len(homes), f"option {card.get_attribute('data-rank')}: {len(markers)} markers, {homes}"

    # Save option 1 under a name.
    first = cards[0]
    name_field = first.find_element(By.CSS_SELECTOR, "input[name='name']")
    name_field.clear()
    name_field.send_keys("Spring ballparks")
    click(driver, first.find_element(By.CSS_SELECTOR, ".save-form button[type='submit']"))
    wait(driver, 20).until(lambda d: "/trips/saved/" in d.current_url)
    wait_loaded(driver)
    saved = urlparse(driver.current_url).path
    assert one(driver, "#trip-name").text == "Spring ballparks"
    assert driver.get_cookie("st_traveller"), "saving gave no traveller identity"
    check_page(driver, "journey-saved")

    # Reload the home page: the trip is listed.
    driver.get(own.url("/trips"))
    wait_loaded(driver)
    listed = [a.get_attribute("href") for a in css(driver, "#my-trips a")]
    assert any(urlparse(href).path == saved for href in listed), listed
    assert "Spring ballparks" in one(driver, "#my-trips").text

    # Let the service worker take the saved trip, then stop the server: it still opens, marked offline.
    driver.get(own.url(saved))
    wait_loaded(driver)
    driver.execute_async_script(
        "const done = arguments[arguments.length - 1]; navigator.serviceWorker.ready.then(() => done(true));")
    if not driver.execute_script("return !!navigator.serviceWorker.controller"):
        driver.refresh()
    wait(driver, 15).until(lambda d: d.execute_script("return !!navigator.serviceWorker.controller"),
                           "the service worker never controlled the page")
    driver.refresh()  # through the service worker, which keeps a copy
    wait_loaded(driver)
    assert one(driver, "html").get_attribute("data-offline") == "false"
    own.stop()
    driver.refresh()
    wait_loaded(driver)
    assert one(driver, "html").get_attribute("data-offline") == "true", "the cached trip is not marked offline"
    assert one(driver, ".offline-banner").is_displayed()
    assert one(driver, "#trip-name").text == "Spring ballparks"
    assert css(driver, ".trip-day"), "the offline copy shows no days"
    SCREENSHOT_DIR.mkdir(exist_ok=True)
    full_page_screenshot(driver, SCREENSHOT_DIR / "trips-journey-offline.png")
