"""A player's own page through the real web server: sign-in checked as SIGNON is, the
form's lines handled as his mail (the same reply, shown and mailed; the sheet in force),
CSRF on every form, sign-out ending the session, and wrong passwords counted as by
mail without locking the player out."""

from __future__ import annotations

import html
import re
from collections.abc import Callable
from dataclasses import replace

from sqlalchemy import func, select
from sqlalchemy.orm import Session, sessionmaker

from judge.config import Settings
from judge.service.guessing import MAX_ANSWERED
from judge.storage.mailqueue import OutboundMessage
from judge.storage.schema import SignOnFailure, Submission
from judge.web.server import WebServer
from tests.markets.conftest import MarketJudge
from tests.service.conftest import address
from tests.web.conftest import Browser, payola_game

CSRF = re.compile(r'name="csrf" value="([^"]+)"')


def signed_in(b: Browser, game: str, who: str, password: str) -> str:
    """Sign in; the page's CSRF token."""
    form = b.get("/signin")
    token = CSRF.search(form.text)
    assert token, form.text
    answer = b.post("/signin", {"csrf": token.group(1), "game": game, "who": who,
                                "password": password})
    assert answer.status == 303, answer.text
    page = b.get("/me")
    assert page.status == 200, page.text
    found = CSRF.search(page.text)
    assert found
    return found.group(1)


def _replies(judge: MarketJudge, to: str) -> list[OutboundMessage]:
    with judge.factory() as s:
        return list(s.scalars(select(OutboundMessage).where(OutboundMessage.recipient == to)
                              .order_by(OutboundMessage.id)))


def test_an_offer_sheet_sent_by_the_form_is_handled_as_his_mail(
        market: MarketJudge, browser: Callable[[], Browser]) -> None:
    payola_game(market)
    b = browser()
    csrf = signed_in(b, "alpha", "FRANCE", "pwfrance")
    page = b.get("/me").text
    assert "FRANCE in" in page and "Your STATUS" in page
    assert "Diplomacy game alpha has started" in page  # his own mail is on his page
    before = len(_replies(market, address("FRANCE")))
    answer = b.post("/me", {"csrf": csrf, "lines": "4 : A PAR - BUR\n2 : F BRE - MAO\n"})
    assert answer.status == 200, answer.text
    mailed = _replies(market, address("FRANCE"))[before:]
    assert len(mailed) == 1, [m.subject for m in mailed]
    reply = mailed[0].body
    assert "A PAR - BUR" in reply
    shown = re.search(r'<pre class="letter" id="reply">(.*?)</pre>', answer.text, re.S)
    assert shown is not None
    assert html.unescape(shown.group(1)) == reply
    with market.factory() as s:
        sheet = s.scalars(select(Submission).where(Submission.power == "FRANCE")
                          .order_by(Submission.version.desc())).first()
    assert sheet is not None, reply
    assert [x["canonical"] for x in sheet.lines] == ["4 : A PAR - BUR", "2 : F BRE - MAO"]
    # his STATUS now shows the sheet in force
    assert "A PAR - BUR" in b.get("/me").text


def test_forms_need_the_session_and_its_csrf_token(
        market: MarketJudge, browser: Callable[[], Browser]) -> None:
    payola_game(market)
    b = browser()
    csrf = signed_in(b, "alpha", "FRANCE", "pwfrance")
    before = len(_replies(market, address("FRANCE")))
    assert b.post("/me", {"csrf": "forged", "lines": "4 : A PAR - BUR"}).status == 403
    stranger = browser()
    assert stranger.post("/me", {"csrf": csrf, "lines": "4 : A PAR - BUR"}).status == 401
    assert len(_replies(market, address("FRANCE"))) == before
    # a sign-in form without its token is refused too
    fresh = browser()
    assert fresh.post("/signin", {"game": "alpha", "who": "FRANCE",
                                  "password": "pwfrance"}).status == 403


def test_signing_out_ends_the_session_everywhere(
        market: MarketJudge, browser: Callable[[], Browser]) -> None:
    payola_game(market)
    b = browser()
    csrf = signed_in(b, "alpha", "FRANCE", "pwfrance")
    stolen = dict(b.cookies)
    assert b.post("/signout", {"csrf": csrf}).status == 303
    assert b.get("/me").status == 303  # to the sign-in page
    thief = browser()
    thief.cookies = stolen
    assert thief.get("/me").status == 303
    assert thief.post("/me", {"csrf": csrf, "lines": "4 : A PAR - BUR"}).status == 401


