"""Issue 23, found by the property test of every kind (test_truthful_replies_every_kind.py):
the Bourse answered a member's first orders of a turn with "this mail's orders replace
the ones sent before it" when none had been sent. It says "replace any sent before it",
true of a first set too, as the other kinds' replies do."""

from __future__ import annotations

from tests.markets.conftest import MarketJudge
from tests.markets.test_bourse_by_mail import CAROL, _flat, _game, _join, _lines, _start


def test_a_first_set_replaces_any_sent_before_it(market: MarketJudge) -> None:
    _game(market, "CASH_SURPLUS=ON")
    _join(market, CAROL, "crown")
    _start(market)
    first = _lines(market, CAROL, "SELL 100 LIRA")
    assert "this mail's trades replace any sent before it" in first, first
    assert "the ones sent before it" not in first, first
    second = _lines(market, CAROL, "SELL 20 POUNDS")
    assert "this mail's trades replace any sent before it" in second, second
    assert "Your orders: SELL 20 POUNDS" in _flat(second), second
