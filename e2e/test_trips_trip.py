"""Browser tests of SportsTime's trip pages (headless Chromium + Selenium + axe-core): journeys 5 (share, calendar,
print, revoke), 6 (edit without JavaScript), 7 (recovery link) and the PDF download.

Run:  E2E_REQUIRED=1 CLUBHOUSE_BIN=$(swift build --show-bin-path)/clubhouse python3 -m pytest -q e2e/test_trips_trip.py
"""

from __future__ import annotations

import re
import urllib.error
import urllib.request

import pytest
from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select

from conftest import DESKTOP, PHONE, SCREENSHOT_DIR, chrome_options, chromedriver_binary
from test_clubweekly import (axe_violations, clear_resize, console_errors, describe_violations, full_page_screenshot,
                             one, resize, settle, wait, wait_loaded, widest_elements)

QUERY = "mode=date-range&sports=mlb&from=2026-06-01&to=2026-06-05&start=Boston"
OPTION = "/trips/options/1?" + QUERY


def open_page(driver, server, path: str) -> None:
    driver.get(server.url(path))
    wait_loaded(driver)


def check_page(driver, name: str) -> None:
    """At phone and desktop size: no horizontal overflow, no console errors, no serious axe findings; screenshots."""
    SCREENSHOT_DIR.mkdir(exist_ok=True)
    settle(driver)
    for size_name, size in (("phone", PHONE), ("desktop", DESKTOP)):
        resize(driver, size, mobile=size_name == "phone")
        scroll_width = driver.execute_script("return document.documentElement.scrollWidth")
        assert scroll_width <= size[0] + 1, f"{name} overflows at {size[0]}px: {widest_elements(driver, size[0])}"
        full_page_screenshot(driver, SCREENSHOT_DIR / f"trips-{name}-{size_name}.png")
    clear_resize(driver)
    errors = console_errors(driver)
    assert not errors, f"console errors on {name}:\n  " + "\n  ".join(errors)
    violations = axe_violations(driver)
    assert not violations, describe_violations(violations)


def fresh_browser(javascript: bool = True):
    """A second browser profile (no cookies, no service worker), optionally without JavaScript."""
    options = chrome_options()
    if not javascript:
        options.add_experimental_option("prefs", {"profile.managed_default_content_settings.javascript": 2})
    browser = webdriver.Chrome(service=Service(executable_path=chromedriver_binary()), options=options)
    browser.set_page_load_timeout(30)
    return browser


def fetch(server, path: str, cookie: str | None = None) -> tuple[int, dict, bytes]:
    request = urllib.request.Request(server.url(path), headers={"Cookie": cookie} if cookie else {})
    try:
        with urllib.request.urlopen(request, timeout=30) as response:
            return response.status, dict(response.headers), response.read()
    except urllib.error.HTTPError as error:
        return error.code, dict(error.headers), error.read()


def traveller_cookie(driver) -> str:
    cookie = driver.get_cookie("st_traveller")
    assert cookie, "no st_traveller cookie after saving"
    return f"st_traveller={cookie['value']}"


def save_trip(driver, server, name: str) -> str:
    """Opens option 1 of QUERY, saves it under `name`; returns the saved trip's path."""
    open_page(driver, server, OPTION)
    field = one(driver, "#save-name")
    field.clear()
    field.send_keys(name)
    one(driver, ".save-form button[type=submit]").click()
    wait(driver, 20).until(lambda d: "/trips/saved/" in d.current_url)
    wait_loaded(driver)
    assert one(driver, "#trip-name").text == name
    return re.sub(r"^https?://[^/]+", "", driver.current_url).split("?")[0]


def click_and_wait(driver, element) -> None:
    """Clicks a submit button and waits for the next page (the old document goes stale)."""
    from selenium.common.exceptions import StaleElementReferenceException, WebDriverException
    page = driver.find_element(By.TAG_NAME, "html")
    element.click()

    def old_page_gone(_) -> bool:
        try:
            page.is_enabled()
            return False
        except StaleElementReferenceException:
            return True
        except WebDriverException as error:
            # Asked in the middle of the navigation, Chrome says the old node "does not belong to the document".
            if "does not belong to the document" in str(error):
                return True
            raise

    wait(driver, 20).until(old_page_gone)
    wait_loaded(driver)


def totals(driver) -> dict[str, str]:
    return {card.find_element(By.CSS_SELECTOR, ".stat-label").text.strip().lower():
            card.find_element(By.CSS_SELECTOR, ".stat-value").text.strip()
            for card in driver.find_elements(By.CSS_SELECTOR, ".trip-totals .stat-card")}


