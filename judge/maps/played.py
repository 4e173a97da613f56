"""A phase the engine played, as the renderer reads it: the contract's state of the
position it was played from, each unit's order text and each unit's result."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from judge.engine.adjudicate import PhaseResult
from judge.engine.orders import Waive
from judge.engine.state import state_from_position


@dataclass(frozen=True, slots=True)
class Played:
    state: dict[str, Any]
    orders: dict[str, str]
    results: dict[str, str]


def played(result: PhaseResult) -> Played:
    """The map's view of ``result``: every order the engine carried out (holds too),
    keyed by its unit as the contract names units, and every unit's outcome."""
    orders: dict[str, str] = {}
    for power_orders in result.orders.values():
        for order in power_orders:
            if isinstance(order, Waive):
                continue
            orders[order.unit.text] = str(order)
    results = {unit.text: outcome.value for unit, outcome in result.outcomes.items()}
    return Played(state_from_position(result.position), orders, results)
