"""Reading Exchange command lines (grammar/exchange.lark): spellings, unreadable lines, and
what a line with no command word is in each phase."""

from __future__ import annotations

import pytest

from judge.engine.maps import load_map
from judge.games.exchange.rules import commands as c
from judge.games.exchange.text.lines import read_command, read_mail_line

BOARD = load_map("standard")


@pytest.mark.parametrize(("line", "value"), [
    ("BID FRANCE 150", c.BidFor("FRANCE", 150)),
    ("bid f 150 shares 20 price 9", c.BidFor("F", 150, 20, 9)),
    ("BID FRA 150 PRICE 9", c.BidFor("FRA", 150, None, 9)),
    ("NOBID ITALY", c.NoBid("ITALY")),
    ("ISSUE FRANCE 13", c.Issue("FRANCE", 13)),
    ("SETUP FRANCE SHARES 30 PRICE 10", c.Setup("FRANCE", 30, 10)),
    ("PRICE GERMANY 15", c.Price("GERMANY", 15)),
    ("VALUES FRANCE BRE 20 MAR 20 PAR 20",
     c.Values("FRANCE", (("BRE", 20), ("MAR", 20), ("PAR", 20)))),
    ("APPROVE FRANCE", c.Approve("FRANCE", True)),
    ("reject france", c.Approve("FRANCE", False)),
    ("PURCHASE 5*GERMANY 8 * FRANCE ITALY",
     c.Purchase(((5, "GERMANY"), (8, "FRANCE"), (1, "ITALY")))),
    ("CAP 130", c.Cap(130)),
    ("NOCAP", c.NoCap()),
    ("NOPURCHASE", c.NoPurchase()),
    ("VOTE FRANCE ALICE", c.Vote("FRANCE", "ALICE")),
    ("TIEBREAK FRANCE BOB ALICE", c.Tiebreak("FRANCE", ("BOB", "ALICE"))),
    ("DIVIDEND FRANCE 3", c.Dividend("FRANCE", 3)),
    ("TRANSFER 400 TO BOB", c.Transfer(400, "BOB")),
    ("ASK FRANCE 4 AT 15", c.AskShares("FRANCE", 4, 15)),
    ("WITHDRAW #1", c.Withdraw(1)),
    ("TAKE 1 2", c.Take(1, 2)),
    ("LEDGER FRANCE", c.Ledger("FRANCE")),
    ("DRAW FRANCE FRANCE ENGLAND", c.Draw("FRANCE", ("FRANCE", "ENGLAND"))),
    ("NODRAW FRANCE", c.NoDraw("FRANCE")),
    ("ACCEPT F E ?", c.Accept("FE?")),
    ("  transfer   5  to  carol ", c.Transfer(5, "CAROL")),
])
def test_reads(line: str, value: c.Command) -> None:
    assert read_command(line) == value


@pytest.mark.parametrize("line", [
    "BID FRANCE", "BID FRANCE -5", "BID FRANCE 1.5", "TRANSFER TEN TO BOB", "TAKE 1",
    "SETUP FRANCE 30 10", "NOCAP 5", "DRAW FRANCE", "VOTE FRANCE", "ASK FRANCE 4 15",
])
def test_unreadable_lines(line: str) -> None:
    assert isinstance(read_command(line), c.Unreadable)


def test_a_line_with_no_command_word_by_phase() -> None:
    assert read_mail_line("HELLO", BOARD, "B") == c.UnitLine("HELLO")
    assert read_mail_line("HELLO", BOARD, "M") == c.UnitLine("HELLO")
    offer = read_mail_line("3 : F LON - NTH", BOARD, "M")
    assert isinstance(offer, c.OfferLine) and offer.written is not None
    bad = read_mail_line("3 : F LON - XYZ", BOARD, "M")
    assert isinstance(bad, c.OfferLine) and bad.error is not None
    assert read_mail_line("CLEAR", BOARD, "M") == c.OfferLine("CLEAR")
    build = read_mail_line("BUILD A PAR", BOARD, "A")
    assert isinstance(build, c.UnitOrder) and str(build.order) == "BUILD A PAR"
    retreat = read_mail_line("A PAR - GAS", BOARD, "R")
    assert isinstance(retreat, c.UnitOrder) and retreat.order is not None
    assert read_mail_line("NONSENSE HERE", BOARD, "R").problem  # type: ignore[union-attr]
