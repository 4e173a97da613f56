"""Moving the currencies' rates after a market turn (capitalist.md 5.3, bourse.md 5.3):
the units of each currency bought and sold over every line carried out, and each rate
moved by the net units bought."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class RateMove:
    """One currency's market of a turn: the units of it bought and sold, its old rate and
    its new one."""

    power: str
    bought: int
    sold: int
    old: int
    new: int


def moved_rate(rate: int, net: int, step_units: int, min_rate: int) -> int:
    """One step of rate per whole ``step_units`` of net units bought (``net`` negative
    when more were sold), truncated toward zero, never below ``min_rate``."""
    steps = abs(net) // step_units
    return max(min_rate, rate + (steps if net >= 0 else -steps))


def rate_moves(rates: Mapping[str, int], traded: Iterable[tuple[str, int]],
               moving: Iterable[str], step_units: int, min_rate: int) -> dict[str, RateMove]:
    """The market of each currency of ``moving``, in that order. ``traded`` holds every
    line carried out as (power, units), a sale's units negative; a currency's rate moves
    by the units of it bought less those sold (``moved_rate``)."""
    bought: dict[str, int] = {}
    sold: dict[str, int] = {}
    for power, units in traded:
        tally = sold if units < 0 else bought
        tally[power] = tally.get(power, 0) + abs(units)
    moves: dict[str, RateMove] = {}
    for power in moving:
        up, down, old = bought.get(power, 0), sold.get(power, 0), rates.get(power, 0)
        moves[power] = RateMove(power, up, down, old,
                                moved_rate(old, up - down, step_units, min_rate))
    return moves
