"""An order as spelled, before the map is asked what its names mean.

Both readers of order lines make these: the Lark grammar (``judge.text.order_grammar``)
for every line, and the shortcut for canonical lines (``judge.text.canonical``). The
map's names are resolved afterwards, the same way for both (``judge.text.orders``).
"""

from __future__ import annotations

from typing import NamedTuple

from judge.engine.board import UnitType

# Named tuples, not frozen dataclasses: every line read for the first time makes a few of
# these, and a tuple is built in one step where a frozen dataclass sets field by field.


class Place(NamedTuple):
    """A location as spelled: province words, and the coast if one was given (``NC`` for
    any spelling of the north coast); columns count from 1."""

    name: str
    column: int
    coast: str | None = None
    coast_text: str = ""
    coast_column: int = 0


class SpelledUnit(NamedTuple):
    type: UnitType | None
    place: Place


class Spelled(NamedTuple):
    """An order as spelled: its kind (the engine's order class), its units and places in
    the order written, and whether the move asked to go by convoy."""

    kind: type
    units: tuple[SpelledUnit, ...]
    places: tuple[Place, ...]
    via: bool
