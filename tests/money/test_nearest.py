"""The one "did you mean" of every kind (judge.money.names.nearest) and the count in
words (judge.money.counted): what a near miss meant, and ``1 share``, never ``1 shares``
(issue 23, point 5)."""

from __future__ import annotations

import pytest

from judge.money.counted import counted
from judge.money.names import did_you_mean, nearest

WORDS = ("BID", "NOBID", "BUY", "SELL", "NOTRADE", "WITHDRAW")


@pytest.mark.parametrize(("typed", "meant"), [
    ("BIDD", ["BID"]), ("BYU", ["BUY"]), ("SEL", ["SELL"]), ("sel", ["SELL"]),
    ("NOTRAD", ["NOTRADE"]), ("WITHDRWA", ["WITHDRAW"]),
    ("HELLO", []), ("BID", []), ("BU", []), ("XYZZY", []),
])
def test_the_command_a_near_miss_meant(typed: str, meant: list[str]) -> None:
    assert nearest(typed, WORDS) == meant


def test_names_and_several_at_once() -> None:
    assert nearest("ALIC", ["ALICE", "BOB"]) == ["ALICE"]
    assert nearest("FRNACE", ["FRANCE", "GERMANY", "ITALY"]) == ["FRANCE"]
    assert nearest("BRU", ["BRE", "BUR", "PRU", "PAR"]) == ["BRE", "BUR", "PRU"]
    assert did_you_mean("BRU", ["BRE", "BUR"]) == " (did you mean BRE or BUR?)"
    assert did_you_mean("ZZZ", ["BRE", "BUR"]) == ""


def test_counted() -> None:
    assert counted(1, "share") == "1 share"
    assert counted(2, "FRANCE share") == "2 FRANCE shares"
    assert counted(0, "share") == "0 shares"
    assert counted(1, "ask", "asks") == "1 ask"
