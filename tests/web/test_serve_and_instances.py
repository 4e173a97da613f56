"""``judge serve`` serves the pages when judge.conf has ``[web]``, and several web servers
on one database serve the same pages: a page never stale in any of them, a session
opened on one good on the other, and signing out on one ending it on both."""

from __future__ import annotations

import re
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from sqlalchemy.orm import Session, sessionmaker

from judge.config import Settings
from judge.web.server import WebServer
from tests.markets.conftest import MarketJudge
from tests.service.conftest import address
from tests.web.conftest import Browser, payola_game, serving
from tests.web.test_player_page import signed_in

JUDGE = Path(sys.executable).with_name("judge")
SERVING = re.compile(r"web pages on http://127\.0\.0\.1:(\d+)/")


@pytest.mark.slow
@pytest.mark.skipif(not JUDGE.exists(), reason="the judge console script is not installed")
def test_judge_serve_serves_the_pages_when_judge_conf_has_web(tmp_path: Path) -> None:
    conf = tmp_path / "judge.conf"
    conf.write_text("[judge]\naddress = judge@example.org\n[smtp]\nhost = 127.0.0.1\n"
                    "port = 0\n[database]\nurl = sqlite:///var/judge.db\n[outgoing]\n"
                    "maildir = var/outbox\n[processing]\nenabled = no\n"
                    "[web]\nhost = 127.0.0.1\nport = 0\n", encoding="utf-8")
    log = tmp_path / "serve.log"
    with log.open("wb") as output:
        process = subprocess.Popen([str(JUDGE), "serve", "--config", str(conf)],
                                   cwd=tmp_path, stdout=output, stderr=subprocess.STDOUT)
    try:
        deadline = time.monotonic() + 30
        found = None
        while found is None and time.monotonic() < deadline:
            found = SERVING.search(log.read_text(errors="replace"))
            assert process.poll() is None, log.read_text(errors="replace")
            time.sleep(0.05)
        assert found is not None, log.read_text(errors="replace")
        page = Browser(int(found.group(1))).get("/")
        assert page.status == 200 and "<h1>Games</h1>" in page.text
        assert (tmp_path / "var" / "web.secret").stat().st_mode & 0o077 == 0
    finally:
        process.send_signal(signal.SIGTERM)
        try:
            process.wait(15)
        except subprocess.TimeoutExpired:
            process.kill()


@pytest.fixture
def second(settings: Settings, session_factory: sessionmaker[Session]  # noqa: F811
           ) -> Iterator[WebServer]:
    with serving(settings, session_factory) as server:
        yield server


def test_two_servers_on_one_database_serve_the_same_pages(
        market: MarketJudge, web: WebServer, second: WebServer) -> None:
    payola_game(market)
    one, two = Browser(web.port), Browser(second.port)
    assert one.get("/game/alpha").body == two.get("/game/alpha").body
    market.reply(address("FRANCE"), "SIGNON FRANCE@alpha pwfrance", "BROADCAST",
                 "Heard on both judges.", "ENDPRESS")
    first, other = one.get("/game/alpha"), two.get("/game/alpha")
    assert "Heard on both judges." in first.text
    assert first.body == other.body
    # a session opened on one judge is good on the other; signed out on the other, gone
    csrf = signed_in(one, "alpha", "FRANCE", "pwfrance")
    two.cookies = dict(one.cookies)
    assert two.get("/me").status == 200
    assert two.post("/signout", {"csrf": csrf}).status == 303
    assert one.get("/me").status == 303
