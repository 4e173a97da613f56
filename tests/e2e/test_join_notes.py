"""What the master is told when someone joins, read by mail through the real listener
(issue 23, point 6): a newcomer to a Bourse (before the start and in a phase, a host
player or not), the last power of a board game taken, a power the master opened taken
over, a market game that may start or is full. Each note says who joined or how many
have, as the game names them, and reads as a sentence; no note goes at each JOIN."""

from __future__ import annotations

import re

import pytest

from judge.games import KINDS, Kind
from judge.storage.mailqueue import OutboundMessage
from tests.e2e.conftest import MailJudge

GM = "gm@masters.example"


def _flat(text: str) -> str:
    return " ".join(text.split())


def _to_master(mails: list[OutboundMessage], subject: str) -> str:
    found = [m.body for m in mails if m.recipient == GM and m.subject == subject]
    assert len(found) == 1, [(m.recipient, m.subject) for m in mails]
    return found[0]


@pytest.mark.parametrize("host", [k.word for a in KINDS for k in KINDS if k.name in a.hosts])
def test_the_master_reads_who_joined_the_bourse(by_mail: MailJudge, host: str) -> None:
    game = f"j{host[:4].lower()}"
    by_mail.replies(GM, f"CREATE {game} masterpw {host} BOURSE")
    by_mail.replies("france@players.example", f"JOIN {game} pwfrance FRANCE")
    sent = by_mail.send("france@players.example", f"SIGNON BOURSE@{game} pwfrance",
                        "JOIN BOURSE Frenchie")
    note = _to_master(sent, f"Diplomacy game {game}: FRENCHIE joined the Bourse")
    assert note.startswith(f"FRENCHIE joined the Bourse of {game} before the start.\n")
    assert (f"For the master only: FRENCHIE is france@players.example (who also plays "
            f"FRANCE in {game}).") in _flat(note)
    assert all(len(line) <= 78 and not line.startswith(" ") for line in note.splitlines())
    assert "started" in by_mail.replies(GM, f"SIGNON MASTER@{game} masterpw", "START")[GM]
    sent = by_mail.send("dave@outside.example", f"SIGNON BOURSE@{game} pwdave",
                        "JOIN BOURSE dave")
    note = _to_master(sent, f"Diplomacy game {game}: DAVE joined the Bourse")
    assert note.startswith(f"DAVE joined the Bourse of {game} in S1901M.\n")
    assert "For the master only: DAVE is dave@outside.example." in _flat(note)
    assert "also plays" not in note


@pytest.mark.parametrize("word", [k.word for k in KINDS if k.board and not k.market])
def test_the_master_reads_that_a_board_game_is_full_and_who_took_over(
        by_mail: MailJudge, word: str) -> None:
    game = f"f{word[:4].lower()}"
    by_mail.replies(GM, f"CREATE {game} masterpw {word}")
    powers = ("AUSTRIA", "ENGLAND", "FRANCE", "GERMANY", "ITALY", "RUSSIA", "TURKEY")
    for power in powers[:-1]:
        sent = by_mail.send(f"{power.lower()}@players.example",
                            f"JOIN {game} pw{power.lower()} {power}")
        assert [m.recipient for m in sent] == [f"{power.lower()}@players.example"]
    sent = by_mail.send("turkey@players.example", f"JOIN {game} pwturkey TURKEY")
    note = _flat(_to_master(sent, f"Diplomacy game {game} is full"))
    assert f"Every power of the game '{game}' now has a player." in note
    by_mail.send(GM, f"SIGNON MASTER@{game} masterpw", "START")
    by_mail.send(GM, f"SIGNON MASTER@{game} masterpw", "REPLACE FRANCE")
    sent = by_mail.send("new@players.example", f"JOIN {game} pwnew FRANCE")
    note = _flat(_to_master(sent, f"Diplomacy game {game}: FRANCE has a new player"))
    assert note.startswith(f"France of the game '{game}' has a new player, who joined it "
                           "after you opened it (REPLACE FRANCE).")


# the game's CREATE words after its kind's: bounds of 2 to 3 where the kind has them
BOUNDS = {"exchange": "", "shareholders": "MIN_PLAYERS=2 MAX_PLAYERS=3",
          "capitalist": "MIN_PLAYERS=2 MAX_PLAYERS=3"}


@pytest.mark.parametrize("kind", [k for k in KINDS if k.market and not k.attachment],
                         ids=lambda k: k.name)
def test_the_master_of_a_market_game_reads_when_it_may_start(by_mail: MailJudge,
                                                             kind: Kind) -> None:
    """A market game starts at the master's START: he is told once when the fewest it
    may start with have joined and once when it is full, never at each JOIN (which
    anyone may send)."""
    game = f"m{kind.name[:5]}"
    created = _flat(by_mail.replies(GM, f"CREATE {game} masterpw {kind.word} "
                                        f"{BOUNDS[kind.name]}")[GM])
    fewest, most = map(int, re.findall(r"once (\d+) to (\d+) have joined", created)[0])
    assert (fewest, most) == ((2, 30) if not BOUNDS[kind.name] else (2, 3)), created
    names = ("ANN", "BEN", "CID")
    for count, name in enumerate(names, 1):
        sent = by_mail.send(f"{name.lower()}@players.example",
                            f"JOIN {game} pw{name.lower()} {name}")
        member = re.findall(r"as (\w+) " + name, _flat(sent[-1].body))[0]
        notes = [m for m in sent if m.recipient == GM]
        if count not in (fewest, most):
            assert not notes, [m.subject for m in sent]
            continue
        assert len(notes) == 1, [m.subject for m in sent]
        note = _flat(notes[0].body)
        if count == most:
            assert notes[0].subject == f"Diplomacy game {game} is full"
            assert note.startswith(f"The game '{game}' ({kind.title}) is full: {count} "
                                   f"{member}s have joined, as many as it may have. START "
                                   "(signed on as master) begins it")
        else:
            assert notes[0].subject == f"Diplomacy game {game}: 2 {member}s have joined"
            assert note.startswith(f"The game '{game}' ({kind.title}) has the fewest "
                                   f"{member}s it may start with: 2 {member}s have joined. "
                                   "START (signed on as master) begins it now")
    assert "started" in by_mail.replies(GM, f"SIGNON MASTER@{game} masterpw", "START")[GM]
