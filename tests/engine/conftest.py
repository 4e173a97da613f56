"""Helpers to write positions and orders tersely in engine tests."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import pytest

from judge.engine.adjudicate import PhaseResult, adjudicate
from judge.engine.board import Map
from judge.engine.orders import Order
from judge.engine.position import Position
from judge.engine.state import position_from_state

STANDARD_CENTERS = {
    "AUSTRIA": ["BUD", "TRI", "VIE"],
    "ENGLAND": ["EDI", "LON", "LVP"],
    "FRANCE": ["BRE", "MAR", "PAR"],
    "GERMANY": ["BER", "KIE", "MUN"],
    "ITALY": ["NAP", "ROM", "VEN"],
    "RUSSIA": ["MOS", "SEV", "STP", "WAR"],
    "TURKEY": ["ANK", "CON", "SMY"],
}


class Play:
    """Build a position from contract-style dicts and play orders written as text."""

    def __init__(self, board: Map) -> None:
        self.board = board

    def position(
        self, phase: str, units: Mapping[str, Sequence[str]], centers=None, **extra
    ) -> Position:
        state = {"phase": phase, "units": units, "centers": centers or STANDARD_CENTERS, **extra}
        return position_from_state(state, self.board)

    def orders(self, orders: Mapping[str, Sequence[str]]) -> dict[str, list[Order]]:
        from judge.text.orders import parse_order

        return {p: [parse_order(o, self.board) for o in os] for p, os in orders.items()}

    def __call__(self, position: Position, orders: Mapping[str, Sequence[str]]) -> PhaseResult:
        return adjudicate(position, self.orders(orders), self.board)


@pytest.fixture
def play(board: Map) -> Play:
    return Play(board)
