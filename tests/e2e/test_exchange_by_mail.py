"""A whole Exchange game by mail, end to end: smtplib to the real listener, the store and
worker, the processor at each deadline: creation, four investors, the auctions, the
offering, the IPO and the floats, the elections, a dividend, a market trade and a
transfer, a movement phase with an investor's bribe, and a draw (judge.games.exchange.demo's
script, the one ``judge demo --game exchange`` plays)."""

from __future__ import annotations

from datetime import timedelta

from sqlalchemy import select
from sqlalchemy.orm import Session, sessionmaker

from judge.config import Settings
from judge.games.exchange.demo import CREATE_PARAMS, INVESTORS, mails_for
from judge.service.processing import process_due
from judge.storage.base import utcnow
from judge.storage.mailqueue import OutboundMessage
from judge.storage.phases import current_record
from judge.storage.schema import Game, GameState
from tests.e2e.conftest import MailJudge

GM = "gm@example.org"


def investor(name: str) -> str:
    return f"{name.lower()}@investors.example"


def _game(factory: sessionmaker[Session]) -> tuple[str, dict]:
    with factory() as s:
        game = s.scalar(select(Game).where(Game.name == "xe"))
        assert game is not None
        record = current_record(s, game)
        assert record is not None
        return game.state, dict(record.state)


def test_an_exchange_game_by_mail(by_mail: MailJudge, settings: Settings,
                                  session_factory: sessionmaker[Session]) -> None:
    judge = by_mail
    out = judge.replies(GM, f"CREATE xe gmpass EXCHANGE {CREATE_PARAMS}")
    assert "Game xe created (EXCHANGE MIN_BID=100)" in out[GM]
    for name in INVESTORS:
        out = judge.replies(investor(name), f"JOIN xe pw{name.lower()} {name}")
        assert f"You joined xe as investor {name}" in out[investor(name)]
    out = judge.replies(GM, "SIGNON MASTER@xe gmpass", "START")
    assert "Game xe started: W1900B" in out[GM]
    assert set(out) == {GM, *(investor(n) for n in INVESTORS)}
    mails: list[OutboundMessage] = []
    clock = utcnow()
    phases: list[str] = []
    for _ in range(12):
        state_, state = _game(session_factory)
        if state_ != GameState.ACTIVE:
            break
        phases.append(str(state["phase"]))
        for who, acting, lines in mails_for(state):
            mails += judge.send(investor(who), f"SIGNON {acting or who}@xe pw{who.lower()}",
                                *lines)
        if _game(session_factory)[0] == GameState.ACTIVE:
            clock += timedelta(days=40)
            process_due(session_factory, settings, clock)  # the deadline has passed
            with session_factory() as s:
                rows = s.scalars(select(OutboundMessage).order_by(OutboundMessage.id)).all()
            mails += rows[judge.seen:]
            judge.seen = len(rows)
    assert phases == ["W1900B", "W1900O", "W1900P", "W1900E", "W1900A", "S1901M", "F1901M"]
    assert _game(session_factory)[0] == GameState.COMPLETED

    def to(name: str, subject: str) -> str:
        found = [m.body for m in mails if m.recipient == investor(name) and subject in m.subject]
        assert found, (name, subject)
        return found[0]

    assert "Started: AUSTRIA, ENGLAND, FRANCE, GERMANY, ITALY, RUSSIA, TURKEY." in \
        to("DAVE", "W1900B results")
    assert "the minimum bid is 100 AgP" in to("DAVE", "Re: orders")
    assert "FRANCE   30 shares, 24 for sale at 10 AgP" in to("BOB", "W1900O results")
    assert "Floated: AUSTRIA, ENGLAND, FRANCE, GERMANY, ITALY, RUSSIA, TURKEY." in \
        to("CAROL", "W1900P results")
    assert "You bought 8 FRANCE shares at the offering for 80 AgP." in \
        to("CAROL", "W1900P: your statement")
    assert "FRANCE election tally: ALICE 14, CAROL 8." in to("BOB", "W1900E: your statement")
    assert "Market fills: ask #1: 2 sold" in to("ALICE", "W1900A results")
    assert "You received 50 AgP from CAROL." in to("DAVE", "Exchange: a transfer")
    assert "Dividend from FRANCE: 4 AgP (2 AgP a share)." in to("DAVE", "W1900A: your statement")
    assert "Your bribes paid: A MUN 3 (3 AgP)." in to("DAVE", "S1901M: your statement")
    assert "A MUN - RUH" in to("ALICE", "S1901M results")
    assert "Your bribes paid" not in to("ALICE", "S1901M: your statement")
    final = to("BOB", "F1901M results")
    assert "The game is over: a draw of " in " ".join(final.split()) and "Final holdings" in final