def test_option_saved_shared_read_only_calendar_print_and_revoke(driver, server):
    open_page(driver, server, OPTION)
    assert driver.find_elements(By.CSS_SELECTOR, ".trip-day"), "the option shows its days"
    check_page(driver, "option")
    path = save_trip(driver, server, "Share journey")
    assert driver.find_elements(By.CSS_SELECTOR, ".entry-game"), "the saved trip lists its games"
    games = len(driver.find_elements(By.CSS_SELECTOR, ".entry-game"))
    check_page(driver, "trip")
    driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {
        "features": [{"name": "prefers-color-scheme", "value": "dark"}]})
    check_page(driver, "trip-dark")
    driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": []})

    click_and_wait(driver, one(driver, ".share-box button[type=submit]"))
    absolute = one(driver, "#share-link").get_attribute("value")
    assert absolute.startswith("http"), absolute
    link = re.sub(r"^https?://[^/]+", "", absolute)
    assert link.startswith("/trips/shared/"), "the share link is a whole address of the shared page"

    other = fresh_browser()
    try:
        other.get(server.url(link))
        wait_loaded(other)
        assert other.find_element(By.CSS_SELECTOR, "#trip-name").text == "Share journey"
        assert not other.find_elements(By.CSS_SELECTOR, ".rename-form, .trip-actions"), "shared page is read-only"
        assert "read-only" in other.find_element(By.CSS_SELECTOR, ".trip-shared").text
        webcal = other.find_element(By.CSS_SELECTOR, "a[data-webcal]").get_attribute("href")
        assert webcal.startswith("webcal://") and webcal.endswith("/calendar.ics")
        check_page(other, "shared")
    finally:
        other.quit()

    status, headers, body = fetch(server, link + "/calendar.ics")
    assert status == 200 and headers["Content-Type"].startswith("text/calendar")
    text = body.decode()
    events = text.count("BEGIN:VEVENT")
    drives = text.count("SUMMARY:Drive")
    assert events - drives == games and drives >= 1, f"{events} events, {drives} drives, {games} games"

    open_page(driver, server, path + "/print")
    assert not driver.find_elements(By.CSS_SELECTOR, ".trips-nav"), "the printable page has no navigation"
    assert one(driver, "button[data-print]").is_displayed(), "the print button shows with JavaScript"
    driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"media": "print"})
    assert not one(driver, ".print-bar").is_displayed()
    driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"media": ""})
    check_page(driver, "print")

    open_page(driver, server, path)
    click_and_wait(driver, one(driver, ".share-box form button[type=submit]"))
    assert not driver.find_elements(By.CSS_SELECTOR, "#share-link")
    assert fetch(server, link)[0] == 404, "a revoked share link gives 404"


def test_pdf_download(driver, server):
    path = save_trip(driver, server, "PDF journey")
    status, headers, body = fetch(server, path + "/itinerary.pdf", traveller_cookie(driver))
    assert status == 200 and headers["Content-Type"] == "application/pdf"
    assert body.startswith(b"%PDF-1.4") and body.rstrip().endswith(b"%%EOF")


def test_i_went_logs_a_past_game_as_a_visit(driver, server):
    save_trip(driver, server, "Went journey")
    click_and_wait(driver, one(driver, ".entry-game .went-form button"))
    assert re.search(r"/trips/(visits|achievements)\?", driver.current_url), driver.current_url


def test_edit_without_javascript(server):
    browser = fresh_browser(javascript=False)
    try:
        path = save_trip(browser, server, "Edit journey")
        open_page(browser, server, path + "/edit")
        day2 = browser.find_elements(By.CSS_SELECTOR, ".trip-day")[1]
        day2.find_element(By.CSS_SELECTOR, ".add-item summary").click()
        day2.find_element(By.CSS_SELECTOR, "input[name=title]").send_keys("Lunch at the pier")
        click_and_wait(browser, day2.find_element(By.CSS_SELECTOR, ".add-item button[type=submit]"))
        item = browser.find_element(By.CSS_SELECTOR, ".trip-day:nth-of-type(2) .entry-custom")
        item_id = item.get_attribute("id")
        entries = [e.get_attribute("id") or e.get_attribute("class")
                   for e in browser.find_elements(By.CSS_SELECTOR, f"#{item_id} ~ li, #{item_id}")]
        before = browser.execute_script(
            "const li = document.getElementById(arguments[0]); return Array.from(li.parentElement.children).indexOf(li);",
            item_id)
        assert before > 0, f"the new stop is after the day's games and drives ({entries})"
        click_and_wait(browser, browser.find_element(By.CSS_SELECTOR, f"#{item_id} button[data-move=up]"))
        open_page(browser, server, path + "/edit")  # persists
        after = browser.execute_script(
            "const li = document.getElementById(arguments[0]); return Array.from(li.parentElement.children).indexOf(li);",
            item_id)
        assert after == before - 1, f"moved up: {before} -> {after}"
        open_page(browser, server, path)
        assert browser.find_elements(By.ID, item_id), "the stop shows on the trip page"

        open_page(browser, server, path + "/edit")
        games_before = int(totals(browser)["games"])
        # An impossible game (the farthest offered) is explained and not saved.
        select = Select(browser.find_element(By.ID, "add-game"))
        far = max(select.options, key=lambda o: int(o.get_attribute("data-miles")))
        select.select_by_value(far.get_attribute("value"))
        click_and_wait(browser, browser.find_element(By.CSS_SELECTOR, ".add-game button[type=submit]"))
        refusal = browser.find_element(By.CSS_SELECTOR, ".edit-refusal")
        assert refusal.get_attribute("data-failure") and "was not added" in refusal.text and "Not saved" in refusal.text
        SCREENSHOT_DIR.mkdir(exist_ok=True)
        full_page_screenshot(browser, SCREENSHOT_DIR / "trips-edit-refused-desktop.png")
        assert int(totals(browser)["games"]) == games_before
        if games_before > 1:
            click_and_wait(browser, browser.find_element(By.CSS_SELECTOR, ".entry-game .entry-controls button"))
            assert int(totals(browser)["games"]) == games_before - 1, "removing a game updates the totals"
    finally:
        browser.quit()


