"""Properties of the order reader over generated input: canonical text reads back as the
same order, spelling noise does not matter, and no text makes it fail other than with
OrderSyntaxError."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from judge.engine.board import Map
from judge.engine.orders import (
    Order,
)
from judge.text.orders import OrderSyntaxError, parse_order
from tests.text.order_strategies import BOARD, orders

FAST = settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@FAST
@given(orders)
def test_canonical_text_reads_back_as_the_same_order(order: Order) -> None:
    assert parse_order(str(order), BOARD) == order


@FAST
@given(orders, st.data())
def test_case_and_spacing_do_not_matter(order: Order, data: st.DataObject) -> None:
    words = str(order).split(" ")
    gaps = data.draw(st.lists(st.sampled_from([" ", "  ", "\t", "\u00a0"]), min_size=len(words)))
    cased = [w.lower() if data.draw(st.booleans()) else w for w in words]
    text = "".join(w + g for w, g in zip(cased, gaps, strict=False))
    assert parse_order(text, BOARD) == order


ORDER_WORDS = [
    "A", "F", "ARMY", "FLEET", "PAR", "BUR", "STP", "NC", "SC", "/", "(", ")", "-", "->", ">",
    "H", "S", "C", "D", "T", "M", "TO", "VIA", "CONVOY", "BUILD", "REMOVE", "WAIVE", "+",
    "NORTH", "COAST", "SEA", "MID-ATLANTIC", "OCEAN", "GULF", "OF", "LYON", "R", "B", "_",
    "1.", ".", ",", "\u2013", "\u2192", "#", "N", "E", "W", "BY", "HOLD", "SUPPORT", "",
]  # fmt: skip

order_like = st.lists(st.sampled_from(ORDER_WORDS), max_size=9).map(" ".join)


@FAST
@given(st.one_of(st.text(max_size=40), order_like, order_like.map(lambda s: s.replace(" ", ""))))
def test_any_text_is_an_order_or_an_order_syntax_error(text: str) -> None:
    try:
        order = parse_order(text, BOARD)
    except OrderSyntaxError as error:
        problem = error.problem
        assert problem.message
        assert 1 <= problem.column <= len(problem.line) + 1
    else:
        assert parse_order(str(order), BOARD) == order


@pytest.mark.parametrize("power", sorted(BOARD.starting_units))
def test_starting_units_hold_as_written(board: Map, power: str) -> None:
    for unit in board.starting_units[power]:
        assert str(parse_order(f"{unit} H", board)) == f"{unit} H"
