"""Convoys: which moves go by sea, and whether an unbroken chain of fleets carries them."""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping
from functools import cache

from judge.engine.board import Map, UnitType, province_of
from judge.engine.orders import Convoy, Move, Order


def convoy_chain_exists(
    board: Map, origin: str, dest: str, fleets: Collection[str], fleet_location: Mapping[str, str]
) -> bool:
    """Whether fleets (by province) link ``origin`` to ``dest`` through adjacent seas."""
    return bool(fleets_on_routes(board, origin, dest, fleets, fleet_location))


def fleets_on_routes(
    board: Map, origin: str, dest: str, fleets: Collection[str], fleet_location: Mapping[str, str]
) -> set[str]:
    """The fleets that lie on some chain from ``origin`` to ``dest``."""
    from_origin = _chain_reach(board, origin, fleets, fleet_location)
    if not any(_touches(board, fleet_location[f], dest) for f in from_origin):
        return set()
    return from_origin & _chain_reach(board, dest, fleets, fleet_location)


def _chain_reach(
    board: Map, start: str, fleets: Collection[str], fleet_location: Mapping[str, str]
) -> set[str]:
    remaining = set(fleets)
    frontier = [f for f in remaining if _touches(board, fleet_location[f], start)]
    reached = set(frontier)
    remaining -= reached
    while frontier:
        loc = fleet_location[frontier.pop()]
        step = [g for g in remaining if _touches(board, loc, g)]
        remaining.difference_update(step)
        reached.update(step)
        frontier.extend(step)
    return reached


def _touches(board: Map, sea: str, province: str) -> bool:
    """Whether the sea ``sea`` borders some location of ``province``."""
    return province in _shores(board)[sea]


@cache
def _shores(board: Map) -> dict[str, frozenset[str]]:
    """For every fleet location, the provinces it borders (any coast of them)."""
    return {loc: frozenset(province_of(n) for n in near) for loc, near in board.fleet_edges.items()}


def convoying_fleets(orders: Mapping[str, Order]) -> dict[tuple[str, str], list[str]]:
    """(army province, destination) -> provinces of the fleets ordered to convoy it there."""
    out: dict[tuple[str, str], list[str]] = {}
    for prov, order in orders.items():
        if isinstance(order, Convoy):
            out.setdefault((order.target.province, order.dest), []).append(prov)
    return out


def goes_by_convoy(
    board: Map,
    origin: str,
    move: Move,
    convoyers: Mapping[tuple[str, str], list[str]],
    power_of: Callable[[str], str],
    fleet_location: Mapping[str, str],
) -> bool:
    """Whether a move travels by sea (DATC 4.A.3, the 2000 rules with intent).

    A move to a province the army cannot reach by land goes by convoy; a move
    marked VIA CONVOY goes by convoy; a move the army could make by land goes by
    convoy only when a fleet of the army's own power is (legally) ordered to convoy
    it and the fleets so ordered could carry it (6.G.5, 6.G.6; an own fleet that
    could lie on no route has an illegal order and shows no intent, 6.G.7).
    """
    if move.unit.type is not UnitType.ARMY:
        return False
    if move.via_convoy or not board.adjacent(UnitType.ARMY, move.unit.location, move.dest):
        return True
    fleets = convoyers.get((origin, move.dest), ())
    mine = power_of(origin)
    if not any(power_of(f) == mine for f in fleets):
        return False
    return convoy_chain_exists(board, origin, move.dest, fleets, fleet_location)
