"""What the master is told when someone joins, read by mail through the real listener
(issue 23, point 6): a newcomer to a Bourse (before the start and in a phase, a host
player or not), the last power of a board game taken, a power the master opened taken
over. Each note says who joined, as the game names him, and reads as a sentence."""

from __future__ import annotations

import pytest

from judge.games import KINDS
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
    note = _to_master(sent, f"{game}: FRENCHIE joined the Bourse")
    assert note.startswith(f"FRENCHIE joined the Bourse of {game} before the start.\n")
    assert (f"For the master only: FRENCHIE is france@players.example (who also plays "
            f"FRANCE in {game}).") in _flat(note)
    assert all(len(line) <= 78 and not line.startswith(" ") for line in note.splitlines())
    assert "started" in by_mail.replies(GM, f"SIGNON MASTER@{game} masterpw", "START")[GM]
    sent = by_mail.send("dave@outside.example", f"SIGNON BOURSE@{game} pwdave",
                        "JOIN BOURSE dave")
    note = _to_master(sent, f"{game}: DAVE joined the Bourse")
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
