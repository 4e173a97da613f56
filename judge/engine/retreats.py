"""The retreat phase, and the retreat options of units dislodged in a movement phase."""

from __future__ import annotations

from collections.abc import Collection, Mapping

from judge.engine.board import Map, province_of
from judge.engine.orders import Order, Retreat
from judge.engine.outcomes import Outcome
from judge.engine.position import Position, Unit


def retreat_options(
    board: Map,
    unit: Unit,
    attacker: str | None,
    occupied: Collection[str],
    contested: Collection[str],
) -> tuple[str, ...]:
    """Where a dislodged unit may go: an adjacent location that is empty, was not left
    empty by a standoff, and is not where its attacker came from (a convoyed attacker
    came from nowhere adjacent, so it blocks nothing)."""
    assert unit.type is not None
    return tuple(
        sorted(
            loc
            for loc in board.neighbours(unit.type, unit.location)
            if (p := province_of(loc)) not in occupied and p not in contested and p != attacker
        )
    )


def options_in(position: Position, board: Map, unit: Unit) -> tuple[str, ...] | None:
    """Where a unit dislodged in ``position`` (a retreat phase) may retreat; None when it
    is no dislodged unit."""
    for dislodgements in position.dislodged.values():
        for d in dislodgements:
            if d.unit.province == unit.province:
                occupied = {u.province for us in position.units.values() for u in us}
                return retreat_options(board, d.unit, d.attacker, occupied, position.contested)
    return None


def resolve_retreats(
    dislodged: Mapping[str, tuple[str, Unit]], orders: Mapping[str, Order]
) -> tuple[dict[Unit, Outcome], dict[str, list[Unit]]]:
    """Carry out legal retreat orders (by province of the dislodged unit): two retreats to
    one province both fail, and every unit that does not retreat is disbanded."""
    targets: dict[str, int] = {}
    for order in orders.values():
        if isinstance(order, Retreat):
            targets[province_of(order.dest)] = targets.get(province_of(order.dest), 0) + 1
    outcomes: dict[Unit, Outcome] = {}
    survivors: dict[str, list[Unit]] = {}
    for prov, (power, unit) in dislodged.items():
        given = orders.get(prov)
        if isinstance(given, Retreat) and targets[province_of(given.dest)] == 1:
            outcomes[unit] = Outcome.OK
            survivors.setdefault(power, []).append(Unit(unit.type, given.dest))
        else:
            outcomes[unit] = Outcome.DISBANDED
    return outcomes, survivors
