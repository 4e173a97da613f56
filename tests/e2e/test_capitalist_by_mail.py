"""Capitalist Diplomacy end to end: nine pseudonyms by SMTP to the listener, the inbox
worker, the store and the processor, through a year with a new commander in the fall."""

from __future__ import annotations

import re
from datetime import UTC, datetime, timedelta

from sqlalchemy import select
from sqlalchemy.orm import Session, sessionmaker

from judge.config import Settings
from judge.service.processing import process_due
from judge.storage.mailqueue import OutboundMessage
from judge.storage.schema import Game
from tests.e2e.conftest import MailJudge

GM = "grace.master@gm.example"
PEOPLE = {
    "MIDAS": "alice.archer", "CROESUS": "bob.baker", "PLUTUS": "carol.cook",
    "MAMMON": "dave.dyer", "FUGGER": "erin.evans", "MEDICI": "frank.fisher",
    "SCROOGE": "gina.gale", "GEKKO": "hank.hill", "RICHIE": "ivy.irons",
}


def addr(pseudonym: str) -> str:
    return f"{PEOPLE[pseudonym]}@home.example"


def signon(pseudonym: str, power: str | None = None) -> str:
    return f"SIGNON {power or pseudonym}@cap pw{pseudonym.lower()}"


def flat(text: str) -> str:
    return " ".join(text.split())


class Clock:
    """The processor's clock: each run a month later, past every deadline."""

    def __init__(self, factory: sessionmaker[Session], settings: Settings) -> None:
        self.factory, self.settings = factory, settings
        self.now = datetime.now(UTC)

    def deadline(self, judge: MailJudge) -> dict[str, str]:
        """Run the processor once past the deadline: recipient -> the subjects and bodies
        of all it sent him."""
        self.now += timedelta(days=31)
        done = process_due(self.factory, self.settings, self.now)
        assert any(d.what == "processed" for d in done), done
        with self.factory() as s:
            rows = s.scalars(select(OutboundMessage).order_by(OutboundMessage.id)).all()
        new = rows[judge.seen:]
        judge.seen = len(rows)
        out: dict[str, str] = {}
        for m in new:
            out[m.recipient] = out.get(m.recipient, "") + f"{m.subject}\n{m.body}\n"
        return out

    def game(self) -> Game:
        with self.factory() as s:
            game = s.scalar(select(Game).where(Game.name == "cap"))
            assert game is not None
            return game


def test_a_capitalist_year_through_the_listener_store_and_processor(
        by_mail: MailJudge, session_factory: sessionmaker[Session], settings: Settings) -> None:
    judge, clock = by_mail, Clock(session_factory, settings)
    assert "Game cap created" in judge.replies(GM, "CREATE cap masterpw CAPITALIST")[GM]
    for name in PEOPLE:
        reply = judge.replies(addr(name), f"JOIN cap pw{name.lower()} {name}")
        assert f"as player {name}" in reply[addr(name)]
    started = judge.replies(GM, "SIGNON MASTER@cap masterpw", "START")
    assert "Game cap started: S1901C" in started[GM]
    assert set(started) == {GM} | {addr(n) for n in PEOPLE}

    # S1901C: MIDAS buys Mark; CROESUS's over-limit sale is refused with the spec's text
    out = judge.replies(addr("MIDAS"), signon("MIDAS"), "SELL 500 LIRA", "BUY 500 MARK")
    assert flat(out[addr("MIDAS")]).count("accepted for S1901C") == 2
    out = judge.replies(addr("CROESUS"), signon("CROESUS"), "SELL 501 LIRA")
    assert "you may sell at most 500 LIRA this turn" in flat(out[addr("CROESUS")])
    letters = clock.deadline(judge)
    assert "GERMANY MIDAS" in flat(letters[addr("PLUTUS")])
    assert "MARK 500 0 1.00 1.05" in flat(letters[addr("PLUTUS")])

    # S1901M: MIDAS commands GERMANY
    out = judge.replies(addr("MIDAS"), signon("MIDAS", "GERMANY"), "F KIE-DEN")
    # kept, not "accepted": a military order is checked with the power's other orders
    # when the phase is played (issue 22: no reply plays the phase)
    assert "kept for S1901M" in out[addr("MIDAS")]
    letters = clock.deadline(judge)
    assert "GERMANY (MIDAS) F KIE - DEN" in flat(letters[addr("RICHIE")])

    # F1901C: CROESUS outbuys MIDAS and commands GERMANY for the fall
    out = judge.replies(addr("CROESUS"), signon("CROESUS"), "SELL 500 POUND",
                        "SELL 500 RUBEL", "BUY 900 MARK")
    assert "REFUSED" not in out[addr("CROESUS")]
    letters = clock.deadline(judge)
    assert "GERMANY CROESUS" in flat(letters[addr("MIDAS")])
    # GERMANY by holdings; a lot may give him a tied power too (the game's seed is random)
    assert re.search(r"you command [A-Z, ]*GERMANY", letters[addr("CROESUS")])

    # F1901M: the spring commander is refused, the fall commander orders
    out = judge.replies(addr("MIDAS"), signon("MIDAS", "GERMANY"), "F DEN H")
    assert "MIDAS does not lead, direct or command GERMANY" in flat(out[addr("MIDAS")])
    out = judge.replies(addr("CROESUS"), signon("CROESUS", "GERMANY"), "F DEN H")
    assert "kept for F1901M" in out[addr("CROESUS")]
    letters = clock.deadline(judge)
    year = flat(letters[addr("SCROOGE")])
    assert "GERMANY (CROESUS) F DEN H" in year
    assert "GERMANY 3 -> 4 MARK 1.14 -> 1.19" in year
    assert clock.game().phase == "W1901A"

    # W1901A: the fall commander builds; the master processes the phase by mail
    out = judge.replies(addr("CROESUS"), signon("CROESUS", "GERMANY"), "BUILD A KIE")
    assert "kept for W1901A" in out[addr("CROESUS")]
    out = judge.replies(GM, "SIGNON MASTER@cap masterpw", "PROCESS")
    assert "W1901A processed; Next: S1902C." in flat(out[GM])
    assert "A KIE" in flat(out[addr("MEDICI")])
    assert clock.game().phase == "S1902C"

    # nobody was told another's address or name
    with session_factory() as s:
        mails = s.scalars(select(OutboundMessage)).all()
    for mail in mails:
        if mail.recipient == GM:
            continue
        text = mail.body.lower()
        for name, person in PEOPLE.items():
            if addr(name) != mail.recipient:
                assert person not in text and addr(name) not in text, (mail.recipient, person)
