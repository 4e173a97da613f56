"""The public pages keep the mail's secrets: every page and feed reachable from the list
is crawled, for a BLIND Payola game, an Exchange game and a Capitalist game in progress,
and compared with everything the judge mailed. No password, address, pseudonym's owner,
nor any line the judge mailed to one reader alone (offers, bids, balances, statements,
replies, private press, a BLIND power's view) appears on a public page; the public
letters observers were mailed do."""

from __future__ import annotations

import html
import re
from collections.abc import Callable

from sqlalchemy import select

from judge.demo import SPRING
from judge.games.capitalist.demo import COMMANDS, SPRING_TRADES
from judge.games.exchange.demo import CREATE_PARAMS, INVESTORS, mails_for
from judge.storage.mailqueue import OutboundMessage
from judge.storage.schema import GameState
from tests.markets.conftest import GM, MarketJudge, member
from tests.service.conftest import POWERS, address
from tests.web.conftest import Browser

WATCHER = "watcher@public.example"  # an observer of every game: what public mail showed
LINK = re.compile(r'(?:href|src)="(/[^"]*)"')
CAPITALISTS = {"MIDAS": "alice.archer", "CROESUS": "bob.baker", "PLUTUS": "carol.cook",
               "MAMMON": "dave.dyer", "FUGGER": "erin.evans", "MEDICI": "frank.fisher",
               "SCROOGE": "gina.gale", "GEKKO": "hank.hill", "RICHIE": "ivy.irons"}


def _blind_payola(judge: MarketJudge) -> None:
    judge.reply("gm@example.org", "CREATE blindp masterpw PAYOLA BLIND")
    judge.reply(WATCHER, "OBSERVE blindp watchpw")
    for power in POWERS:
        judge.reply(address(power), f"JOIN blindp pw{power.lower()} {power}")
    judge.reply("gm@example.org", "SIGNON MASTER@blindp masterpw", "START")
    for power in POWERS:
        judge.reply(address(power), f"SIGNON {power}@blindp pw{power.lower()}",
                    *SPRING[power])
    judge.reply(address("ITALY"), "SIGNON ITALY@blindp pwitaly", "TRANSFER 5 TO AUSTRIA",
                "PRESS TO FRANCE", "Our secret: Tyrolia stays empty.", "ENDPRESS")
    judge.reply(address("FRANCE"), "SIGNON FRANCE@blindp pwfrance", "BROADCAST",
                "France greets the world.", "ENDPRESS")
    judge.deadline("blindp")
    # the Fall's offers are in, not yet played: secret until the results
    judge.reply(address("GERMANY"), "SIGNON GERMANY@blindp pwgermany",
                "7 : A MUN - BUR", "3 : F KIE - HOL")


def _exchange(judge: MarketJudge) -> None:
    judge.reply(GM, f"CREATE xg masterpw EXCHANGE {CREATE_PARAMS}")
    judge.reply(WATCHER, "OBSERVE xg watchpw")
    for n in INVESTORS:
        judge.reply(member(n), f"JOIN xg pw{n.lower()} {n}")
    judge.reply(GM, "SIGNON MASTER@xg masterpw", "START")
    for _ in range(6):  # the auctions to the first movement phase, its offers not played
        state = judge.state("xg")
        for who, acting, lines in mails_for(state):
            judge.reply(member(who), f"SIGNON {acting or who}@xg pw{who.lower()}", *lines)
        if str(state["phase"]).endswith("M") or judge.game("xg").state != GameState.ACTIVE:
            break
        judge.deadline("xg")