def test_edit_page_and_keyboard_reorder(driver, server):
    path = save_trip(driver, server, "Keyboard journey")
    open_page(driver, server, path + "/edit")
    day2 = driver.find_elements(By.CSS_SELECTOR, ".trip-day")[1]
    day2.find_element(By.CSS_SELECTOR, ".add-item summary").click()
    day2.find_element(By.CSS_SELECTOR, "input[name=title]").send_keys("Coffee")
    click_and_wait(driver, day2.find_element(By.CSS_SELECTOR, ".add-item button[type=submit]"))
    item = one(driver, ".trip-day:nth-of-type(2) .entry-custom")
    item_id = item.get_attribute("id")
    index = "const li = document.getElementById(arguments[0]); return Array.from(li.parentElement.children).indexOf(li);"
    before = driver.execute_script(index, item_id)
    button = driver.find_element(By.CSS_SELECTOR, f"#{item_id} button[data-move=up]")
    driver.execute_script("arguments[0].focus()", button)
    from selenium.webdriver.common.action_chains import ActionChains
    from selenium.webdriver.common.keys import Keys
    ActionChains(driver).key_down(Keys.ALT).send_keys(Keys.ARROW_UP).key_up(Keys.ALT).perform()
    wait(driver, 10).until(lambda d: d.execute_script(index, item_id) == before - 1)
    open_page(driver, server, path + "/edit")
    assert driver.execute_script(index, item_id) == before - 1, "the keyboard move persisted"
    check_page(driver, "edit")


def test_recovery_link_restores_and_delete_refuses_it(driver, server):
    path = save_trip(driver, server, "Recovery journey")
    open_page(driver, server, "/trips/me")
    link = one(driver, "#recovery-link").get_attribute("value")
    assert "/trips/restore?key=" in link
    check_page(driver, "me")

    driver.delete_all_cookies()
    assert fetch(server, path)[0] == 404, "without the cookie the trip is not found"
    open_page(driver, server, "/trips/me")
    assert one(driver, "[data-identity]").get_attribute("data-identity") == "no"

    driver.get(link)
    wait_loaded(driver)
    check_page(driver, "restore")
    click_and_wait(driver, one(driver, ".restore form button[type=submit]"))
    open_page(driver, server, path)
    assert one(driver, "#trip-name").text == "Recovery journey", "the trip is back"

    open_page(driver, server, "/trips/me")
    one(driver, ".danger-zone input[name=confirm]").click()
    click_and_wait(driver, one(driver, ".danger-zone form:last-of-type button[type=submit]"))
    assert one(driver, "[data-identity]").get_attribute("data-identity") == "no"
    driver.get(link)
    wait_loaded(driver)
    click_and_wait(driver, one(driver, ".restore form button[type=submit]"))
    assert "doesn't open any trips" in one(driver, ".restore .notice-error").text


def test_saved_trip_opens_offline_with_the_banner(driver, make_server):
    own = make_server("trip-offline")
    save_trip(driver, own, "Offline journey")
    driver.execute_async_script(
        "const done = arguments[arguments.length - 1]; navigator.serviceWorker.ready.then(() => done(true));")
    if not driver.execute_script("return !!navigator.serviceWorker.controller"):
        driver.refresh()
    wait(driver, 15).until(lambda d: d.execute_script("return !!navigator.serviceWorker.controller"),
                           "the service worker never controlled the page")
    driver.refresh()  # this load goes through the service worker, which keeps a copy
    wait_loaded(driver)
    assert one(driver, "html").get_attribute("data-offline") == "false"
    days = len(driver.find_elements(By.CSS_SELECTOR, ".trip-day"))
    own.stop()
    driver.refresh()
    wait_loaded(driver)
    assert one(driver, "html").get_attribute("data-offline") == "true"
    assert one(driver, ".offline-banner").is_displayed()
    assert one(driver, "#trip-name").text == "Offline journey"
    assert len(driver.find_elements(By.CSS_SELECTOR, ".trip-day")) == days
