"""A waived build is stated in the results, in every kind that plays the board (issue 23,
point 6), by mail through the real listener: a power that may build two and builds one
reads that it waived the other, one that sends nothing reads that it waived its build,
one that sends WAIVE reads it too."""

from __future__ import annotations

import pytest

from judge.games import KINDS
from judge.storage.mailqueue import OutboundMessage
from tests.e2e.conftest import MailJudge

GM = "gm@masters.example"


def address(name: str) -> str:
    return f"{name.lower()}@players.example"


def _results(mails: list[OutboundMessage], reader: str) -> str:
    found = [m.body for m in mails if m.recipient == reader and "results" in m.subject]
    assert len(found) == 1, [(m.recipient, m.subject) for m in mails]
    return found[0]


# A board kind's orders by phase: France takes Spain and Portugal, England Norway.
BOARD = {
    "S1901M": {"FRANCE": ("A PAR - BUR", "A MAR - SPA", "F BRE - MAO"),
               "ENGLAND": ("F LON - NTH",)},
    "F1901M": {"FRANCE": ("F MAO - POR",), "ENGLAND": ("F NTH - NWY",)},
}


def _play_board(by_mail: MailJudge, game: str, words: str, offer: str) -> list[OutboundMessage]:
    by_mail.replies(GM, f"CREATE {game} masterpw {words}")
    for power in ("FRANCE", "ENGLAND"):
        by_mail.replies(address(power), f"JOIN {game} pw{power.lower()} {power}")
    assert "started" in by_mail.replies(GM, f"SIGNON MASTER@{game} masterpw", "START")[GM]
    for phase, orders in BOARD.items():
        for power, lines in orders.items():
            out = by_mail.replies(address(power), f"SIGNON {power}@{game} pw{power.lower()}",
                                  *(offer + line for line in lines))[address(power)]
            assert "REFUSED" not in out, out
        by_mail.send(GM, f"SIGNON MASTER@{game} masterpw", f"PROCESS {phase}")
    # W1901A: France may build 2 (Paris, Marseilles, Brest are empty) and builds one;
    # England may build 1 and sends nothing; Payola's France also says WAIVE
    builds = ("BUILD A PAR", "WAIVE") if offer else ("BUILD A PAR",)
    out = by_mail.replies(address("FRANCE"), f"SIGNON FRANCE@{game} pwfrance", *builds)
    assert "REFUSED" not in out[address("FRANCE")], out
    return by_mail.send(GM, f"SIGNON MASTER@{game} masterpw", "PROCESS W1901A")


@pytest.mark.parametrize("kind", [k.name for k in KINDS if k.board and not k.market])
def test_a_board_kind_states_its_waived_builds(by_mail: MailJudge, kind: str) -> None:
    word = next(k.word for k in KINDS if k.name == kind)
    offer = "0 : " if next(k.bank for k in KINDS if k.name == kind) else ""
    mails = _play_board(by_mail, f"w{kind[:5]}", word, offer)
    for reader in (address("FRANCE"), address("ENGLAND"), GM):
        body = _results(mails, reader)
        assert "Adjustment orders for Winter of 1901." in body
        assert "France: Builds an army in Paris.\n" in body
        assert "France builds 1 of 2, waives 1.\n" in body, body
        assert ("France: Build waived.\n" in body) == bool(offer)
        assert "England waives 1 build.\n" in body, body
        assert "Germany" not in body.split("Adjustment orders")[1]  # nothing to build