def _capitalist(judge: MarketJudge) -> None:
    def at(name: str) -> str:
        return f"{CAPITALISTS[name]}@home.example"

    judge.reply(GM, "CREATE cap masterpw CAPITALIST")
    judge.reply(WATCHER, "OBSERVE cap watchpw")
    for name in CAPITALISTS:
        judge.reply(at(name), f"JOIN cap pw{name.lower()} {name}")
    judge.reply(GM, "SIGNON MASTER@cap masterpw", "START")
    for name, lines in SPRING_TRADES.items():
        judge.reply(at(name), f"SIGNON {name}@cap pw{name.lower()}", *lines)
    judge.reply(at("PLUTUS"), "SIGNON PLUTUS@cap pwplutus", "PRESS TO MIDAS",
                "Keep out of Bohemia and I keep out of Kiel.", "ENDPRESS")
    judge.deadline("cap")
    for power, who in COMMANDS.items():  # the Spring's orders, in and not played
        judge.reply(at(who), f"SIGNON {who}@cap pw{who.lower()} ", f"SIGNON {power}@cap "
                    f"pw{who.lower()}", *SPRING[power])


def crawl(b: Browser) -> dict[str, str]:
    """Every page reachable from the list (and each game's feed): path -> its text."""
    seen: dict[str, str] = {}
    todo = ["/"]
    while todo:
        path = todo.pop()
        if path in seen or path.startswith("/signin") or path == "/me":
            continue
        answer = b.get(path)
        assert answer.status in (200, 404), (path, answer.status)
        text = html.unescape(answer.text) if answer.status == 200 else ""
        seen[path] = text
        todo += [p for p in LINK.findall(answer.text) if p not in seen]
        if re.fullmatch(r"/game/[^/]+", path):
            todo.append(f"{path}/feed.atom")
    return seen


def _private_lines(mails: list[OutboundMessage]) -> dict[str, str]:
    """Each line (of a dozen characters or more) mailed to one reader alone and never to
    the observer: line -> the reader it was private to."""
    readers: dict[str, set[str]] = {}
    for m in mails:
        for line in m.body.splitlines():
            line = line.strip()
            if len(line) >= 12:
                readers.setdefault(line, set()).add(m.recipient)
    return {line: next(iter(who)) for line, who in readers.items()
            if len(who) == 1 and WATCHER not in who}


def test_no_public_page_shows_what_mail_kept_secret(
        market: MarketJudge, browser: Callable[[], Browser]) -> None:
    _blind_payola(market)
    _exchange(market)
    _capitalist(market)
    with market.factory() as s:
        mails = list(s.scalars(select(OutboundMessage).order_by(OutboundMessage.id)))
    pages = crawl(browser())
    games = {"/game/blindp", "/game/xg", "/game/cap"}
    assert games <= set(pages) and all(f"{g}/feed.atom" in pages for g in games)
    assert any("/phase/" in p for p in pages)
    # the help pages are the guides the judge ships, the same on every judge (their
    # examples say CREATE alpha masterpw ...): the games' pages are what is compared
    public = "\n".join(t for p, t in pages.items() if not p.startswith("/help"))
    # what the observer read is shown: each game's latest public letter's heading
    watched = [m.body for m in mails if m.recipient == WATCHER]
    assert "This is a BLIND game: its results go to its players only" in public
    assert "France greets the world." in public
    secrets = {m.recipient for m in mails} | {WATCHER, GM}
    secrets |= {f"pw{p.lower()}" for p in (*POWERS, *INVESTORS, *CAPITALISTS)}
    secrets |= {"masterpw", "watchpw", *CAPITALISTS.values()}
    secrets |= {"Our secret: Tyrolia stays empty.", "Keep out of Bohemia",
                "7 : A MUN - BUR", "A MUN - BUR", "BID FRANCE", "3 : A MUN - RUH"}
    leaked = sorted((s, [p for p, t in pages.items() if s.lower() in t.lower()])
                    for s in secrets if s.lower() in public.lower())
    assert not leaked, leaked
    private = _private_lines(mails)
    assert len(private) > 100  # statements, replies, balances, bids, private press...
    shown = sorted((line, who) for line, who in private.items() if line in public)
    assert not shown, shown[:20]
    # and the BLIND game's units, which its observer never saw, are on no page of it
    blind = "\n".join(t for p, t in pages.items() if p.startswith("/game/blindp"))
    assert "A PAR" not in blind and "Army" not in blind and "Fleet" not in blind
    assert watched
