"""A game with a Bourse beside it, end to end: smtplib to the listener, the worker, the
store and the processor; a member who joined before the start, a host player trading
under a pseudonym, an elimination after the Fall, a late joiner, the master's end."""

from __future__ import annotations

import re
from datetime import UTC, datetime, timedelta
from email import message_from_bytes
from email.policy import default

from sqlalchemy import select
from sqlalchemy.orm import Session, sessionmaker

from judge.config import Settings
from judge.mail.send import render
from judge.service.processing import process_due
from judge.storage.mailqueue import OutboundMessage
from judge.storage.schema import PhaseRecord
from tests.e2e.conftest import MailJudge

POWERS = ("AUSTRIA", "ENGLAND", "FRANCE", "GERMANY", "ITALY", "RUSSIA", "TURKEY")
GM = "gm@example.org"
CAROL = "carol@outside.example"
DAVE = "dave@outside.example"


def player(power: str) -> str:
    return f"{power.lower()}@players.example"


def _flat(text: str) -> str:
    return " ".join(text.split())


def new_mails(judge: MailJudge, factory: sessionmaker[Session]) -> list[OutboundMessage]:
    """The mails queued since the judge last looked, in order."""
    with factory() as s:
        rows = s.scalars(select(OutboundMessage).order_by(OutboundMessage.id)).all()
        new = list(rows[judge.seen:])
        judge.seen = len(rows)
    return new


def _deadline(judge: MailJudge, factory: sessionmaker[Session], settings: Settings,
              days: int) -> dict[str, list[OutboundMessage]]:
    """Run the processor as if ``days`` had passed; the mails it queued, by subject."""
    process_due(factory, settings, datetime.now(UTC) + timedelta(days=days))
    out: dict[str, list[OutboundMessage]] = {}
    for m in new_mails(judge, factory):
        out.setdefault(m.subject, []).append(m)
    return out


def test_a_bourse_beside_a_standard_game(by_mail: MailJudge, settings: Settings,
                                         session_factory: sessionmaker[Session]) -> None:
    judge = by_mail
    out = judge.replies(GM, "CREATE bx gmpass BOURSE WINTER_TURNS=ON CASH_SURPLUS=ON")
    assert "with a Bourse (CASH_SURPLUS=ON, WINTER_TURNS=ON)" in _flat(out[GM])
    for power in POWERS:
        judge.replies(player(power), f"JOIN bx pw{power.lower()} {power}")
    out = judge.replies(CAROL, "SIGNON BOURSE@bx carolpw", "JOIN BOURSE Crown")
    assert "You joined the Bourse of bx as CROWN" in _flat(out[CAROL])
    assert set(out) == {CAROL, GM} and CAROL in out[GM]  # the master alone is told who
    assert "started: S1901M" in judge.replies(GM, "SIGNON MASTER@bx gmpass", "START")[GM]

    out = judge.replies(CAROL, "SIGNON CROWN@bx carolpw", "SELL 100 LIRA", "BUY 100 MARKS",
                        "SELL 600 FRANCS")
    assert list(out) == [CAROL]
    body = _flat(out[CAROL])
    assert "accepted for S1901M" in body and "you may sell at most 500 FRANCS" in body
    france = player("FRANCE")
    out = judge.replies(france, "SIGNON BOURSE@bx argentpw", "JOIN BOURSE ARGENT",
                        "SELL 300 FRANCS", "BUY 300 LIRA")
    assert set(out) == {france, GM} and "as ARGENT" in out[france]
    assert "who also plays FRANCE" in out[GM]
    judge.replies(player("TURKEY"), "SIGNON TURKEY@bx pwturkey", "A CON-BUL")

    mails = _deadline(judge, session_factory, settings, 30)
    letters = mails["bx: Bourse S1901M results"]
    assert {m.recipient for m in letters} == {CAROL, france, GM}
    body = letters[0].body
    assert "CROWN                BUY 100 MARKS: bought 100, paid 100.00" in body
    assert "LIRA            300      100     1.00     1.02" in body

    with session_factory() as s:  # AUSTRIA is swept off the board before the Fall
        record = s.scalars(select(PhaseRecord).order_by(PhaseRecord.seq.desc())).first()
        assert record is not None and record.phase == "F1901M"
        state = dict(record.state)
        state["units"] = {**state["units"], "AUSTRIA": []}
        state["centers"] = {**state["centers"], "AUSTRIA": []}
        record.state = state
        s.commit()
    judge.replies(CAROL, "SIGNON CROWN@bx carolpw", "SELL 200 CROWNS", "BUY 150 LIRA")
    mails = _deadline(judge, session_factory, settings, 60)
    body = mails["bx: Bourse F1901M results"][0].body
    assert "CROWNS (AUSTRIA)" in body and "CROWNS 0.00" in body
    # the year's end: the Bourse's own letter carries the chart of the rates so far,
    # beside its text (docs/maps.md), to each member and the master
    for letter in mails["bx: Bourse F1901M results"]:
        assert letter.picture_name == "bx-F1901M-bourse.png" and letter.chart is None
        assert letter.picture is not None and len(letter.picture) <= 150_000
        sent = message_from_bytes(render(letter, settings, datetime.now(UTC)),
                                  policy=default)
        text, chart = sent.iter_parts()
        assert text.get_content().replace("\r\n", "\n").rstrip() == letter.body.rstrip()
        assert chart.get_content() == letter.picture

    # W1901A holds a turn (WINTER_TURNS); a late joiner gets no CROWNS
    out = judge.replies(DAVE, "SIGNON BOURSE@bx davepw1", "JOIN BOURSE bullion", "STATUS",
                        "BUY 10 CROWNS")
    body = _flat(out[DAVE])
    assert "Holdings: CROWNS 0, POUNDS 1000" in body
    assert "AUSTRIA is eliminated; its currency is worthless" in body

    mails = _deadline(judge, session_factory, settings, 0)
    assert not [s for s in mails if "Bourse" in s]  # NO_EARLY: nothing before the deadline
    judge.replies(GM, "SIGNON MASTER@bx gmpass", "TERMINATE")
    with session_factory() as s:
        ends = [m for m in s.scalars(select(OutboundMessage)) if m.subject == "bx: the Bourse ends"]
        everything = list(s.scalars(select(OutboundMessage)))
    assert {m.recipient for m in ends} == {CAROL, france, DAVE, GM}
    assert "Winner" in ends[0].body and "terminated" in ends[0].body

    owners = {"CROWN": CAROL, "ARGENT": france, "BULLION": DAVE}
    for mail in everything:
        for pseudonym, owner in owners.items():
            if mail.recipient.lower() in (owner, GM):
                continue
            assert owner not in mail.body
            if "Bourse" not in mail.subject:
                assert not re.search(rf"\b{pseudonym}\b", mail.body), mail.subject
        if "Bourse" in mail.subject and mail.recipient != GM:
            assert "@" not in mail.body
