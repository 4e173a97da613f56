"""HISTORY of a BLIND game tells anyone what its observers were told of each phase (no
unit, no order), never every power's orders: those went each to its own player alone,
as far as its units could see."""

from __future__ import annotations

from collections.abc import Callable

from judge.demo import SPRING
from tests.processing.conftest import POWERS, Judge, address, signon


def test_history_of_a_blind_game_shows_no_order(full: Callable[..., Judge]) -> None:
    judge = full("PAYOLA BLIND")
    judge.run()  # started
    for power in POWERS:
        judge.reply(address(power), signon(power), *SPRING[power])
    judge.later(days=30)
    history = judge.reply("stranger@elsewhere.example", "HISTORY alpha")
    assert "S1901M:" in history
    assert "This is a BLIND game" in history
    for power in POWERS:
        for order in SPRING[power]:
            assert order.split(" : ")[-1] not in history, order
    assert all(len(line) <= 78 for line in history.splitlines())


def test_history_of_an_open_game_lists_the_orders(full: Callable[..., Judge]) -> None:
    judge = full("PAYOLA")
    judge.run()
    for power in POWERS:
        judge.reply(address(power), signon(power), *SPRING[power])
    judge.later(days=30)
    history = judge.reply("stranger@elsewhere.example", "HISTORY alpha")
    assert "FRANCE   A PAR - BUR" in history
