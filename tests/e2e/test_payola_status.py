"""STATUS in a Payola game shows what is in force now (issue 23, point 2): the balance
after the phase's transfers, the acceptance list after ACCEPT, and in a retreat phase
each unit to retreat and where it may go. Every mail goes through the real listener; the
phases are played by the processor at their deadlines."""

from __future__ import annotations

from datetime import timedelta

from sqlalchemy import select
from sqlalchemy.orm import Session, sessionmaker

from judge.config import Settings
from judge.service.processing import process_due
from judge.storage.base import utcnow
from judge.storage.mailqueue import OutboundMessage
from judge.storage.schema import Game
from tests.e2e.conftest import MailJudge

POWERS = ("AUSTRIA", "ENGLAND", "FRANCE", "GERMANY", "ITALY", "RUSSIA", "TURKEY")
GM = "gm@example.org"


def _player(power: str) -> str:
    return f"{power.lower()}@players.example"


def _mail(judge: MailJudge, power: str, *lines: str) -> str:
    out = judge.replies(_player(power), f"SIGNON {power}@gamma pw{power.lower()}", *lines)
    return out[_player(power)]


def _status(judge: MailJudge, power: str) -> str:
    return " ".join(_mail(judge, power, "STATUS").split("> STATUS", 1)[1].split())


def _phase(factory: sessionmaker[Session]) -> str:
    with factory() as s:
        game = s.scalar(select(Game).where(Game.name == "gamma"))
        assert game is not None
        return str(game.phase)


def test_payola_status_shows_balance_list_and_retreats_in_force(
        by_mail: MailJudge, session_factory: sessionmaker[Session],
        settings: Settings) -> None:
    judge = by_mail
    judge.replies(GM, "CREATE gamma gmpass PAYOLA")
    for power in POWERS:
        judge.replies(_player(power), f"JOIN gamma pw{power.lower()} {power}")
    assert "started: S1901M" in judge.replies(GM, "SIGNON MASTER@gamma gmpass", "START")[GM]
    assert "Balance: 48 AgP. Acceptance list: F?." in _status(judge, "FRANCE")
    assert "REFUSED" not in _mail(judge, "FRANCE", "ACCEPT FG?", "TRANSFER 8 TO ITALY")
    france = _status(judge, "FRANCE")
    assert "Balance: 40 AgP. Acceptance list: FG?." in france, france
    italy = _status(judge, "ITALY")
    assert "Balance: 56 AgP. Acceptance list: I?." in italy, italy  # FRANCE's list is hers

    clock = utcnow()

    def deadline() -> None:
        nonlocal clock
        clock += timedelta(days=40)
        process_due(session_factory, settings, clock)
        with session_factory() as s:
            judge.seen = len(s.scalars(select(OutboundMessage)).all())

    assert "REFUSED" not in _mail(judge, "GERMANY", "1 : A MUN - BUR")
    deadline()
    assert _phase(session_factory) == "F1901M"
    assert "REFUSED" not in _mail(judge, "FRANCE", "1 : A PAR - BUR", "1 : A MAR S A PAR - BUR")
    deadline()
    assert _phase(session_factory) == "F1901R"
    germany = _status(judge, "GERMANY")
    assert "To retreat: A BUR (to BEL, GAS, MUN, PIC, RUH or disband)" in germany, germany
    assert "To retreat" not in _status(judge, "FRANCE")
