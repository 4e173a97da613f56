"""The orders a unit could be given, and random legal orders for whole positions.

Used by property tests, the benchmark's game generator and anyone fuzzing the
engine. Randomness is always an explicit ``random.Random``.
"""

from __future__ import annotations

import random
from collections.abc import Iterator

from judge.engine.adjustments import adjustment_due, buildable_centers
from judge.engine.board import Map, Terrain, UnitType, province_of
from judge.engine.legality import check_order
from judge.engine.orders import (
    Build,
    Convoy,
    Disband,
    Hold,
    Move,
    Order,
    Remove,
    Retreat,
    SupportHold,
    SupportMove,
    Waive,
)
from judge.engine.outcomes import Reason
from judge.engine.phase import PhaseKind
from judge.engine.position import Position, Unit
from judge.engine.seas import convoy_possible


def move_targets(board: Map, unit: Unit) -> list[Move]:
    """Every move the unit may be ordered to make (by land or sea, or by convoy)."""
    assert unit.type is not None
    moves = [Move(unit, loc) for loc in sorted(board.neighbours(unit.type, unit.location))]
    if unit.type is UnitType.ARMY and board.terrain(unit.province) is Terrain.COAST:
        near = {m.dest for m in moves}
        moves += [
            Move(unit, p, via_convoy=True)
            for p in sorted(board.provinces)
            if p not in near and p != unit.province and convoy_possible(board, unit.province, p)
        ]
    return moves


def legal_orders(unit: Unit, position: Position, board: Map) -> Iterator[Order]:
    """Every legal movement order for a unit on the board (supports and convoys of
    every other unit included), each as ``check_order`` would return it."""
    candidates: list[Order] = [Hold(unit), *move_targets(board, unit)]
    for _, other in position.occupant.values():
        if other == unit:
            continue
        candidates.append(SupportHold(unit, other))
        for m in move_targets(board, other):
            candidates.append(SupportMove(unit, other, province_of(m.dest)))
            if other.type is UnitType.ARMY:
                candidates.append(Convoy(unit, other, province_of(m.dest)))
    seen: set[Order] = set()
    for order in candidates:
        checked = check_order(order, None, position, board)
        if not isinstance(checked, Reason) and checked not in seen:
            seen.add(checked)
            yield checked


def random_orders(position: Position, board: Map, rng: random.Random) -> dict[str, list[Order]]:
    """Random legal orders for every power, in whatever phase the position is."""
    kind = position.phase.kind
    if kind is PhaseKind.MOVEMENT:
        return _random_movement(position, board, rng)
    if kind is PhaseKind.RETREAT:
        return _random_retreats(position, board, rng)
    return _random_adjustments(position, board, rng)


def _random_movement(position: Position, board: Map, rng: random.Random) -> dict[str, list[Order]]:
    chosen: dict[str, Order] = {}
    for prov, (_, unit) in sorted(position.occupant.items()):
        moves = move_targets(board, unit)
        by_land = [m for m in moves if not m.via_convoy]
        by_sea = [m for m in moves if m.via_convoy]
        roll = rng.random()
        # As in real games: mostly moves next door, now and then a convoy.
        if by_sea and roll < 0.08:
            chosen[prov] = rng.choice(by_sea)
        elif by_land and roll < 0.6:
            chosen[prov] = rng.choice(by_land)
        else:
            chosen[prov] = Hold(unit)
    for prov, (_, unit) in sorted(position.occupant.items()):
        if rng.random() < 0.35:
            helped = _random_help(unit, chosen, position, board, rng)
            if helped is not None:
                chosen[prov] = helped
    out: dict[str, list[Order]] = {}
    for prov, order in chosen.items():
        power = position.occupant[prov][0]
        if not isinstance(check_order(order, power, position, board), Reason):
            out.setdefault(power, []).append(order)
    return out


def _random_help(
    unit: Unit, chosen: dict[str, Order], position: Position, board: Map, rng: random.Random
) -> Order | None:
    """A support or convoy matching some other unit's chosen order, when one is legal."""
    options: list[Order] = []
    for prov, order in chosen.items():
        if prov == unit.province:
            continue
        other = position.occupant[prov][1]
        if isinstance(order, Move):
            options.append(SupportMove(unit, other, province_of(order.dest)))
            if order.via_convoy:
                options.append(Convoy(unit, other, order.dest))
        elif not isinstance(order, (SupportMove, SupportHold, Convoy)) or rng.random() < 0.5:
            options.append(SupportHold(unit, other))
    rng.shuffle(options)
    for order in options[:12]:
        if not isinstance(check_order(order, None, position, board), Reason):
            return order
    return None


def _random_retreats(position: Position, board: Map, rng: random.Random) -> dict[str, list[Order]]:
    out: dict[str, list[Order]] = {}
    for power, ds in sorted(position.dislodged.items()):
        for d in ds:
            assert d.unit.type is not None
            options = [
                Retreat(d.unit, loc)
                for loc in sorted(board.neighbours(d.unit.type, d.unit.location))
                if not isinstance(check_order(Move(d.unit, loc), power, position, board), Reason)
            ]
            if options and rng.random() < 0.85:
                out.setdefault(power, []).append(rng.choice(options))
            elif rng.random() < 0.5:
                out.setdefault(power, []).append(Disband(d.unit))
    return out


def _random_adjustments(
    position: Position, board: Map, rng: random.Random
) -> dict[str, list[Order]]:
    out: dict[str, list[Order]] = {}
    for power in sorted(set(position.units) | set(position.centers)):
        due = adjustment_due(position, board, power)
        orders: list[Order] = []
        if due > 0:
            for prov in rng.sample(buildable_centers(position, board, power), due):
                fleet = board.terrain(prov) is Terrain.COAST and rng.random() < 0.4
                loc = rng.choice(board.fleet_locations(prov)) if fleet else prov
                orders.append(Build(Unit(UnitType.FLEET if fleet else UnitType.ARMY, loc)))
            if orders and rng.random() < 0.1:
                orders[-1] = Waive()
        elif due < 0 and rng.random() < 0.8:
            units = list(position.units.get(power, ()))
            orders.extend(Remove(u) for u in rng.sample(units, min(-due, len(units))))
        if orders:
            out[power] = orders
    return out