def test_the_session_cookie_is_httponly_and_strict(
        market: MarketJudge, browser: Callable[[], Browser]) -> None:
    payola_game(market)
    b = browser()
    form = b.get("/signin")
    token = CSRF.search(form.text)
    assert token
    answer = b.post("/signin", {"csrf": token.group(1), "game": "alpha", "who": "FRANCE",
                                "password": "pwfrance"})
    cookie = answer.headers["set-cookie"].lower()
    assert "httponly" in cookie and "samesite=strict" in cookie and "path=/" in cookie
    assert "secure" not in cookie  # plain HTTP here; under TLS it is Secure


def test_wrong_passwords_count_as_by_mail_and_lock_nobody_out(
        market: MarketJudge, browser: Callable[[], Browser]) -> None:
    payola_game(market)
    guesser = browser()
    statuses = []
    for n in range(MAX_ANSWERED + 2):
        form = guesser.get("/signin")
        token = CSRF.search(form.text)
        assert token
        statuses.append(guesser.post("/signin", {
            "csrf": token.group(1), "game": "alpha", "who": "FRANCE",
            "password": f"guess{n}"}).status)
    assert statuses[0] == 401 and statuses[-1] == 429
    with market.factory() as s:
        counted = s.scalar(select(func.count()).select_from(SignOnFailure).where(
            SignOnFailure.target == "FRANCE"))
    assert counted == MAX_ANSWERED + 2  # every one checked and counted
    # France's owner was told of the guessing, as by mail
    alerts = [m for m in _replies(market, address("FRANCE"))
              if "wrong passwords" in m.subject]
    assert alerts
    # the right password is always accepted, as by mail: nobody is locked out, not
    # even from the guesser's own address
    signed_in(browser(), "alpha", "FRANCE", "pwfrance")


def test_under_tls_the_session_cookie_is_secure(
        market: MarketJudge, settings: Settings,
        session_factory: sessionmaker[Session]) -> None:  # noqa: F811
    """Behind a proxy that serves TLS (``behind_proxy = yes``, the proxy's
    X-Forwarded-Proto: https) the cookies are Secure."""
    payola_game(market)
    options = {s: dict(o) for s, o in settings.options.items()}
    options["web"]["behind_proxy"] = "yes"
    server = WebServer(replace(settings, options=options), session_factory)
    server.start()
    try:
        b = Browser(server.port)
        https = {"X-Forwarded-Proto": "https", "X-Forwarded-For": "203.0.113.9"}
        form = b.request("GET", "/signin", headers=https)
        assert "secure" in form.headers["set-cookie"].lower()
        token = CSRF.search(form.text)
        assert token
        from urllib.parse import urlencode

        answer = b.request("POST", "/signin", urlencode({
            "csrf": token.group(1), "game": "alpha", "who": "FRANCE",
            "password": "pwfrance"}).encode(),
            {**https, "Content-Type": "application/x-www-form-urlencoded"})
        assert answer.status == 303, answer.text
        assert "secure" in answer.headers["set-cookie"].lower()
    finally:
        server.stop()


def test_a_new_password_ends_the_session_and_counts_no_wrong_one(
        market: MarketJudge, browser: Callable[[], Browser]) -> None:
    payola_game(market)
    b = browser()
    csrf = signed_in(b, "alpha", "FRANCE", "pwfrance")
    body = market.reply(address("FRANCE"), "SIGNON FRANCE@alpha pwfrance",
                        "SET PASSWORD newfrance")
    assert "password" in body.lower()
    before = len(_replies(market, address("FRANCE")))
    answer = b.post("/me", {"csrf": csrf, "lines": "4 : A PAR - BUR"})
    assert answer.status == 401 and "sign in again" in answer.text
    assert b.get("/me").status == 303
    with market.factory() as s:
        assert not s.scalar(select(func.count()).select_from(SignOnFailure))
    assert len(_replies(market, address("FRANCE"))) == before
    signed_in(browser(), "alpha", "FRANCE", "newfrance")
