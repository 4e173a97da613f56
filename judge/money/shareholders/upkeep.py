"""Upkeep removals (spec 5.5, D20, D21): which units a country that cannot pay loses.

Farthest, in moves, from the country's owned home centres first; at equal distance
fleets before armies, then the canonical province abbreviation (``MAO`` before ``MAR``).
An army counts every adjacency, seas included (DATC 6.J.10-11); a fleet sails only as a
fleet and reaches a home centre on either coast (6.J.9). A unit that can reach no owned
home centre counts as farthest.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Sequence

from judge.engine.board import Map, UnitType, province_of
from judge.engine.position import Unit

FARTHEST = 1_000_000


def removal_order(board: Map, homes: frozenset[str], units: Sequence[Unit]) -> list[Unit]:
    """``units`` in the order they are removed for lack of cash."""

    def rank(u: Unit) -> tuple[int, int, str]:
        assert u.type is not None
        fleet_first = 0 if u.type is UnitType.FLEET else 1
        return (-distance(board, homes, u.type, u.location), fleet_first, u.province)

    return sorted(units, key=rank)


def distance(board: Map, homes: frozenset[str], unit_type: UnitType, location: str) -> int:
    """Moves from ``location`` to the nearest of ``homes``; FARTHEST when none is reached."""
    seen = {location}
    frontier = deque([(location, 0)])
    while frontier:
        loc, d = frontier.popleft()
        if province_of(loc) in homes:
            return d
        for nxt in _steps(board, unit_type, loc):
            if nxt not in seen:
                seen.add(nxt)
                frontier.append((nxt, d + 1))
    return FARTHEST


def _steps(board: Map, unit_type: UnitType, location: str) -> set[str]:
    if unit_type is UnitType.FLEET:
        return set(board.neighbours(UnitType.FLEET, location))
    prov = province_of(location)
    out = set(board.neighbours(UnitType.ARMY, prov))
    for loc in board.fleet_locations(prov):
        out.update(province_of(n) for n in board.neighbours(UnitType.FLEET, loc))
    return out
