"""Browser tests of the Today in Switzerland pages Today, Weekend, Deals and the widget (issue 13), against the
Swiss upstream fakes the session server reads.

Run:  E2E_REQUIRED=1 CLUBHOUSE_BIN=$(swift build --show-bin-path)/clubhouse python3 -m pytest -q e2e/test_swiss_today.py
"""

from __future__ import annotations

import re

import pytest
from selenium.webdriver.common.by import By

from conftest import DESKTOP, PHONE, SCREENSHOT_DIR
from test_clubweekly import (assert_no_console_errors, axe_violations, clear_resize, css, describe_violations,
                             full_page_screenshot, one, open_page, resize, settle, wait_css, widest_elements)

PAGES = {
    "today": ("/swiss/app", ".today-weather"),
    "weekend": ("/swiss/app/weekend", ".weekend-day"),
    "deals": ("/swiss/app/deals", ".deals-chips"),
    "widget": ("/swiss/app/widget", ".widget-card"),
}


def with_lang(path: str, lang: str, extra: str = "") -> str:
    return f"{path}?city=zurich&lang={lang}{extra}"


def set_theme(driver, theme: str) -> None:
    driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": [{"name": "prefers-color-scheme", "value": theme}]})


@pytest.mark.parametrize("lang", ["en", "de"])
@pytest.mark.parametrize("page", list(PAGES))
def test_pages_render_accessible_without_errors(driver, server, page, lang):
    path, marker = PAGES[page]
    for size, label in ((PHONE, "phone"), (DESKTOP, "desktop")):
        resize(driver, size, mobile=size == PHONE)
        for theme in ("light", "dark"):
            set_theme(driver, theme)
            open_page(driver, server, with_lang(path, lang))
            wait_css(driver, marker)
            assert driver.execute_script("return document.documentElement.lang") == lang
            overflow = driver.execute_script("return document.documentElement.scrollWidth") - size[0]
            assert overflow <= 1, f"{page} {label}: wider than the screen: {widest_elements(driver, size[0])}"
            settle(driver)
            assert_no_console_errors(driver)
            violations = axe_violations(driver)
            assert not violations, f"{page} {lang} {label} {theme}:\n{describe_violations(violations)}"
            suffix = "" if theme == "light" else "-dark"
            full_page_screenshot(driver, SCREENSHOT_DIR / f"swiss-{page}-{lang}-{label}{suffix}.png")
    clear_resize(driver)


def test_today_has_data_and_tabs_switch_without_reload(driver, server):
    open_page(driver, server, with_lang("/swiss/app", "en"))
    wait_css(driver, ".today-tabs a[data-tab]")
    assert one(driver, ".today-temp").text.endswith("°")
    assert len(css(driver, ".today-hours li")) >= 1
    assert len(css(driver, ".today-outlook li")) == 3
    assert one(driver, ".today-history").text
    tabs = css(driver, ".today-tabs a[data-tab]")
    assert [t.get_attribute("data-tab") for t in tabs] == ["topStories", "politics", "events", "culture", "local"]
    for tab in tabs:
        assert re.search(r"\d+$", tab.text.strip()), f"tab without a count: {tab.text!r}"
    driver.execute_script("window.__marker = 1;")
    one(driver, '.today-tabs a[data-tab="culture"]').click()
    assert driver.execute_script("return window.__marker") == 1, "switching tabs reloaded the page"
    assert one(driver, "#news-culture").is_displayed()
    assert not one(driver, "#news-topStories").is_displayed()
    assert "tab=culture" in driver.current_url
    cards = css(driver, "#news-culture .today-card")
    if cards:
        meta = cards[0].find_element(By.CSS_SELECTOR, ".today-meta").text
        assert re.search(r"Positive|Neutral|Negative", meta), meta
    # Without JavaScript the tab is a plain link: the server opens it.
    open_page(driver, server, with_lang("/swiss/app", "de", "&tab=politics"))
    assert one(driver, "#news-politics").is_displayed()
    assert "Politik" in one(driver, '.today-tabs a[aria-current="page"]').text


def test_briefing_dismissed_for_the_day(driver, server):
    open_page(driver, server, with_lang("/swiss/app", "en"))
    card = wait_css(driver, "#briefing")
    assert card.is_displayed()
    one(driver, "#briefing .today-dismiss").click()
    assert not one(driver, "#briefing").is_displayed()
    open_page(driver, server, with_lang("/swiss/app", "de"))
    assert not one(driver, "#briefing").is_displayed(), "still hidden after a reload the same day"
    driver.execute_script("localStorage.removeItem('swissBriefingDismissed')")
    open_page(driver, server, with_lang("/swiss/app", "en"))
    assert one(driver, "#briefing").is_displayed()


def test_weekend_shuffle_is_reproducible(driver, server):
    open_page(driver, server, with_lang("/swiss/app/weekend", "en"))
    wait_css(driver, ".weekend-pick")
    first = [e.text for e in css(driver, ".weekend-pick h3")]
    assert [e.text for e in css(driver, ".weekend-weekday")] == ["Saturday", "Sunday"]
    one(driver, ".weekend-shuffle").click()
    wait_css(driver, ".weekend-pick")
    assert "seed=" in driver.current_url
    shuffled_url = driver.current_url
    shuffled = [e.text for e in css(driver, ".weekend-pick h3")]
    assert shuffled != first, "Shuffle changed nothing"
    driver.get(shuffled_url)
    wait_css(driver, ".weekend-pick")
    assert [e.text for e in css(driver, ".weekend-pick h3")] == shuffled, "the same seed gave another plan"


def test_deals_filter_by_type(driver, server):
    open_page(driver, server, with_lang("/swiss/app/deals", "en"))
    total = len(css(driver, ".deal-card"))
    assert total > 0
    one(driver, '.deals-chips a[data-type="tip"]').click()
    wait_css(driver, ".deals-chips a[aria-current='page'][data-type='tip']")
    tips = css(driver, ".deal-card")
    assert 0 < len(tips) < total and all(c.get_attribute("data-type") == "tip" for c in tips)


def test_widget_reloads_and_links_to_the_app(driver, server):
    open_page(driver, server, with_lang("/swiss/app/widget", "de"))
    card = wait_css(driver, ".widget-card")
    assert card.get_attribute("data-refresh-seconds") == "300"
    assert len(css(driver, ".widget-sun li")) == 3
    assert "App öffnen" in one(driver, ".widget-open").text
    assert "🚆" in one(driver, ".widget-transport").text
