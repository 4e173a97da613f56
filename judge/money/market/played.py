"""What every market game's played phase shares: how the game ended, its part on the
board (the map's orders and outcomes), and the JSON it is kept as, read back (the
service keeps results as JSON)."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, Generic, TypedDict, TypeVar

from judge.engine.state import StateError

G = TypeVar("G")


@dataclass(frozen=True, slots=True)
class Ending:
    """How the game ended: its ``kind`` in the game's words (``solo``, ``draw``,
    ``end_year``, ``economic``), the winners and every member's score (points, net
    worth or portfolio value)."""

    kind: str
    winners: tuple[str, ...]
    scores: Mapping[str, float]


class OnTheBoard:
    """The board's part of a played phase that keeps its ``orders`` per unit and its
    ``results`` (each unit's outcome) as the contract's result does, None in a phase
    played off the board (a market phase, January or February)."""

    orders: Mapping[str, Any] | None
    results: Mapping[str, str] | None

    @property
    def board_orders(self) -> Mapping[str, Any]:
        """The orders played on the board (none off the board)."""
        return self.orders or {}

    @property
    def board_results(self) -> Mapping[str, str]:
        """Each unit's outcome on the board (none off the board)."""
        return self.results or {}


def played_ending(data: Mapping[str, Any]) -> Ending | None:
    """The ``end`` a played phase's JSON carries, or None while the game goes on."""
    end = data.get("end")
    if end is None:
        return None
    return Ending(str(end["kind"]), tuple(end.get("winners", ())), dict(end.get("scores", {})))


def played_state(data: Mapping[str, Any]) -> Mapping[str, Any]:
    """The state a played phase's JSON leaves the game in; StateError for none."""
    state = data.get("state")
    if not isinstance(state, Mapping):
        raise StateError("a result has no state")
    return state


def lines_by_name(data: Mapping[str, Any], key: str) -> dict[str, list[str]]:
    """A played phase's lines per member under ``key`` (its refusals, its warnings)."""
    return {name: list(lines) for name, lines in (data.get(key) or {}).items()}


class PlayedParts(TypedDict, Generic[G]):
    """What every market game's played phase keeps alike, as its constructor takes it:
    the lines refused per member, the game the phase leaves, how the game ended."""

    errors: dict[str, list[str]]
    game: G
    end: Ending | None


def played_parts(data: Mapping[str, Any],
                 read_game: Callable[[Mapping[str, Any]], G]) -> PlayedParts[G]:
    """A played phase's common parts from its JSON, the game read by ``read_game`` from
    its state (StateError for a result that has none)."""
    return {"errors": lines_by_name(data, "errors"), "game": read_game(played_state(data)),
            "end": played_ending(data)}
