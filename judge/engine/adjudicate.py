"""adjudicate(position, orders) -> PhaseResult: one phase of a game, any kind."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from functools import cache
from typing import Any

from judge.engine.adjustments import adjustment_due, resolve_adjustments, units_after
from judge.engine.board import Map
from judge.engine.legality import check_movement_order, check_order
from judge.engine.movement import resolve_movement
from judge.engine.orders import Convoy, Disband, Hold, Order, SupportHold, SupportMove, Waive
from judge.engine.outcomes import Outcome, Reason
from judge.engine.phase import Phase, PhaseKind, Season
from judge.engine.position import Dislodgement, Position, Unit, moved_unit
from judge.engine.retreats import resolve_retreats, retreat_options

_OK, _VOID = Outcome.OK, Outcome.VOID
_NOT_YOUR_UNIT = Reason.NOT_YOUR_UNIT
# Every order but Waive names its unit; these also name another unit (``target``).
_NAMING = frozenset({SupportHold, SupportMove, Convoy})


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
    kind = position.phase.kind
    if kind is PhaseKind.MOVEMENT:
        return _movement(position, orders, board)
    errors: dict[str, list[OrderError]] = {}
    legal: dict[str, list[Order]] = {}
    for power, given in orders.items():
        for order in given:
            checked = check_order(order, power, position, board)
            if isinstance(checked, Reason):
                errors.setdefault(power, []).append(OrderError(power, str(order), checked))
            else:
                legal.setdefault(power, []).append(checked)
    if kind is PhaseKind.RETREAT:
        result = _retreat(position, legal, board)
    else:
        result = _adjustment(position, legal, errors, board)
    return PhaseResult(
        position=position,
        errors={p: tuple(es) for p, es in errors.items()},
        **result,
    )


def _movement(
    position: Position, orders: Mapping[str, Sequence[Order]], board: Map
) -> PhaseResult:
    """A movement phase. Each order is checked (check_order's movement case, without its
    lookups) and the last legal order for a unit counts; a unit left without one holds,
    and when a refused order of its own power was its only order, its outcome says
    ``void``."""
    occupant = position.occupant
    errors: dict[str, list[OrderError]] = {}
    by_province: dict[str, Order] = {}
    refused: set[str] = set()
    for power, given in orders.items():
        for order in given:
            kind = type(order)
            unit: Unit | None = None if kind is Waive else order.unit  # type: ignore[union-attr]
            target: Unit | None = order.target if kind in _NAMING else None  # type: ignore[union-attr]
            checked = check_movement_order(
                order, power,
                None if unit is None else occupant.get(unit.province),
                None if target is None else occupant.get(target.province),
                board,
            )
            if isinstance(checked, Reason):
                errors.setdefault(power, []).append(OrderError(power, str(order), checked))
                if checked is not _NOT_YOUR_UNIT and unit is not None:
                    # Only a power's own refused order makes its unit's hold void.
                    refused.add(unit.province)
            else:
                by_province[checked.unit.province] = checked  # type: ignore[union-attr]
    if len(by_province) < len(occupant):  # (its keys are provinces of the occupant)
        for prov, (_, unit) in occupant.items():
            if prov not in by_province:
                by_province[prov] = Hold(unit)
    resolved = resolve_movement(board, occupant, by_province)
    moved, dislodged_at = resolved.moved, resolved.dislodged
    outcomes: dict[Unit, Outcome] = {}
    units: dict[str, list[Unit]] = {}
    done: dict[str, list[Order]] = {}
    occupied: dict[str, str] = {}  # province -> power, after the moves
    decided = resolved.outcomes
    for prov, (power, unit) in occupant.items():
        order = by_province[prov]
        outcome = decided[prov]
        found = done.get(power)
        if found is None:
            done[power] = [order]
        else:
            found.append(order)
        if outcome is _OK and prov in refused and type(order) is Hold:
            outcome = _VOID
        outcomes[unit] = outcome
        if prov in dislodged_at:
            continue
        dest = moved.get(prov)
        new = unit if dest is None else moved_unit(unit, dest)
        mine = units.get(power)
        if mine is None:
            units[power] = [new]
        else:
            mine.append(new)
        occupied[new.province] = power
    retreats: dict[Unit, tuple[str, ...]] = {}
    dislodged: dict[str, list[Dislodgement]] = {}
    for prov, attacker in dislodged_at.items():
        power, unit = occupant[prov]
        options = retreat_options(board, unit, attacker, occupied, resolved.contested)
        retreats[unit] = options
        if options:
            dislodged.setdefault(power, []).append(Dislodgement(unit, attacker))
    after = _freeze(units)
    if dislodged:
        nxt = Position(
            position.phase.next(),
            after,
            position.centers,
            {p: tuple(ds) for p, ds in dislodged.items()},
            resolved.contested,
        )
        victory = None
    else:
        nxt, victory = _season_end(position.phase, after, position, occupied, board)
    return PhaseResult(
        position=position,
        orders={p: tuple(os) for p, os in done.items()},
        outcomes=outcomes,
        errors={p: tuple(es) for p, es in errors.items()},
        next=nxt,
        retreats=retreats,
        victory=victory,
    )


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
    after = _freeze(units)
    occupied = {u.province: p for p, us in after.items() for u in us}
    nxt, victory = _season_end(position.phase, after, position, occupied, board)
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


def _season_end(
    phase: Phase,
    units: dict[str, tuple[Unit, ...]],
    before: Position,
    occupied: Mapping[str, str],
    board: Map,
) -> tuple[Position, str | None]:
    """Where a game goes once a season's movement and retreats are done (``units`` left
    standing, ``occupied`` their provinces and powers; ``before`` holds the centres as
    they were): after Spring to Fall; after Fall, centres change hands, then
    adjustments if anyone has any."""
    if phase.season is Season.SPRING:
        fall = Phase(Season.FALL, phase.year, PhaseKind.MOVEMENT)
        return Position(fall, units, before.centers), None
    owner = before.owner
    centres = _centres(board)
    taken = [c for c in centres & occupied.keys() if owner.get(c) != occupied[c]]
    if not taken:
        owned = {p: cs for p, cs in before.centers.items() if cs}  # no centre changed hands
    else:
        owner = dict(owner)
        for prov, power in occupied.items():
            if prov in centres:
                owner[prov] = power
        grouped: dict[str, set[str]] = {p: set() for p in before.centers}
        for prov, power in owner.items():
            grouped.setdefault(power, set()).add(prov)
        owned = {p: frozenset(cs) for p, cs in grouped.items() if cs}
    victory = board.victory_centers
    winner: str | None = None
    for p, cs in sorted(owned.items()):
        if len(cs) >= victory:
            winner = p
            break
    winter = Phase(Season.WINTER, phase.year, PhaseKind.ADJUSTMENT)
    building = []
    for p in set(units) | set(owned):
        delta = len(owned.get(p, ())) - len(units.get(p, ()))
        if delta < 0:
            return Position(winter, units, owned), winner
        if delta > 0:
            building.append(p)
    if building:  # builds are due only where a home centre stands empty
        counted = Position(winter, units, owned)
        if any(adjustment_due(counted, board, p) for p in building):
            return counted, winner
    return Position(Phase(Season.SPRING, phase.year + 1, PhaseKind.MOVEMENT), units, owned), winner


@cache
def _centres(board: Map) -> frozenset[str]:
    return board.centers


def _freeze(units: Mapping[str, list[Unit]]) -> dict[str, tuple[Unit, ...]]:
    return {p: tuple(us) for p, us in units.items() if us}
