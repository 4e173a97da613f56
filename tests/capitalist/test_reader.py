"""Commerce lines as players type them (grammar/capitalist.lark, judge/games/capitalist/text.py)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from judge.games.capitalist.text import read_trade
from judge.money.trades import Buy, NoTrade, Sell


@pytest.mark.parametrize(("line", "command"), [
    ("SELL 500 LIRA", Sell(500, "LIRA")),
    ("sell 500 lira", Sell(500, "LIRA")),
    ("  Buy   10   Marks ", Buy(10, "MARKS")),
    ("BUY 10 A", Buy(10, "A")),
    ("SELL 0 LIRA", Sell(0, "LIRA")),
    ("SELL -5 LIRA", Sell(-5, "LIRA")),
    ("SELL 10 NEW DOLLAR", Sell(10, "NEW DOLLAR")),
    ("NOTRADE", NoTrade()),
    ("notrade", NoTrade()),
    ("No Trade", NoTrade()),
    # normalised as every reader of the judge normalises a line (judge/text/normalize.py)
    ("SELL 500 LIRA.", Sell(500, "LIRA")),
    ("sell\u00a0500\u00a0lira", Sell(500, "LIRA")),
    ("1. BUY 10 MARK", Buy(10, "MARK")),
    ("\u2022 NOTRADE", NoTrade()),
    ("SELL \u22125 LIRA", Sell(-5, "LIRA")),
    ("BUY \uff11\uff10 MARK", Buy(10, "MARK")),
    ("BUY 10 MA\u200bRK", Buy(10, "MARK")),
])
def test_commands(line: str, command: object) -> None:
    assert read_trade(line) == command


@pytest.mark.parametrize("line", [
    "", "HELLO", "SELL", "SELL 100", "SELL LIRA 100", "SELL five LIRA", "SELL 1.5 LIRA",
    "BUY 10 LIRA, SELL 5 MARK", "NOTRADE NOW", "SELL 10 LIRA 5", "TRADE", "A PAR - BUR",
])
def test_lines_that_are_no_command(line: str) -> None:
    assert read_trade(line) is None


@given(st.text(max_size=60))
def test_random_text_never_crashes_the_reader(text: str) -> None:
    read_trade.cache_clear()
    assert read_trade(text) is None or isinstance(read_trade(text), (Sell, Buy, NoTrade))


@given(st.sampled_from(["SELL", "BUY", "sell", "Buy"]), st.integers(-10**6, 10**9),
       st.from_regex(r"[A-Za-z]{1,10}", fullmatch=True))
def test_every_well_formed_line_reads(word: str, units: int, currency: str) -> None:
    command = read_trade(f"{word} {units} {currency}")
    kind = Sell if word.upper() == "SELL" else Buy
    assert command == kind(units, currency.upper())
