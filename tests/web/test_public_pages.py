"""The public pages of a Payola game in progress, served by the real web server: the list,
the game page with its phases one click away, help, the feed, 404s in the same style, the
security headers on every response, and GET changing nothing."""

from __future__ import annotations

import html
import io
from collections.abc import Callable
from xml.etree import ElementTree

import pytest
from PIL import Image
from sqlalchemy import func, select

from judge.demo import FALL, SPRING
from judge.games import Kind, games
from judge.storage.mailqueue import OutboundMessage
from judge.storage.schema import PhaseRecord
from tests.markets.conftest import GM, MarketJudge, member
from tests.service.conftest import POWERS, address
from tests.web.conftest import Browser, payola_game


def _played(judge: MarketJudge) -> None:
    payola_game(judge)
    for sheets in (SPRING, FALL):
        for power in POWERS:
            judge.reply(address(power), f"SIGNON {power}@alpha pw{power.lower()}",
                        *sheets[power])
        judge.deadline("alpha")
    judge.reply(address("FRANCE"), "SIGNON FRANCE@alpha pwfrance", "BROADCAST",
                "Peace in our time.", "ENDPRESS")


def test_the_list_the_game_its_phases_and_help(market: MarketJudge,
                                               browser: Callable[[], Browser]) -> None:
    _played(market)
    b = browser()
    listing = b.get("/")
    assert listing.status == 200
    assert '<a href="/game/alpha">alpha</a>' in listing.text
    assert "Payola" in listing.text and "W1901A" in listing.text
    page = b.get("/game/alpha")
    assert page.status == 200, page.text
    text = page.text
    # the results of the last phase as an observer read them, and every phase linked
    assert "Movement results for Fall of 1901" in text
    for phase in ("S1901M", "F1901M"):
        assert f'href="/game/alpha/phase/{phase}"' in text
    assert "Peace in our time." in text and "Broadcast from France" in text
    spring = b.get("/game/alpha/phase/S1901M")
    assert spring.status == 200
    assert "Movement results for Spring of 1901" in spring.text
    assert 'rel="next" href="/game/alpha/phase/F1901M"' in spring.text
    # what the observers were mailed is what the page shows
    with market.factory() as s:
        mailed = s.scalar(select(OutboundMessage.body).where(
            OutboundMessage.subject == "Diplomacy results alpha S1901M",
            OutboundMessage.recipient == address("ITALY")))
    assert mailed is not None
    first = mailed.splitlines()[4]  # "Movement results for Spring of 1901.  (Game alpha)"
    assert first in spring.text
    helped = b.get("/help")
    assert helped.status == 200 and 'href="/help/PAYOLA"' in helped.text
    guide = b.get("/help/PAYOLA")
    assert guide.status == 200 and "Payola" in guide.text


def test_a_game_that_does_not_exist_is_a_404_page_in_the_same_style(
        market: MarketJudge, browser: Callable[[], Browser]) -> None:
    b = browser()
    for path in ("/game/nosuch", "/game/nosuch/phase/S1901M", "/nowhere", "/help/NOSUCH",
                 "/game/nosuch/feed.atom", "/game/nosuch/map.png"):
        answer = b.get(path)
        assert answer.status == 404, path
        assert '<link rel="stylesheet" href="/judge.css">' in answer.text, path
        assert "Not found" in answer.text


def test_every_response_is_hardened(market: MarketJudge,
                                    browser: Callable[[], Browser]) -> None:
    _played(market)
    b = browser()
    for path in ("/", "/game/alpha", "/nowhere", "/judge.css", "/signin",
                 "/game/alpha/feed.atom"):
        headers = b.get(path).headers
        csp = headers["content-security-policy"]
        assert "script-src" not in csp and "default-src 'none'" in csp, path
        assert "frame-ancestors 'none'" in csp
        assert headers["x-content-type-options"] == "nosniff"
        assert headers["referrer-policy"] == "no-referrer"
        assert headers["x-frame-options"] == "DENY"


def test_the_feed_is_atom_with_an_entry_per_phase_and_broadcast(
        market: MarketJudge, browser: Callable[[], Browser]) -> None:
    _played(market)
    answer = browser().get("/game/alpha/feed.atom")
    assert answer.status == 200
    assert answer.headers["content-type"].startswith("application/atom+xml")
    atom = "{http://www.w3.org/2005/Atom}"
    feed = ElementTree.fromstring(answer.body)
    titles = [e.findtext(f"{atom}title") for e in feed.iter(f"{atom}entry")]
    assert titles == ["alpha: results of F1901M", "alpha: results of S1901M",
                      "alpha: broadcast from France"]


def test_get_changes_nothing(market: MarketJudge, browser: Callable[[], Browser]) -> None:
    _played(market)

    def counts() -> tuple[int, ...]:
        with market.factory() as s:
            return (s.scalar(select(func.count()).select_from(OutboundMessage)) or 0,
                    s.scalar(select(func.count()).select_from(PhaseRecord)) or 0)

    before = counts()
    b = browser()
    for path in ("/", "/game/alpha", "/game/alpha/phase/S1901M", "/game/alpha/feed.atom",
                 "/signin", "/me", "/help", "/help/PAYOLA"):
        assert b.get(path).status in (200, 303)
    assert counts() == before


