"""The adjustment phase: builds, removals, waives, and removals in civil disorder."""

from __future__ import annotations

from collections import deque
from collections.abc import Mapping, Sequence
from functools import cache

from judge.engine.board import Map, UnitType, province_of
from judge.engine.orders import Build, Order, Remove, Waive
from judge.engine.outcomes import Outcome, Reason
from judge.engine.position import Position, Unit


def adjustment_due(position: Position, board: Map, power: str) -> int:
    """Builds (positive) or removals (negative) a power may make; builds are limited to
    the vacant home centres it owns."""
    delta = len(position.centers.get(power, ())) - len(position.units.get(power, ()))
    if delta > 0:
        return min(delta, len(buildable_centers(position, board, power)))
    return delta


def buildable_centers(position: Position, board: Map, power: str) -> list[str]:
    owned = position.centers.get(power, frozenset())
    return sorted(
        c for c in board.homes.get(power, ()) if c in owned and position.unit_at(c) is None
    )


def resolve_adjustments(
    position: Position, board: Map, power: str, orders: Sequence[Order]
) -> tuple[list[Order], dict[Unit, Outcome], list[tuple[Order, Reason]]]:
    """One power's adjustments: the orders carried out (civil-disorder removals added),
    outcomes of built and removed units, and orders refused for count reasons."""
    due = adjustment_due(position, board, power)
    done: list[Order] = []
    outcomes: dict[Unit, Outcome] = {}
    refused: list[tuple[Order, Reason]] = []
    used: set[str] = set()
    for order in orders:
        if isinstance(order, (Build, Waive)):
            if due <= 0 or sum(isinstance(o, (Build, Waive)) for o in done) >= due:
                refused.append((order, Reason.NO_BUILDS))
            elif isinstance(order, Build) and order.unit.province in used:
                refused.append((order, Reason.ALREADY_BUILDING))
            else:
                done.append(order)
                if isinstance(order, Build):
                    used.add(order.unit.province)
                    outcomes[order.unit] = Outcome.BUILT
        elif isinstance(order, Remove):
            if due >= 0 or len(outcomes) >= -due:
                refused.append((order, Reason.NO_REMOVALS))
            elif order.unit in outcomes:
                refused.append((order, Reason.ALREADY_ORDERED))
            else:
                done.append(order)
                outcomes[order.unit] = Outcome.REMOVED
    if due < 0:
        keep = [u for u in position.units.get(power, ()) if u not in outcomes]
        for unit in civil_disorder_removals(board, power, keep, -due - len(outcomes)):
            done.append(Remove(unit))
            outcomes[unit] = Outcome.REMOVED
    return done, outcomes, refused


def civil_disorder_removals(
    board: Map, power: str, units: Sequence[Unit], count: int
) -> list[Unit]:
    """The units removed when a power orders too few removals: ``removal_order`` from
    its home centres (DATC 6.J.3-6.J.11), the first ``count`` of them."""
    return removal_order(board, board.homes.get(power, frozenset()), units)[: max(count, 0)]


UNREACHABLE = 1_000_000  # the distance of a unit that can reach none of the centres


def removal_order(board: Map, homes: frozenset[str], units: Sequence[Unit],
                  by_abbreviation: bool = False) -> list[Unit]:
    """``units`` in the order they are removed: farthest from ``homes`` first, fleets
    before armies at equal distance, then alphabetically by the province's full English
    name, as the rulebook says (Greece before Gulf of Lyon, Marseilles before
    Mid-Atlantic Ocean, Norway before Norwegian Sea). ``by_abbreviation`` orders those
    ties by the canonical abbreviation instead (GOL before GRE), as 1901-Shareholders'
    upkeep does (its spec's D20). A unit that reaches none of ``homes`` counts as
    farthest."""

    def rank(u: Unit) -> tuple[int, int, str, str]:
        assert u.type is not None
        province = board.provinces.get(u.province)
        name = "" if by_abbreviation or province is None else province.name.casefold()
        return (
            -home_distance(board, homes, u.type, u.location),
            0 if u.type is UnitType.FLEET else 1,
            name,
            u.province,
        )

    return sorted(units, key=rank)


@cache
def home_distance(board: Map, homes: frozenset[str], unit_type: UnitType, location: str) -> int:
    """Moves from ``location`` to the nearest of ``homes`` (UNREACHABLE when none): an
    army counts every adjacency, seas included (DATC 6.J.10-11); a fleet sails only as a
    fleet and reaches a centre on either coast (6.J.9)."""
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
    return UNREACHABLE


def _steps(board: Map, unit_type: UnitType, location: str) -> frozenset[str]:
    if unit_type is UnitType.FLEET:
        return board.neighbours(UnitType.FLEET, location)
    prov = province_of(location)
    out = set(board.neighbours(UnitType.ARMY, prov))
    for loc in board.fleet_locations(prov):
        out.update(province_of(n) for n in board.neighbours(UnitType.FLEET, loc))
    return frozenset(out)


def units_after(position: Position, power: str, outcomes: Mapping[Unit, Outcome]) -> list[Unit]:
    kept = [u for u in position.units.get(power, ()) if outcomes.get(u) is not Outcome.REMOVED]
    return kept + [u for u, o in outcomes.items() if o is Outcome.BUILT]
