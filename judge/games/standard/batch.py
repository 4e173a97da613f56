"""The ``"game": "standard"`` cases: orders in, the adjudicated phase out."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from judge.batch.case import CaseError, board_of, field
from judge.engine.adjudicate import PhaseResult, adjudicate
from judge.engine.board import Map
from judge.engine.orders import Order
from judge.engine.position import Position
from judge.engine.state import lines_by_power, position_from_state, state_from_position
from judge.text.orders import order_reader
from judge.text.problems import OrderSyntaxError, ParseProblem


def play_case(case: Mapping[str, Any]) -> dict[str, Any]:
    """A standard case; a standard game knows no rule flags."""
    board = board_of(case)
    position = position_from_state(field(case, "state", dict), board)
    rules = field(case, "rules", list, default=[])
    if rules:
        raise CaseError(f"unknown rule flag(s) for a standard game: {', '.join(map(str, rules))}")
    return play_standard(case, position, board)


def play_standard(case: Mapping[str, Any], position: Position, board: Map) -> dict[str, Any]:
    """A phase played from the case's ``orders``: parse, adjudicate, report as the contract
    says."""
    orders, errors = parse_orders(field(case, "orders", dict, default={}), board)
    result = adjudicate(position, orders, board)
    return result_fields(result, errors)


def parse_orders(
    given: Mapping[str, Any], board: Map
) -> tuple[dict[str, list[Order]], dict[str, list[str]]]:
    """Each power's order lines as Orders, and the lines that could not be read."""
    orders: dict[str, list[Order]] = {}
    errors: dict[str, list[str]] = {}
    read = order_reader(board)
    for name, lines in lines_by_power(given, board, "orders").items():
        if not lines:
            continue
        mine = orders.setdefault(name, [])
        for line in lines:
            order = read(line)
            if isinstance(order, ParseProblem):
                errors.setdefault(name, []).append(f"{line}: {OrderSyntaxError(order)}")
            else:
                mine.append(order)
    return orders, errors


def result_fields(result: PhaseResult, parse_errors: Mapping[str, list[str]]) -> dict[str, Any]:
    """The contract's ``results``, ``errors``, ``state`` (and ``victory``) of a phase."""
    errors = {p: list(es) for p, es in parse_errors.items()}
    for power, es in result.errors.items():
        errors.setdefault(power, []).extend(str(e) for e in es)
    # _value_ is the member's value without the descriptor ``value`` goes through
    outcomes = {u.text: o._value_ for u, o in result.outcomes.items()}
    out: dict[str, Any] = {
        "results": {u: outcomes[u] for u in sorted(outcomes)},
        "errors": {p: errors[p] for p in sorted(errors) if errors[p]},
        "state": state_from_position(result.next),
    }
    if result.victory is not None:
        out["victory"] = result.victory
    return out
