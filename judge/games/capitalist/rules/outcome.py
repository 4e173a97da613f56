"""A Capitalist phase's result as a typed record (``PhasePlayed``) and its JSON codec:
the contract's keys (market-contract.md section 4) and those the mail service reads
beyond them (each player's trades as executed; each power's orders under its
commander), written in the order the batch interface prints them (``played_json``) and
read back by the mail service (``played_from_json``), whose letters read the record.
JSON only at the batch edge and in the store (issue 22)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from judge.engine.board import Map
from judge.games.capitalist.rules.state import CapitalistGame
from judge.games.capitalist.rules.state_json import game_from_state, state_of
from judge.money.market.played import Ending, OnTheBoard, lines_by_name, played_parts

BUY = "BUY"


@dataclass(frozen=True, slots=True)
class Dealt:
    """One trade of a player's as the deadline executed it: ``side`` BUY or SELL, the
    units ordered and the units executed (fewer when reduced)."""

    side: str
    power: str
    ordered: int
    units: int

    @property
    def bought(self) -> bool:
        return self.side == BUY


@dataclass(frozen=True, slots=True)
class Commanded:
    """A power's orders as played, under its commander's pseudonym."""

    by: str
    lines: tuple[str, ...]


@dataclass(frozen=True)
class PhasePlayed(OnTheBoard):
    """A phase played: the refused lines and the warnings per sender key, the game as
    the next phase opens and the end if any; a commerce phase's ``trades`` (per
    pseudonym, those that did something); a military phase's ``results`` (per unit),
    ``orders`` (per power) and, at the year-end step, every pseudonym's ``points``.
    None: the key is not in the result."""

    errors: Mapping[str, list[str]]
    game: CapitalistGame
    end: Ending | None
    warnings: Mapping[str, list[str]]
    trades: Mapping[str, tuple[Dealt, ...]] | None = None
    results: Mapping[str, str] | None = None
    orders: Mapping[str, Commanded] | None = None
    points: Mapping[str, int] | None = None

    @property
    def board_orders(self) -> Mapping[str, list[str]]:
        """The orders played on the board, each power's lines as a list, as the
        contract's result lists them (none in commerce)."""
        return {power: list(o.lines) for power, o in (self.orders or {}).items()}



def played_json(played: PhasePlayed, board: Map) -> dict[str, Any]:
    """The result as the batch interface prints it (without its ``id``): a commerce
    phase's keys, or a military phase's, each in the order the contract's examples
    give them."""
    state = state_of(played.game, board)
    end = _end(played.end)
    if played.trades is not None:
        return {"errors": played.errors, "state": state, "end": end,
                "warnings": played.warnings,
                "trades": {name: [{"side": d.side, "power": d.power, "ordered": d.ordered,
                                   "units": d.units} for d in dealt]
                           for name, dealt in played.trades.items()}}
    out: dict[str, Any] = {
        "results": dict(played.results or {}), "errors": played.errors, "state": state,
        "end": end, "warnings": played.warnings,
        "orders": {power: {"by": o.by, "lines": list(o.lines)}
                   for power, o in (played.orders or {}).items()}}
    if played.points is not None:
        out["points"] = played.points
    return out


def played_from_json(data: Mapping[str, Any], board: Map) -> PhasePlayed:
    """A result as ``played_json`` wrote it (the service keeps it as JSON); StateError
    for a state that is none."""
    trades = data.get("trades")
    orders = data.get("orders")
    return PhasePlayed(
        **played_parts(data, lambda state: game_from_state(state, board)),
        warnings=lines_by_name(data, "warnings"),
        trades=None if trades is None else {
            name: tuple(Dealt(str(t["side"]), str(t["power"]), int(t["ordered"]),
                              int(t["units"])) for t in dealt)
            for name, dealt in trades.items()},
        results=None if "results" not in data else dict(data["results"]),
        orders=None if orders is None else {
            power: Commanded(str(o["by"]), tuple(o["lines"])) for power, o in orders.items()},
        points=None if "points" not in data else dict(data["points"]),
    )


def _end(ending: Ending | None) -> dict[str, Any] | None:
    if ending is None:
        return None
    return {"kind": ending.kind, "winners": sorted(ending.winners),
            "scores": dict(sorted(ending.scores.items()))}
