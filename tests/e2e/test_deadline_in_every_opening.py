"""Every letter that opens a phase names its deadline, in every kind of game (issue 23,
point 4), read from a game of each kind played by mail through the real listener (the
START, then each phase processed by ``judge process`` at its deadline): the start
letter, any opening notice, and each results letter that opens the next phase, in the
judge's usual date format (``Tue Dec 01 2026 11:15 UTC``). Every reader (each player,
an observer, the master) gets the deadline in every letter of those. A private
statement, an income report or the market's chart reports on the phase played and opens
none."""

from __future__ import annotations

import pytest
from sqlalchemy.orm import Session, sessionmaker

from judge.config import Settings
from judge.games import Kind
from judge.service.reports.roster import deadline_text
from judge.storage.mailqueue import OutboundMessage
from tests.e2e.conftest import MailJudge
from tests.e2e.played import GM, Played, games

# what reports on the phase played only (its subject says so)
REPORTS = ("statement", "the market after", "bribe results", "bribe chart",
           "income report")


def opens(mail: OutboundMessage) -> bool:
    return not any(word in mail.subject for word in REPORTS)


@pytest.mark.parametrize("kind", games(), ids=lambda k: k.name)
def test_every_letter_that_opens_a_phase_names_its_deadline(
        by_mail: MailJudge, session_factory: sessionmaker[Session], settings: Settings,
        kind: Kind) -> None:
    played = Played(by_mail, session_factory, settings, kind)
    seen = 0
    for batch in played.batches():
        assert batch.opened is not None and batch.deadline is not None, batch.played
        when = deadline_text(batch.deadline, "UTC")
        assert when is not None
        for reader in played.readers:
            letters = [m for m in batch.to(reader) if opens(m)]
            assert letters, (batch.played, reader, [m.subject for m in batch.to(reader)])
            for mail in letters:
                assert when in " ".join(mail.body.split()), (
                    batch.played, batch.opened, reader, mail.subject, when, mail.body)
                seen += 1
    assert seen >= 3 * len(played.readers)  # the start and at least two phases played


@pytest.mark.parametrize("kind", games(), ids=lambda k: k.name)
def test_a_resumed_phase_names_its_deadline(
        by_mail: MailJudge, session_factory: sessionmaker[Session], settings: Settings,
        kind: Kind) -> None:
    """RESUME reopens the phase with its deadline moved on: everyone is told it."""
    played = Played(by_mail, session_factory, settings, kind)
    start = next(played.batches())
    master = f"SIGNON MASTER@{played.game} masterpw"
    by_mail.send(GM, master, "PAUSE")
    resumed = by_mail.send(GM, master, "RESUME")
    _, deadline = played.current()
    assert deadline is not None and start.deadline is not None and deadline >= start.deadline
    when = deadline_text(deadline, "UTC")
    assert when is not None
    for reader in played.readers:
        told = [" ".join(m.body.split()) for m in resumed if m.recipient == reader]
        assert any("resumed" in text and when in text for text in told), (reader, told)