def test_a_market_game_shows_its_open_phase_news_as_mailed(
        market: MarketJudge, browser: Callable[[], Browser]) -> None:
    """An ask opened in the Exchange's market phase is told to everyone at once, without
    its seller; the page shows that very letter, and the phase-end letters after."""
    from judge.games.exchange.demo import CREATE_PARAMS, INVESTORS, mails_for
    from tests.markets.conftest import GM, member

    market.reply(GM, f"CREATE xg masterpw EXCHANGE {CREATE_PARAMS}")
    market.reply("watcher@public.example", "OBSERVE xg watchpw")
    for n in INVESTORS:
        market.reply(member(n), f"JOIN xg pw{n.lower()} {n}")
    market.reply(GM, "SIGNON MASTER@xg masterpw", "START")
    b = browser()
    while market.state("xg")["phase"] != "W1900A":
        for who, acting, lines in mails_for(market.state("xg")):
            market.reply(member(who), f"SIGNON {acting or who}@xg pw{who.lower()}", *lines)
        market.deadline("xg")
        assert b.get("/game/xg").status == 200
    market.reply(member("BOB"), "SIGNON BOB@xg pwbob", "ASK FRANCE 2 AT 15")
    with market.factory() as s:
        news = s.scalar(select(OutboundMessage.body).where(
            OutboundMessage.recipient == "watcher@public.example",
            OutboundMessage.subject == "xg: Exchange: the market"))
    assert news is not None and "Ask #" in news, news
    page = html.unescape(b.get("/game/xg").text)
    opened = next(line.strip() for line in news.splitlines() if "Ask #" in line)
    assert opened in page and "The market in W1900A so far" in page
    assert "BOB" not in page
    # the market chart of the phases played, the chart the year-end letters carry
    assert "/game/xg/chart.png" in page
    chart = b.get("/game/xg/chart.png")
    assert chart.status == 200 and chart.body[:8] == b"\x89PNG\r\n\x1a\n"
    with Image.open(io.BytesIO(chart.body)) as picture:
        assert picture.size[0] >= 600


def _open_to_join(b: Browser, name: str) -> bool:
    """What the list says in the game's row, "yes" or "no", and the game page agrees."""
    row = next(line for line in b.get("/").text.splitlines() if f">{name}</a>" in line)
    page = b.get(f"/game/{name}").text
    told = row.rstrip().endswith("<td>yes</td></tr>")
    assert told == ("(open to join)" in page), (row, page)
    return told


def _players(b: Browser, name: str) -> str:
    page = b.get(f"/game/{name}").text
    return page[page.index("<dt>Players</dt>"):].split("</dd>")[0]


def test_a_forming_market_game_is_open_to_join_until_its_own_bounds_are_full(
        market: MarketJudge, browser: Callable[[], Browser]) -> None:
    """The bounds are the game's own (MAX_PLAYERS as set), not every game of its kind's:
    a full game is not listed as open, and joining it is indeed refused. The game's page,
    kept in the cache between changes, follows each join."""
    reply = market.reply(GM, "CREATE full masterpw SHAREHOLDERS MAX_PLAYERS=3")
    assert "Game full created" in reply, reply
    b = browser()
    for count, n in enumerate(("ANN", "BEN", "CID")):
        assert _open_to_join(b, "full")
        assert _players(b, "full").endswith(f"<dd>{count} (open to join)")
        assert f"as player {n}" in market.reply(member(n), f"JOIN full pw{n.lower()} {n}")
    assert not _open_to_join(b, "full")
    assert _players(b, "full").endswith("<dd>3")
    refused = market.reply(member("DOT"), "JOIN full pwdot DOT")
    assert "as player DOT" not in refused, refused


@pytest.mark.parametrize("kind", games(), ids=lambda k: k.name)
def test_every_kind_is_open_to_join_exactly_while_a_join_would_be_taken(
        kind: Kind, market: MarketJudge, browser: Callable[[], Browser]) -> None:
    """For every game of its own: listed open while forming and not full; once as many
    have joined as it takes (its powers, or its players' bounds), listed closed, and the
    next JOIN is refused."""
    assert "created" in market.reply(GM, f"CREATE every masterpw {kind.word}")
    b = browser()
    joined = 0
    while _open_to_join(b, "every"):
        name = f"N{joined:02d}"
        words = f"JOIN every pass{joined:02d}"
        reply = market.reply(member(name), f"{words} {name}" if kind.market else words)
        assert "REFUSED" not in reply, (joined, reply)
        joined += 1
        assert joined <= kind.players[1], "listed open past the kind's most players"
    refused = market.reply(member("LATE"), "JOIN every passlate LATE" if kind.market
                           else "JOIN every passlate")
    assert "REFUSED" in refused, refused
    assert _players(b, "every").endswith(f"<dd>{joined}")


def test_the_game_page_follows_a_deadline_the_master_moves(
        market: MarketJudge, browser: Callable[[], Browser]) -> None:
    payola_game(market)
    b = browser()
    before = b.get("/game/alpha").text
    moved = market.reply("gm@example.org", "SIGNON MASTER@alpha masterpw",
                         "SET DEADLINE 2031-03-05 12:00")
    assert "2031" in moved, moved
    after = b.get("/game/alpha").text
    assert "2031" not in before and "Wed Mar 05 2031 12:00 UTC" in after, after
