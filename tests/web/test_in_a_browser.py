"""The pages in a real browser: Debian's Chromium, headless, driven by Selenium through
Debian's chromedriver. The browser loads the list, a Payola game in progress and a market
game, follows the history links, signs in as France, sends an offer sheet by the form and
sees the reply; the test then checks that the same reply was mailed and that the sheet
is in force. A script planted as press never runs. With JUDGE_SCREENSHOTS=<folder> it
saves the screenshots docs/web.md shows (JUDGE_SCREENSHOTS=docs/web)."""

from __future__ import annotations

import os
import shutil
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from sqlalchemy import select

from judge.demo import SPRING
from judge.games.exchange.demo import CREATE_PARAMS, INVESTORS, mails_for
from judge.storage.mailqueue import OutboundMessage
from judge.storage.schema import Submission
from judge.web.server import WebServer
from tests.markets.conftest import GM, MarketJudge, member
from tests.service.conftest import POWERS, address
from tests.web.conftest import payola_game

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
DRIVER = shutil.which("chromedriver")
pytestmark = [pytest.mark.browser, pytest.mark.skipif(
    CHROMIUM is None or DRIVER is None,
    reason="no chromium and chromedriver (apt-get install -y chromium chromium-driver)")]
PLANTED = '<script>document.title="pwned"</script>'


@pytest.fixture
def chrome(tmp_path: Path) -> Iterator[object]:
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    options = webdriver.ChromeOptions()
    options.binary_location = str(CHROMIUM)
    for flag in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                 "--window-size=1100,1000", f"--user-data-dir={tmp_path / 'profile'}"):
        options.add_argument(flag)
    driver = webdriver.Chrome(options=options, service=Service(str(DRIVER)))
    driver.set_page_load_timeout(30)
    try:
        yield driver
    finally:
        driver.quit()


def _games(judge: MarketJudge) -> None:
    payola_game(judge)
    for power in POWERS:
        judge.reply(address(power), f"SIGNON {power}@alpha pw{power.lower()}", *SPRING[power])
    judge.reply(address("ENGLAND"), "SIGNON ENGLAND@alpha pwengland", "BROADCAST", PLANTED,
                "ENDPRESS")
    judge.deadline("alpha")
    judge.reply(GM, f"CREATE xg masterpw EXCHANGE {CREATE_PARAMS}")
    for n in INVESTORS:
        judge.reply(member(n), f"JOIN xg pw{n.lower()} {n}")
    judge.reply(GM, "SIGNON MASTER@xg masterpw", "START")
    for _ in range(2):
        for who, acting, lines in mails_for(judge.state("xg")):
            judge.reply(member(who), f"SIGNON {acting or who}@xg pw{who.lower()}", *lines)
        judge.deadline("xg")


def test_a_player_and_a_spectator_in_the_browser(
        market: MarketJudge, web: WebServer, chrome: object) -> None:
    from selenium.webdriver.common.by import By
    from selenium.webdriver.remote.webdriver import WebDriver
    from selenium.webdriver.support import expected_conditions
    from selenium.webdriver.support.wait import WebDriverWait

    driver: WebDriver = chrome  # type: ignore[assignment]
    shots = os.environ.get("JUDGE_SCREENSHOTS")
    save: Callable[[str], None] = (lambda name: driver.save_screenshot(
        str(Path(shots) / f"{name}.png"))) if shots else (lambda name: None)
    _games(market)
    base = f"http://127.0.0.1:{web.port}"
    driver.get(base + "/")
    rows = driver.find_elements(By.CSS_SELECTOR, "#games tbody tr")
    assert [r.find_element(By.TAG_NAME, "a").text for r in rows] == ["alpha", "xg"]
    save("list")
    # a Payola game in progress, and its history one click away
    driver.find_element(By.LINK_TEXT, "alpha").click()
    assert driver.current_url == base + "/game/alpha"
    # the deadline passed with no Fall orders nor builds: the game is at S1902M
    assert "Results of W1901A" in driver.find_element(By.TAG_NAME, "main").text
    maps = driver.find_elements(By.CSS_SELECTOR, "img.map")
    assert maps
    for image in maps:  # each map drawn by judge.maps is loaded and shown
        assert driver.execute_script("return arguments[0].naturalWidth", image) > 0
    # the planted script is shown as text and never ran
    assert PLANTED in driver.find_element(By.TAG_NAME, "main").text
    assert driver.title != "pwned"
    save("game")
    driver.find_element(By.CSS_SELECTOR, 'nav.phases a[href="/game/alpha/phase/S1901M"]').click()
    assert driver.current_url == base + "/game/alpha/phase/S1901M"
    assert "Movement results for Spring of 1901" in driver.find_element(By.TAG_NAME, "main").text
    # a market game's page: its public letters
    driver.get(base + "/game/xg")
    main = driver.find_element(By.TAG_NAME, "main").text
    assert "The market now" in main and "Exchange" in main
    save("market")
    # France signs in and sends an offer sheet by the form
    driver.get(base + "/signin")
    driver.find_element(By.NAME, "game").send_keys("alpha")
    driver.find_element(By.NAME, "who").send_keys("France")
    driver.find_element(By.NAME, "password").send_keys("pwfrance")
    driver.find_element(By.ID, "signin").click()
    WebDriverWait(driver, 10).until(expected_conditions.url_to_be(base + "/me"))
    driver.find_element(By.ID, "lines").send_keys("4 : A BUR - MUN\n2 : F MAO - POR\n")
    driver.find_element(By.ID, "send").click()
    WebDriverWait(driver, 10).until(
        expected_conditions.presence_of_element_located((By.ID, "reply")))
    reply = driver.find_element(By.ID, "reply").text
    assert "A BUR - MUN" in reply
    save("player")
    with market.factory() as s:
        mailed = s.scalars(select(OutboundMessage).where(
            OutboundMessage.recipient == address("FRANCE"))
            .order_by(OutboundMessage.id.desc())).first()
        sheet = s.scalars(select(Submission).where(Submission.power == "FRANCE")
                          .order_by(Submission.id.desc())).first()
    assert mailed is not None and mailed.body.strip() == reply.strip()
    assert sheet is not None
    assert [x["canonical"] for x in sheet.lines] == ["4 : A BUR - MUN", "2 : F MAO - POR"]
    assert "A BUR - MUN" in driver.find_element(By.ID, "status").text
    # on a phone's screen (375 px) the game page needs no sideways scrolling
    driver.set_window_size(375, 800)
    driver.get(base + "/game/alpha")
    width = driver.execute_script("return document.documentElement.scrollWidth")
    assert width <= 375, width
    save("phone")
    driver.find_element(By.LINK_TEXT, "My page").click()
    driver.find_element(By.ID, "signout").click()
    # the sign-out's POST and its redirect finish before the next page is asked for
    WebDriverWait(driver, 10).until(expected_conditions.url_to_be(base + "/"))
    driver.get(base + "/me")
    assert driver.current_url == base + "/signin"
