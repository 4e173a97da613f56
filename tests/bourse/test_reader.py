"""grammar/bourse.lark read by judge/games/bourse/text.py: one line in, a command (or None)."""

from __future__ import annotations

import pytest

from judge.games.bourse.rules.commands import Buy, JoinBourse, NoTrade, Sell
from judge.games.bourse.text import read_command


@pytest.mark.parametrize(("line", "command"), [
    ("JOIN BOURSE Crown", JoinBourse("Crown")),
    ("  join   bourse   mr_x  ", JoinBourse("mr_x")),
    ("JOIN BOURSE SELL", JoinBourse("SELL")),
    ("JOIN BOURSE", JoinBourse("")),
    ("JOIN BOURSE two words", JoinBourse("two words")),
    ("SELL 100 LIRA", Sell(100, "LIRA")),
    ("sell 0 marks", Sell(0, "marks")),
    ("Buy -3 Piastres", Buy(-3, "Piastres")),
    ("BUY 115 g", Buy(115, "g")),
    ("NOTRADE", NoTrade()),
    ("no trade", NoTrade()),
])
def test_commands(line: str, command: object) -> None:
    assert read_command(line) == command


@pytest.mark.parametrize("line", ["", "HELLO", "SELL LIRA", "SELL 1.5 LIRA", "BUY 10",
                                  "SELL 10 LIRA NOW", "JOIN", "JOIN CLUB X", "NOTRADE NOW",
                                  "100 SELL LIRA"])
def test_lines_that_are_no_command(line: str) -> None:
    assert read_command(line) is None
