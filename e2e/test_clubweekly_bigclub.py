"""Browser tests of Club Weekly's pages for a big club (issue 17): 260 synthetic members written by
scripts/club-synth.py, so the charts show the top of the club, the table pages, searches and sorts on the server, and
the TV board shows the top ten.

Run from the repository root:  python3 -m pytest -q e2e/test_clubweekly_bigclub.py
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path
from urllib.parse import parse_qs, urlparse

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

from conftest import TV, _new_server

REPO = Path(__file__).resolve().parent.parent
BIG = "/clubs/big"
MEMBERS = 260
CODE = "KQMPRTXW22"


@pytest.fixture(scope="module")
def big_server(server_root):
    instance = _new_server(server_root, "bigclub")
    subprocess.run(
        [sys.executable, str(REPO / "scripts" / "club-synth.py"), "--members", str(MEMBERS), "--weeks", "3",
         "--data-dir", str(instance.data_dir), "--bin", str(instance.binary), "--slug", "big", "--code", CODE],
        check=True, capture_output=True, text=True, timeout=300)
    instance.start()
    yield instance
    instance.stop()


def css(driver, selector):
    return driver.find_elements(By.CSS_SELECTOR, selector)


def one(driver, selector):
    return driver.find_element(By.CSS_SELECTOR, selector)


def wait(driver, timeout: float = 10) -> WebDriverWait:
    return WebDriverWait(driver, timeout)


def query(driver) -> dict[str, list[str]]:
    return parse_qs(urlparse(driver.current_url).query)


def places(driver) -> list[int]:
    return [int(cell.text) for cell in css(driver, "table.weekly-table tbody td[data-rank]")]


def active_riders(server) -> int:
    import json
    import urllib.request
    with urllib.request.urlopen(server.url("/api/clubs/big/week?view=summary")) as response:
        return json.loads(response.read())["summary"]["activeMembers"]


def test_charts_show_the_top_20_and_the_others_then_link_to_the_table(driver, big_server):
    driver.get(big_server.url(BIG))
    bars = css(driver, "#bars-distance .bars .mark")
    assert len(bars) == 21, len(bars)
    assert "other riders" in bars[-1].get_attribute("data-tip")
    assert len(css(driver, "ol.rankings li")) == 20
    wait(driver).until(lambda d: d.execute_script("return document.documentElement.classList.contains('js')"))
    driver.execute_script("window.__marker = 1;")
    one(driver, "nav.more a[data-key=all-riders]").click()
    wait(driver).until(lambda d: css(d, "table.weekly-table"), "the table did not replace the charts")
    assert driver.execute_script("return window.__marker") == 1, "the page reloaded"
    assert query(driver).get("tab") == ["table"]


def test_the_table_pages_on_the_server_and_swaps_pages_in_place(driver, big_server):
    riders = active_riders(big_server)
    assert riders > 200, riders
    driver.get(big_server.url(f"{BIG}?tab=table"))
    assert places(driver) == list(range(1, 101))
    assert one(driver, "table.weekly-table").get_attribute("data-sortable") is None
    assert one(driver, ".pager-status").text == f"Page 1 of {(riders + 99) // 100}"
    wait(driver).until(lambda d: d.execute_script("return document.documentElement.classList.contains('js')"))
    driver.execute_script("window.__marker = 1;")
    one(driver, "nav.pager a[data-key=next]").click()
    wait(driver).until(lambda d: query(d).get("page") == ["2"], "the URL did not move to page 2")
    wait(driver).until(lambda d: places(d)[:1] == [101], "page 2 was not swapped in")
    assert places(driver) == list(range(101, 201))
    # Sorting a paged table asks the server for the first page in the new order.
    one(driver, "th[data-sort=name] a").click()
    wait(driver).until(lambda d: query(d).get("sort") == ["name"], "the name header did not sort")
    wait(driver).until(lambda d: places(d)[:1] == [1], "sorting did not return to the first page")
    names = [cell.get_attribute("data-value") for cell in css(driver, "table.weekly-table tbody th[data-value]")]
    assert names == sorted(names, key=str.casefold), names[:5]
    assert driver.execute_script("return window.__marker") == 1, "the page reloaded"


def test_the_table_search_finds_riders_by_name_and_keeps_their_place(driver, big_server):
    driver.get(big_server.url(f"{BIG}?tab=table"))
    first_name = one(driver, "table.weekly-table tbody th[data-value]").get_attribute("data-value").split()[0]
    box = one(driver, "input#table-search")
    box.send_keys(first_name)
    box.submit()
    wait(driver).until(lambda d: query(d).get("q") == [first_name], "the search did not submit")
    rows = css(driver, "table.weekly-table tbody th[data-value]")
    assert rows and all(first_name.lower() in row.get_attribute("data-value") for row in rows)
    assert places(driver)[0] == 1  # the leader matches their own first name and keeps place 1
    assert "match" in one(driver, ".table-result").text
    one(driver, ".table-search a").click()  # Clear
    wait(driver).until(lambda d: "q" not in query(d), "clearing the search kept it")


def test_without_javascript_the_pager_and_headers_are_plain_links(driver, big_server):
    driver.get(big_server.url(f"{BIG}?tab=table&page=2"))
    href = one(driver, "nav.pager a[data-key=previous]").get_attribute("href")
    assert parse_qs(urlparse(href).query) == {"tab": ["table"]}, href
    href = one(driver, "th[data-sort=rides] a").get_attribute("href")
    assert parse_qs(urlparse(href).query) == {"tab": ["table"], "sort": ["rides"], "dir": ["desc"]}, href
    pages = (active_riders(big_server) + 99) // 100
    driver.get(big_server.url(f"{BIG}?tab=table&page=999"))  # past the end: the last page
    assert one(driver, ".pager-status").text == f"Page {pages} of {pages}"


def test_the_tv_board_shows_the_top_ten_and_how_many_more_rode(driver, big_server):
    driver.set_window_size(*TV)
    driver.get(big_server.url(f"{BIG}/tv"))
    assert len(css(driver, ".tv-list li")) == 10
    assert one(driver, ".tv-more").text.endswith("more riders this week")
    assert driver.execute_script("return document.documentElement.scrollHeight") <= TV[1]


def test_a_big_club_sees_how_the_club_rode_instead_of_a_donut(driver, big_server):
    driver.get(big_server.url(BIG))
    assert not css(driver, "figure.chart-donut"), "a 260-member club still shows the donut"
    figure = one(driver, ".card.distribution figure.chart-histogram")
    svg = figure.find_element(By.CSS_SELECTOR, "svg[role=img]")
    assert svg.find_element(By.TAG_NAME, "title").get_attribute("textContent") == "How the club rode — Distance"
    assert "active riders" in svg.find_element(By.TAG_NAME, "desc").get_attribute("textContent")
    # Every active rider is in exactly one band (the data table lists the bands, empty ones too).
    counts = [int(cell.get_attribute("textContent").split()[0].replace(",", ""))
              for cell in figure.find_elements(By.CSS_SELECTOR, ".chart-data tbody td")]
    assert sum(counts) == active_riders(big_server), counts
    assert one(driver, ".chart-histogram .caption").get_attribute("textContent").startswith("Riders per ")
    notes = [li.text for li in css(driver, ".distribution-notes li")]
    assert notes[0].startswith("The busiest band: ") and notes[1].startswith("Median rider: "), notes
    # Not a member: no "you are here".
    assert not css(driver, ".chart-histogram .marker") and not any(n.startswith("You:") for n in notes)
    # Every metric draws it; rides are counted per number of rides.
    driver.get(big_server.url(f"{BIG}?metric=rides"))
    assert one(driver, ".chart-histogram .caption").get_attribute("textContent") == "Riders by number of rides"


def phone(driver, size=(390, 844)):
    driver.set_window_size(max(size[0], 500), size[1] + 150)
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {
        "width": size[0], "height": size[1], "deviceScaleFactor": 1, "mobile": size[0] < 800})


@pytest.mark.parametrize("path", ["", "?tab=table", "?tab=rides", "?tab=insights&mode=top3", "/tv"])
def test_a_big_clubs_pages_fit_a_phone(driver, big_server, path):
    phone(driver)
    driver.get(big_server.url(BIG + path))
    width = driver.execute_script("return document.documentElement.scrollWidth")
    assert width <= 390, f"{path or 'charts'}: {width} px wide on a 390 px phone"
    if path == "":
        # Ranking names stay on one line; values do not run into the trends.
        tall = driver.execute_script(
            "return [...document.querySelectorAll('ol.rankings .name')].filter(e => e.offsetHeight > 32).length")
        assert tall == 0, f"{tall} ranking names wrap"
    if path == "?tab=rides":
        assert one(driver, "label[for=ride-member]").text == "Find a rider"
        assert one(driver, "input#ride-member").size["height"] >= 44


def test_the_tv_board_fits_a_720p_screen(driver, big_server):
    phone(driver, (1280, 720))
    driver.get(big_server.url(f"{BIG}/tv"))
    assert driver.execute_script("return document.documentElement.scrollHeight") <= 720
    bottom = driver.execute_script("return document.querySelector('.tv-more').getBoundingClientRect().bottom")
    assert bottom <= 720, f"the line under the leaderboard ends at {bottom} px"


def test_a_member_of_a_big_club_sees_where_they_are(driver, big_server, tmp_path):
    """Last in the file: it adds a member to the shared club."""
    import datetime as dt
    driver.get(big_server.url(f"{BIG}/join"))
    one(driver, "input#code").send_keys(CODE)
    one(driver, "button[name=next][value=view]").click()
    wait(driver).until(lambda d: urlparse(d.current_url).path == BIG)
    driver.get(big_server.url(f"{BIG}/settings"))
    one(driver, "input#first").send_keys("Yara")
    one(driver, "input#last").send_keys("Marker")
    one(driver, "input#first").find_element(By.XPATH, "ancestor::form").submit()
    wait(driver).until(lambda d: css(d, "[data-section=import] input#export-file"))
    # Two long rides this week (last week's page when this week is only hours old, so the test never depends on the
    # hour it runs at).
    now = dt.datetime.now(dt.timezone.utc).replace(microsecond=0, tzinfo=None)
    monday = (now - dt.timedelta(days=now.weekday())).replace(hour=0, minute=0, second=0)
    early = now - monday < dt.timedelta(hours=4)
    first = now - dt.timedelta(hours=5 if early else 2)
    week = "&week=-1" if early else ""

    def strava(moment):
        return f"{moment:%b} {moment.day}, {moment.year}, {moment.hour % 12 or 12}:{moment:%M:%S} " + \
            ("AM" if moment.hour < 12 else "PM")
    path = tmp_path / "activities.csv"
    path.write_text(
        "Activity ID,Activity Date,Activity Name,Activity Type,Elapsed Time,Distance,Moving Time,Elevation Gain\n"
        f'7701,"{strava(first)}",Long Ride,Ride,20000,180.5,19000,1400\n'
        f'7702,"{strava(first - dt.timedelta(minutes=30))}",Spin,Ride,3700,30.0,3600,200\n', encoding="utf-8")
    one(driver, "input#export-file").send_keys(str(path))
    one(driver, "[data-section=import] button[type=submit]").click()
    wait(driver, 20).until(lambda d: css(d, ".import-report"))
    driver.get(big_server.url(f"{BIG}?metric=distance{week}"))
    marker = one(driver, ".chart-histogram .marker text")
    assert marker.get_attribute("textContent") == "You"
    mine = css(driver, ".chart-histogram .mark.is-you")
    assert len(mine) == 1 and mine[0].get_attribute("data-tip").endswith(" · You")
    notes = [li.text for li in css(driver, ".distribution-notes li")]
    assert any(note.startswith("You: 210.5 km, ahead of ") for note in notes), notes
    # No serious accessibility problem (contrast of the marker and the notes included), light and dark.
    from test_clubweekly import axe_violations, describe_violations
    for scheme in ("light", "dark"):
        driver.execute_cdp_cmd("Emulation.setEmulatedMedia",
                               {"features": [{"name": "prefers-color-scheme", "value": scheme}]})
        driver.get(big_server.url(f"{BIG}?metric=distance{week}"))
        violations = axe_violations(driver)
        assert not violations, f"{scheme}:\n" + describe_violations(violations)
