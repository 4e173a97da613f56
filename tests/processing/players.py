"""Scripted players for whole-game tests: one power grabs centres, the others step aside,
so a game reaches 18 centres in a test's time. Orders are written as players type them."""

from __future__ import annotations

from collections import deque
from collections.abc import Mapping
from typing import Any

from judge.engine.adjustments import adjustment_due, buildable_centers
from judge.engine.board import Map, UnitType, province_of
from judge.engine.position import Position, Unit
from judge.engine.state import position_from_state


def position(state: Mapping[str, Any], board: Map) -> Position:
    return position_from_state(state, board)


def holds(pos: Position, power: str) -> list[str]:
    return [f"{u} H" for u in pos.units.get(power, ())]


def _path_step(board: Map, unit: Unit, goals: set[str], blocked: set[str]) -> str | None:
    """The first step of a shortest path from ``unit`` to any goal province, never through
    a blocked province (the goal itself may be entered)."""
    assert unit.type is not None
    seen = {unit.location}
    queue: deque[tuple[str, str | None]] = deque([(unit.location, None)])
    while queue:
        here, first = queue.popleft()
        for there in sorted(board.neighbours(unit.type, here)):
            if there in seen:
                continue
            seen.add(there)
            step = first or there
            if province_of(there) in goals:
                return step
            if province_of(there) not in blocked:
                queue.append((there, step))
    return None


def grab(pos: Position, power: str, board: Map) -> list[str]:
    """Each unit heads for the nearest centre its power does not own, one unit per target;
    a unit standing on a centre it has not yet counted stays to take it in the Fall."""
    own = pos.centers.get(power, frozenset())
    mine = {u.province for u in pos.units.get(power, ())}
    others = {u.province for p, us in pos.units.items() if p != power for u in us}
    wanted = {c for c in board.centers if c not in own}
    claimed: set[str] = set()
    orders: list[str] = []
    for unit in sorted(pos.units.get(power, ()), key=str):
        if unit.province in wanted and unit.province not in claimed:
            claimed.add(unit.province)
            orders.append(f"{unit} H")
            continue
        goals = wanted - claimed - mine
        step = _path_step(board, unit, goals, others | mine)
        if step is None or province_of(step) in claimed or province_of(step) in others:
            orders.append(f"{unit} H")
            continue
        claimed.add(province_of(step))
        if province_of(step) in goals:
            claimed.add(province_of(step))
        orders.append(f"{unit} - {step}")
    return orders


def step_aside(pos: Position, power: str, board: Map, winner_targets: set[str]) -> list[str]:
    """Leave centres for empty non-centre provinces nobody else is heading to."""
    occupied = {u.province for us in pos.units.values() for u in us}
    taken = set(winner_targets)
    orders: list[str] = []
    for unit in sorted(pos.units.get(power, ()), key=str):
        assert unit.type is not None
        if not board.is_center(unit.province):
            orders.append(f"{unit} H")
            continue
        free = [d for d in sorted(board.neighbours(unit.type, unit.location))
                if not board.is_center(province_of(d)) and province_of(d) not in occupied
                and province_of(d) not in taken]
        if not free:
            orders.append(f"{unit} H")
            continue
        taken.add(province_of(free[0]))
        orders.append(f"{unit} - {free[0]}")
    return orders


def targets(orders: list[str]) -> set[str]:
    return {province_of(o.split(" - ")[1]) for o in orders if " - " in o}


def retreats(pos: Position, power: str) -> list[str]:
    """Every dislodged unit disbands (the test's powers keep it simple)."""
    return [f"{d.unit} D" for d in pos.dislodged.get(power, ())]


def adjustments(pos: Position, power: str, board: Map) -> list[str]:
    """Builds in free home centres (a fleet on the coast, else an army); removals of the
    units farthest down the alphabet; WAIVE when nothing can be built."""
    due = adjustment_due(pos, board, power)
    if due < 0:
        units = sorted(pos.units.get(power, ()), key=str, reverse=True)
        return [f"REMOVE {u}" for u in units[:-due]]
    orders = []
    for center in buildable_centers(pos, board, power)[:due]:
        coast = board.fleet_locations(center)
        kind = "F" if coast and center in ("BRE", "KIE", "LON", "EDI", "NAP", "SEV", "ANK",
                                           "TRI") else "A"
        where = coast[0] if kind == "F" else center
        assert board.can_stand(UnitType.FLEET if kind == "F" else UnitType.ARMY, where)
        orders.append(f"BUILD {kind} {where}")
    return orders
