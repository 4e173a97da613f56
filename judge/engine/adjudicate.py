"""adjudicate(position, orders) -> PhaseResult: one phase of a game, any kind."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from judge.engine.adjustments import adjustment_due, resolve_adjustments, units_after
from judge.engine.board import Map
from judge.engine.legality import check_movement_order, check_order
from judge.engine.movement import resolve_movement
from judge.engine.orders import Disband, Hold, Order
from judge.engine.outcomes import Outcome, Reason
from judge.engine.phase import Phase, PhaseKind, Season
from judge.engine.position import Dislodgement, Position, Unit, moved_unit
from judge.engine.retreats import resolve_retreats, retreat_options


@dataclass(frozen=True, slots=True)
class OrderError:
    """An order that was refused: the text as given and the reason."""

    power: str
    text: str
    reason: Reason

    def __str__(self) -> str:
        return f"{self.text}: {self.reason.value}"


@dataclass(frozen=True)
class PhaseResult:
    """Everything a phase produced.

    ``orders`` holds, per power, the orders the engine carried out (after legality
    and defaults: unordered units hold, unordered retreats disband, civil-disorder
    removals). ``outcomes`` is keyed by unit as it stood at the start of the phase
    (a built unit by its new self). ``retreats`` gives each dislodged unit its legal
    retreat locations (empty: destroyed). ``next`` is the next phase that has
    anything to do.
    """

    position: Position
    orders: Mapping[str, tuple[Order, ...]]
    outcomes: Mapping[Unit, Outcome]
    errors: Mapping[str, tuple[OrderError, ...]]
    next: Position
    retreats: Mapping[Unit, tuple[str, ...]] = field(default_factory=dict)
    victory: str | None = None


def adjudicate(
    position: Position, orders: Mapping[str, Sequence[Order]], board: Map
) -> PhaseResult:
    """Play one phase: check every order, resolve, and return the next position.

    Illegal orders are reported in ``errors`` and never raise: the unit holds (or,
    in a retreat phase, disbands). A later order for the same unit replaces an
    earlier one, as on the judges where the last order given for a unit counts.
    """
    errors: dict[str, list[OrderError]] = {}
    legal: dict[str, list[Order]] = {}
    refused: set[str] = set()
    kind = position.phase.kind
    occupant = position.occupant if kind is PhaseKind.MOVEMENT else None
    for power, given in orders.items():
        for order in given:
            if occupant is not None:  # check_order's movement case, without its lookups
                unit: Unit | None = getattr(order, "unit", None)
                target: Unit | None = getattr(order, "target", None)
                checked = check_movement_order(
                    order, power,
                    None if unit is None else occupant.get(unit.province),
                    None if target is None else occupant.get(target.province),
                    board,
                )
            else:
                checked = check_order(order, power, position, board)
            if isinstance(checked, Reason):
                errors.setdefault(power, []).append(OrderError(power, str(order), checked))
                if checked is not Reason.NOT_YOUR_UNIT and hasattr(order, "unit"):
                    # Only a power's own refused order makes its unit's hold void.
                    refused.add(order.unit.province)
            else:
                legal.setdefault(power, []).append(checked)
    if kind is PhaseKind.MOVEMENT:
        result = _movement(position, legal, refused, board)
    elif kind is PhaseKind.RETREAT:
        result = _retreat(position, legal, board)
    else:
        result = _adjustment(position, legal, errors, board)
    return PhaseResult(
        position=position,
        errors={p: tuple(es) for p, es in errors.items()},
        **result,
    )


def _movement(
    position: Position, legal: Mapping[str, list[Order]], refused: set[str], board: Map
) -> dict[str, Any]:
    """A unit whose only orders were refused holds, and its outcome says ``void``."""
    occupant = position.occupant
    by_province: dict[str, Order] = {}
    for power_orders in legal.values():
        for order in power_orders:
            by_province[order.unit.province] = order  # type: ignore[union-attr]
    for prov, (_, unit) in occupant.items():
        if prov not in by_province:
            by_province[prov] = Hold(unit)
    moved = resolve_movement(board, occupant, by_province)
    outcomes: dict[Unit, Outcome] = {}
    units: dict[str, list[Unit]] = {}
    done: dict[str, list[Order]] = {}
    occupied: set[str] = set()
    for prov, (power, unit) in occupant.items():
        order = by_province[prov]
        done.setdefault(power, []).append(order)
        outcome = moved.outcomes[prov]
        if outcome is Outcome.OK and prov in refused and type(order) is Hold:
            outcome = Outcome.VOID
        outcomes[unit] = outcome
        if prov in moved.dislodged:
            continue
        dest = moved.moved.get(prov)
        new = unit if dest is None else moved_unit(unit, dest)
        units.setdefault(power, []).append(new)
        occupied.add(new.province)
    retreats: dict[Unit, tuple[str, ...]] = {}
    dislodged: dict[str, list[Dislodgement]] = {}
    for prov, attacker in moved.dislodged.items():
        power, unit = position.occupant[prov]
        options = retreat_options(board, unit, attacker, occupied, moved.contested)
        retreats[unit] = options
        if options:
            dislodged.setdefault(power, []).append(Dislodgement(unit, attacker))
    orders = {p: tuple(os) for p, os in done.items()}
    after = Position(position.phase, _freeze(units), position.centers)
    if dislodged:
        nxt = Position(
            position.phase.next(),
            after.units,
            position.centers,
            {p: tuple(ds) for p, ds in dislodged.items()},
            moved.contested,
        )
        return dict(orders=orders, outcomes=outcomes, next=nxt, retreats=retreats)
    nxt, victory = _season_end(after, board)
    return dict(orders=orders, outcomes=outcomes, next=nxt, retreats=retreats, victory=victory)


def _retreat(position: Position, legal: Mapping[str, list[Order]], board: Map) -> dict[str, Any]:
    dislodged = {d.unit.province: (p, d.unit) for p, ds in position.dislodged.items() for d in ds}
    by_province: dict[str, Order] = {}
    for power_orders in legal.values():
        for order in power_orders:
            by_province[order.unit.province] = order  # type: ignore[union-attr]
    outcomes, survivors = resolve_retreats(dislodged, by_province)
    units = {p: list(us) for p, us in position.units.items()}
    for power, us in survivors.items():
        units.setdefault(power, []).extend(us)
    for prov, (_, unit) in dislodged.items():
        by_province.setdefault(prov, Disband(unit))
    done: dict[str, list[Order]] = {}
    for prov, (power, _) in dislodged.items():
        done.setdefault(power, []).append(by_province[prov])
    after = Position(position.phase, _freeze(units), position.centers)
    nxt, victory = _season_end(after, board)
    return dict(
        orders={p: tuple(os) for p, os in done.items()},
        outcomes=outcomes,
        next=nxt,
        victory=victory,
    )


def _adjustment(
    position: Position,
    legal: Mapping[str, list[Order]],
    errors: dict[str, list[OrderError]],
    board: Map,
) -> dict[str, Any]:
    outcomes: dict[Unit, Outcome] = {}
    done: dict[str, tuple[Order, ...]] = {}
    units: dict[str, list[Unit]] = {}
    for power in sorted(set(position.units) | set(position.centers)):
        carried, power_outcomes, refused = resolve_adjustments(
            position, board, power, legal.get(power, ())
        )
        for order, reason in refused:
            errors.setdefault(power, []).append(OrderError(power, str(order), reason))
        if carried:
            done[power] = tuple(carried)
        outcomes.update(power_outcomes)
        units[power] = units_after(position, power, power_outcomes)
    nxt = Position(
        Phase(Season.SPRING, position.phase.year + 1, PhaseKind.MOVEMENT),
        _freeze(units),
        position.centers,
    )
    return dict(orders=done, outcomes=outcomes, next=nxt)


def _season_end(after: Position, board: Map) -> tuple[Position, str | None]:
    """Where a game goes once a season's movement and retreats are done: after Spring
    to Fall; after Fall, centres change hands, then adjustments if anyone has any."""
    phase = after.phase
    if phase.season is Season.SPRING:
        return Position(
            Phase(Season.FALL, phase.year, PhaseKind.MOVEMENT), after.units, after.centers
        ), None
    owner = dict(after.owner)
    for prov, (power, _) in after.occupant.items():
        if board.is_center(prov):
            owner[prov] = power
    centers: dict[str, set[str]] = {p: set() for p in after.centers}
    for prov, power in owner.items():
        centers.setdefault(power, set()).add(prov)
    owned = {p: frozenset(cs) for p, cs in centers.items() if cs}
    winner = next((p for p, cs in sorted(owned.items()) if len(cs) >= board.victory_centers), None)
    counted = Position(Phase(Season.WINTER, phase.year, PhaseKind.ADJUSTMENT), after.units, owned)
    if any(adjustment_due(counted, board, p) for p in set(counted.units) | set(owned)):
        return counted, winner
    return Position(
        Phase(Season.SPRING, phase.year + 1, PhaseKind.MOVEMENT), after.units, owned
    ), winner


def _freeze(units: Mapping[str, list[Unit]]) -> dict[str, tuple[Unit, ...]]:
    return {p: tuple(us) for p, us in units.items() if us}
