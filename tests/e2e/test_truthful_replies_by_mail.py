"""Issue 23, point 1, over the real SMTP listener: the Exchange leader of the report,
told his offer line was "accepted" while the whole sheet was dropped, is now told the
whole sheet is refused, sees the sheet in force, and the phase plays that sheet; a
sign-on as a corporation he does not lead is refused at the SIGNON line."""

from __future__ import annotations

from datetime import timedelta

from sqlalchemy import select
from sqlalchemy.orm import Session, sessionmaker

from judge.config import Settings
from judge.games.exchange.demo import CREATE_PARAMS, INVESTORS, leaders, mails_for
from judge.service.processing import process_due
from judge.storage.base import utcnow
from judge.storage.mailqueue import OutboundMessage
from judge.storage.phases import current_record
from judge.storage.schema import Game
from tests.e2e.conftest import MailJudge
from tests.e2e.test_exchange_by_mail import GM, investor


def _state(factory: sessionmaker[Session]) -> dict:
    with factory() as s:
        game = s.scalar(select(Game).where(Game.name == "xe"))
        assert game is not None
        record = current_record(s, game)
        assert record is not None
        return dict(record.state)


def _flat(text: str) -> str:
    return " ".join(text.split())


def test_a_sheet_refused_whole_by_mail(by_mail: MailJudge, settings: Settings,
                                       session_factory: sessionmaker[Session]) -> None:
    judge = by_mail
    judge.replies(GM, f"CREATE xe gmpass EXCHANGE {CREATE_PARAMS}")
    for name in INVESTORS:
        judge.replies(investor(name), f"JOIN xe pw{name.lower()} {name}")
    judge.replies(GM, "SIGNON MASTER@xe gmpass", "START")
    clock = utcnow()
    while (state := _state(session_factory))["phase"] != "S1901M":
        for who, acting, lines in mails_for(state):
            judge.send(investor(who), f"SIGNON {acting or who}@xe pw{who.lower()}", *lines)
        clock += timedelta(days=40)
        process_due(session_factory, settings, clock)
    leader = leaders(state)["FRANCE"]
    me = investor(leader)
    signon = f"SIGNON FRANCE@xe pw{leader.lower()}"
    first = _flat(judge.replies(me, signon, "4 : A PAR - BUR")[me])
    assert "accepted for S1901M" in first
    assert "this mail's offer sheet replaces any sent before it" in first
    bad = judge.replies(me, signon, "2 : F BRE - MAO", "9 : A PAR - MOS")
    assert set(bad) == {me}  # the reply, to its sender alone
    said = _flat(bad[me])
    assert "accepted" not in said, bad[me]
    assert "2> 2 : F BRE - MAO REFUSED, nothing changed: - refused with your whole sheet" \
        in said, bad[me]
    assert "your whole offer sheet is refused" in said
    assert "FRANCE's offer sheet: 4 : A PAR - BUR It offers 4 AgP in all" in said, said
    assert "the rest were done" not in said  # nothing else was done
    other = next(n for n in INVESTORS if n != leader)
    refused = _flat(judge.replies(investor(other), f"SIGNON FRANCE@xe pw{other.lower()}",
                                  "1 : A PAR H")[investor(other)])
    assert "Signed on" not in refused
    assert f"{other} does not lead, direct or command FRANCE in xe now" in refused
    process_due(session_factory, settings, clock + timedelta(days=40))
    with session_factory() as s:
        rows = s.scalars(select(OutboundMessage).where(
            OutboundMessage.recipient == me).order_by(OutboundMessage.id)).all()
    results = [m.body for m in rows if "S1901M results" in m.subject]
    assert results and "A PAR - BUR" in results[-1]  # the sheet in force was played
    assert "F BRE - MAO" not in results[-1]
