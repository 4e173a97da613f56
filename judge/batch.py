"""The ``judge adjudicate`` JSON Lines contract: one case in, one result out, per line.

See ``docs/adjudicate.md`` (and the contract it implements). Everything here is
callable from Python: ``run_case(dict) -> dict`` and ``run(lines) -> lines``.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Iterator, Mapping
from typing import IO, Any

from judge.engine.adjudicate import PhaseResult, adjudicate
from judge.engine.board import Map
from judge.engine.maps import load_map
from judge.engine.orders import Order
from judge.engine.position import Position
from judge.engine.state import (
    StateError,
    lines_by_power,
    position_from_state,
    state_from_position,
)
from judge.text.orders import parse_order
from judge.text.problems import OrderSyntaxError


class CaseError(ValueError):
    """A line that is not a case the judge can play; the message goes into the result."""


GameRunner = Callable[[Mapping[str, Any], Position, Map], dict[str, Any]]

# Money games register here (``"game": "payola"`` ...); standard is built in.
GAMES: dict[str, GameRunner] = {}


def register_games() -> None:
    """Make the money games known to ``run_case`` (imported only when asked for)."""
    from judge.money import batch as money_batch
    from judge.text.offers import read_sheet

    money_batch.register(GAMES, read_sheet, play_standard)


def run_case(case: Any) -> dict[str, Any]:
    """Play one case; never raises for bad input, answering ``{"id", "error"}`` instead."""
    case_id = case.get("id") if isinstance(case, dict) else None
    try:
        if not isinstance(case, dict):
            raise CaseError("a case must be a JSON object")
        board = _board(case)
        position = position_from_state(_field(case, "state", dict), board)
        game = case.get("game", "standard")
        if game == "standard":
            _standard_rules(case)
            return {"id": case_id, **play_standard(case, position, board)}
        runner = GAMES.get(game) if isinstance(game, str) else None
        if runner is None:
            known = ", ".join(["standard", *sorted(GAMES)])
            raise CaseError(f"unknown game {game!r} (known: {known})")
        return {"id": case_id, **runner(case, position, board)}
    except (CaseError, StateError) as e:
        return {"id": case_id, "error": str(e)}


def play_standard(case: Mapping[str, Any], position: Position, board: Map) -> dict[str, Any]:
    """A standard phase: parse the orders, adjudicate, and report as the contract says."""
    orders, errors = parse_orders(_field(case, "orders", dict, default={}), board)
    result = adjudicate(position, orders, board)
    return result_fields(result, errors)


def parse_orders(
    given: Mapping[str, Any], board: Map
) -> tuple[dict[str, list[Order]], dict[str, list[str]]]:
    """Each power's order lines as Orders, and the lines that could not be read."""
    orders: dict[str, list[Order]] = {}
    errors: dict[str, list[str]] = {}
    for name, lines in lines_by_power(given, board, "orders").items():
        for line in lines:
            try:
                orders.setdefault(name, []).append(parse_order(line, board))
            except OrderSyntaxError as e:
                errors.setdefault(name, []).append(f"{line}: {e}")
    return orders, errors


def result_fields(result: PhaseResult, parse_errors: Mapping[str, list[str]]) -> dict[str, Any]:
    """The contract's ``results``, ``errors``, ``state`` (and ``victory``) of a phase."""
    errors = {p: list(es) for p, es in parse_errors.items()}
    for power, es in result.errors.items():
        errors.setdefault(power, []).extend(str(e) for e in es)
    out: dict[str, Any] = {
        "results": dict(sorted((str(u), o.value) for u, o in result.outcomes.items())),
        "errors": {p: es for p, es in sorted(errors.items()) if es},
        "state": state_from_position(result.next),
    }
    if result.victory is not None:
        out["victory"] = result.victory
    return out


def run(lines: Iterable[str]) -> Iterator[str]:
    """One result line per input line, in order; blank lines are answered too."""
    for line in lines:
        try:
            case = json.loads(line)
        except ValueError as e:
            yield json.dumps({"id": None, "error": f"not valid JSON: {e}"})
            continue
        try:
            result = run_case(case)
        except Exception as e:  # noqa: BLE001 - one bad case must not end the run
            result = {
                "id": case.get("id") if isinstance(case, dict) else None,
                "error": f"internal error: {type(e).__name__}: {e}",
            }
        yield json.dumps(result)


def main(stdin: IO[str], stdout: IO[str]) -> int:
    for out in run(stdin):
        stdout.write(out)
        stdout.write("\n")
    stdout.flush()
    return 0


def _board(case: Mapping[str, Any]) -> Map:
    variant = case.get("variant", "standard")
    if not isinstance(variant, str):
        raise CaseError("variant must be a string")
    try:
        return load_map(variant.lower())
    except KeyError:
        raise CaseError(f"unknown variant {variant!r}") from None


def _standard_rules(case: Mapping[str, Any]) -> None:
    rules = _field(case, "rules", list, default=[])
    if rules:
        raise CaseError(f"unknown rule flag(s) for a standard game: {', '.join(map(str, rules))}")


def _field(case: Mapping[str, Any], name: str, kind: type, default: Any = None) -> Any:
    value = case.get(name, default)
    if value is None:
        raise CaseError(f"a case needs {name!r}")
    if not isinstance(value, kind):
        raise CaseError(f"{name!r} must be a JSON {'object' if kind is dict else 'array'}")
    return value
