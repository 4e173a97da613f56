"""Hostile requests (hypothesis): random paths, query strings, form bodies, cookies and
headers get a 4xx or a page, never a 500, and change nothing without a valid session and
its CSRF token. XSS payloads as press, pseudonym and game name come out escaped."""

from __future__ import annotations

import http.client
from collections.abc import Callable, Iterator
from urllib.parse import quote, urlencode

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from sqlalchemy import func, select

from judge.storage.mailqueue import OutboundMessage
from judge.storage.schema import PressMessage, SignOnFailure, Submission
from judge.storage.websessions import WebSession
from tests.markets.conftest import MarketJudge
from tests.service.conftest import address
from tests.web.conftest import Browser, payola_game

XSS = '<script>alert("x")</script><img src=x onerror=alert(1)>'
PATHS = ["/", "/game/alpha", "/game/alpha/phase/S1901M", "/game/alpha/feed.atom",
         "/game/alpha/map.png", "/help", "/help/PAYOLA", "/signin", "/me", "/signout",
         "/judge.css", "/game/%00", "/game/" + "a" * 300, "/game/alpha/phase/" + "Z" * 50]
text = st.text(st.characters(codec="utf-8", exclude_categories=("Cs",)), max_size=80)


@pytest.fixture
def played(market: MarketJudge, browser: Callable[[], Browser]) -> Iterator[
        tuple[MarketJudge, Browser]]:
    payola_game(market)
    market.reply(address("FRANCE"), "SIGNON FRANCE@alpha pwfrance", "BROADCAST", XSS,
                 "ENDPRESS")
    yield market, browser()


def _counts(judge: MarketJudge) -> tuple[int, ...]:
    with judge.factory() as s:
        return tuple(s.scalar(select(func.count()).select_from(t)) or 0
                     for t in (OutboundMessage, PressMessage, Submission, WebSession,
                               SignOnFailure))


@settings(max_examples=150, suppress_health_check=[HealthCheck.function_scoped_fixture],
          deadline=None)
@given(method=st.sampled_from(["GET", "POST", "HEAD", "PUT", "DELETE", "OPTIONS"]),
       path=st.one_of(st.sampled_from(PATHS), text.map(lambda t: "/" + quote(t, safe="/"))),
       query=st.dictionaries(text, text, max_size=3),
       form=st.dictionaries(st.sampled_from(["csrf", "lines", "game", "who", "password", "x"]),
                            text, max_size=5),
       cookie=st.one_of(st.none(), text, st.sampled_from(
           ["judge_session=abc", "judge_session=" + "x" * 600, "judge_form=.."])),
       header=st.tuples(st.sampled_from(["Content-Type", "X-Forwarded-For", "Host",
                                         "Content-Length", "Accept"]),
                        st.text(st.characters(min_codepoint=32, max_codepoint=126),
                                max_size=40)))
def test_hostile_requests_get_no_500_and_change_nothing(
        played: tuple[MarketJudge, Browser], method: str, path: str,
        query: dict[str, str], form: dict[str, str], cookie: str | None,
        header: tuple[str, str]) -> None:
    judge, b = played
    before = _counts(judge)
    target = path + ("?" + urlencode(query) if query else "")
    body = urlencode(form).encode() if method in ("POST", "PUT") else None
    headers = {"Content-Type": "application/x-www-form-urlencoded"}
    if header[0] != "Content-Length":
        headers[header[0]] = header[1]
    if cookie is not None:
        headers["Cookie"] = cookie.encode("ascii", "replace").decode()
    try:
        answer = b.request(method, target, body, headers, keep=False)
    except ValueError:
        return  # a header no client may send (http.client refuses it)
    except (http.client.HTTPException, ConnectionError):
        return  # the server closed a request it could not read: no page, nothing done
    assert answer.status < 500, (method, target, answer.status, answer.text[:300])
    # wrong passwords are counted (the guessing limits); nothing else changes
    after = _counts(judge)
    assert after[:4] == before[:4]


def test_xss_payloads_come_out_escaped(market: MarketJudge,
                                      browser: Callable[[], Browser]) -> None:
    market.reply("gm@example.org", "CREATE cap masterpw CAPITALIST")
    joined = market.reply("evil@example.org", f"JOIN cap pwevil {XSS}")
    payola_game(market)
    market.reply(address("FRANCE"), "SIGNON FRANCE@alpha pwfrance", "BROADCAST", XSS,
                 "ENDPRESS")
    b = browser()
    for path in ("/", "/game/alpha", "/game/alpha/feed.atom", "/game/cap",
                 "/game/" + quote(XSS, safe="")):
        page = b.get(path).text
        assert "<script>" not in page and "<img src=x" not in page, (path, joined)
    assert "&lt;script&gt;alert(&#34;x&#34;)&lt;/script&gt;" in b.get("/game/alpha").text
