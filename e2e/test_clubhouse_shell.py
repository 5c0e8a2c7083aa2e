"""Browser tests of what every app shares: the Clubhouse home page, the app switcher, Today in Switzerland's
settings (cookie, so the first request renders the chosen city, language and theme) and its offline shell."""

from __future__ import annotations

import pytest
from selenium.common.exceptions import JavascriptException, TimeoutException
from selenium.webdriver.support.ui import Select

from conftest import DESKTOP, PHONE, SCREENSHOT_DIR
from test_clubweekly import (
    assert_no_console_errors, axe_violations, clear_resize, css, describe_violations, full_page_screenshot, one,
    open_page, resize, wait, wait_loaded, widest_elements)


@pytest.mark.parametrize("lang", ["en", "de"])
@pytest.mark.parametrize("label,size,mobile", [("phone", PHONE, True), ("desktop", DESKTOP, False)])
def test_home_page_shows_every_app_with_a_glance(driver, server, lang, label, size, mobile):
    resize(driver, size, mobile)
    open_page(driver, server, f"/?lang={lang}")
    cards = css(driver, "section.home-card")
    assert [c.get_attribute("id") for c in cards] == ["clubweekly", "sportstime", "justzone2", "swiss"]
    club = one(driver, "#clubweekly").text
    # A glance later than CLUBHOUSE_HOME_WAIT (10 s here) says so and asks for a reload, as designed (seen once in
    # CI, at the server's start-up under full load). Reload as the page says, a few times; the server logs each late
    # glance with its app ("home page glance late"), printed with the log when the session fails.
    for _ in range(3):
        if "reload" not in club and "neu laden" not in club:
            break
        driver.refresh()
        wait_loaded(driver)
        club = one(driver, "#clubweekly").text
    assert "Demo Cycling Club" in club and ("km" in club or "No rides" in club or "Noch keine" in club)
    assert one(driver, "html").get_attribute("lang") == lang
    assert one(driver, ".app-switcher .ch-brand").get_attribute("aria-current") == "page"
    width = driver.execute_script("return document.documentElement.scrollWidth")
    assert width <= size[0], f"home page is {width}px wide at {size[0]}px: {widest_elements(driver, size[0])}"
    SCREENSHOT_DIR.mkdir(exist_ok=True)
    full_page_screenshot(driver, SCREENSHOT_DIR / f"home-{lang}-{label}.png")
    violations = axe_violations(driver)
    assert not violations, describe_violations(violations)
    assert_no_console_errors(driver)
    clear_resize(driver)


def test_the_app_switcher_links_every_app(driver, server):
    open_page(driver, server, "/")
    one(driver, '.app-switcher a[data-app="swiss"]').click()
    wait_loaded(driver)
    assert driver.current_url.endswith("/swiss/app")
    assert one(driver, '.app-switcher a[data-app="swiss"]').get_attribute("aria-current") == "page"
    one(driver, '.app-switcher a[data-app="clubWeekly"]').click()
    wait_loaded(driver)
    assert "/clubs/demo" in driver.current_url
    assert one(driver, '.app-switcher a[data-app="clubWeekly"]').get_attribute("aria-current") == "page"
    one(driver, ".app-switcher .ch-brand").click()
    wait_loaded(driver)
    assert css(driver, "section.home-card")


def test_swiss_settings_persist_across_reloads_and_render_on_the_first_request(driver, server):
    open_page(driver, server, "/swiss/app/settings")
    Select(one(driver, "#settings-city")).select_by_value("bern")
    one(driver, 'input[name="lang"][value="de"]').click()
    one(driver, 'input[name="theme"][value="dark"]').click()
    one(driver, ".settings-form button[type=submit]").click()
    wait(driver).until(lambda d: "saved=1" in d.current_url, "the settings form did not come back saved")
    wait_loaded(driver)
    assert "Einstellungen gespeichert" in one(driver, ".notice-success").text
    # A fresh load of the bare URL: the cookie alone decides city, language and theme, with no flash.
    open_page(driver, server, "/swiss/app")
    html = one(driver, "html")
    assert html.get_attribute("lang") == "de" and html.get_attribute("data-theme") == "dark"
    assert one(driver, ".swiss-city").text == "Bern"
    assert driver.execute_script("return localStorage.getItem('swiss.city')") == "bern"
    # The header's city picker saves on change (scripts submit it) and comes back to the same page.
    Select(one(driver, "#city-select")).select_by_value("basel")
    wait(driver).until(lambda d: "city=basel" in d.current_url)
    wait_loaded(driver)
    assert one(driver, ".swiss-city").text == "Basel"
    assert "/swiss/app" in driver.current_url
    assert_no_console_errors(driver)
    # Back to the defaults for the other tests of this session.
    open_page(driver, server, "/swiss/app/settings")
    Select(one(driver, "#settings-city")).select_by_value("zurich")
    one(driver, 'input[name="lang"][value="en"]').click()
    one(driver, 'input[name="theme"][value="system"]').click()
    one(driver, ".settings-form button[type=submit]").click()
    wait(driver).until(lambda d: "saved=1" in d.current_url)


def test_swiss_page_opens_offline_from_the_service_worker_with_the_banner(driver, make_server):
    own = make_server("swiss-offline")
    open_page(driver, own, "/swiss/app?city=zurich&lang=en")
    driver.execute_async_script(
        "const done = arguments[arguments.length - 1]; navigator.serviceWorker.ready.then(() => done(true));")
    if not driver.execute_script("return !!navigator.serviceWorker.controller"):
        driver.refresh()
    wait(driver, 15).until(lambda d: d.execute_script("return !!navigator.serviceWorker.controller"),
                           "the service worker never controlled the page")
    driver.refresh()  # through the service worker, which keeps a copy
    wait_loaded(driver)
    title = one(driver, "main h1").text
    assert not one(driver, ".offline-banner").is_displayed()
    own.stop()
    driver.refresh()
    wait_loaded(driver)
    assert one(driver, "html").get_attribute("data-offline") == "true"
    banner = one(driver, ".offline-banner")
    assert banner.is_displayed() and "Offline — showing data from" in banner.text
    assert one(driver, "main h1").text == title


@pytest.mark.parametrize("theme", ["light", "dark"])
@pytest.mark.parametrize("label,size,mobile", [("phone-360", (360, 740), True), ("wide-1920", (1920, 1080), False)])
def test_swiss_settings_page_in_both_themes_at_the_extreme_widths(driver, server, theme, label, size, mobile):
    """The shell (header, switcher, city picker, nav, form) in light and dark at 360 and 1920 px: no overflow, no
    serious axe violation (contrast included)."""
    resize(driver, size, mobile)
    # A shared link's query sets city and language; the theme comes from the cookie, set here as the settings do.
    open_page(driver, server, "/swiss/app/settings")
    driver.add_cookie({"name": "swiss_prefs", "value": f"geneva.de.{theme}", "path": "/"})
    open_page(driver, server, "/swiss/app/settings")
    assert one(driver, "html").get_attribute("data-theme") == theme
    assert one(driver, ".swiss-city").text == "Genf"
    width = driver.execute_script("return document.documentElement.scrollWidth")
    assert width <= size[0], f"{width}px wide at {size[0]}px: {widest_elements(driver, size[0])}"
    SCREENSHOT_DIR.mkdir(exist_ok=True)
    full_page_screenshot(driver, SCREENSHOT_DIR / f"swiss-settings-de-{theme}-{label}.png")
    violations = axe_violations(driver)
    assert not violations, describe_violations(violations)
    driver.delete_cookie("swiss_prefs")
    clear_resize(driver)
