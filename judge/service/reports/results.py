"""The turn results every reader of a game receives, in the judge format mapping tools read."""

from __future__ import annotations

from dataclasses import dataclass, replace
from datetime import datetime

from judge.engine.adjudicate import PhaseResult
from judge.engine.adjustments import adjustment_due
from judge.engine.board import Map
from judge.engine.orders import Build, Disband, Order, Retreat, Waive
from judge.engine.outcomes import Outcome
from judge.engine.phase import PhaseKind, Season
from judge.money.statements import PublicTotals
from judge.service.reports.mail import Mail, compose
from judge.service.reports.notation import (
    listing,
    next_title,
    order_text,
    place,
    power_name,
    results_title,
    roll,
    unit_text,
)
from judge.service.reports.roster import Roster, deadline_text

# Outcomes the result line marks; an order that succeeded carries no mark.
NOTES = {
    Outcome.BOUNCE: "bounce",
    Outcome.CUT: "cut",
    Outcome.DISLODGED: "dislodged",
    Outcome.VOID: "void",
    Outcome.NO_CONVOY: "no convoy",
}


@dataclass(frozen=True, slots=True)
class OrderLine:
    power: str
    order: str
    note: str


@dataclass(frozen=True, slots=True)
class Adjustment:
    """One power's count after Fall: ``change`` builds (positive) or removals (negative);
    ``unusable`` builds it has no vacant home centre for."""

    power: str
    centers: int
    units: int
    change: int
    unusable: int


@dataclass(frozen=True, slots=True)
class ResultsView:
    """The results of one phase, as every reader sees them; only ``deadline`` differs
    between readers (their own zone)."""

    judge: str
    game: str
    variant: str
    phase: str
    title: str
    lines: tuple[OrderLine, ...]
    dislodged: tuple[str, ...]
    unused: tuple[tuple[str, int], ...]
    ownership: tuple[str, ...]
    adjustments: tuple[Adjustment, ...]
    totals: tuple[tuple[str, str, int], ...]
    winner: str | None
    next_phase: str | None
    next_title: str | None
    deadline: str | None = None


def results_view(roster: Roster, result: PhaseResult, board: Map,
                 totals: PublicTotals | None = None) -> ResultsView:
    """Everything the results mail shows, built from the engine's result."""
    phase = result.position.phase
    lines = tuple(
        OrderLine(power_name(power), order_text(order, board), _note(order, result))
        for power in sorted(result.orders)
        for order in sorted(result.orders[power], key=_unit_key)
    )
    season_over = phase.season is Season.FALL and result.next.phase.season is not Season.FALL
    over = result.victory is not None
    variant = f"{roster.map_name.title()}{' Payola' if roster.payola else ''}"
    return ResultsView(
        judge=roster.judge, game=roster.game, variant=variant, phase=str(phase),
        title=results_title(phase), lines=lines,
        dislodged=_dislodged(result, board) if phase.kind is PhaseKind.MOVEMENT else (),
        unused=_unused(result, board) if phase.kind is PhaseKind.ADJUSTMENT else (),
        ownership=_ownership(result, board) if season_over else (),
        adjustments=_adjustments(result, board) if season_over else (),
        totals=tuple(totals.rows) if totals is not None else (),
        winner=power_name(result.victory) if result.victory else None,
        next_phase=None if over else str(result.next.phase),
        next_title=None if over else next_title(result.next.phase),
    )


def results_mails(roster: Roster, view: ResultsView, deadline: datetime | None) -> list[Mail]:
    """The same results to every player, observer and the master, each with the
    deadline in their own zone."""
    subject = f"Diplomacy results {roster.game} {view.phase}"
    return [
        compose(m.address, m.reader, subject, "phase/results.txt.j2",
                replace(view, deadline=deadline_text(deadline, m.zone)))
        for m in roster.everyone()
    ]


def _unit_key(order: Order) -> str:
    unit = getattr(order, "unit", None)
    return "" if unit is None else unit.location


def _note(order: Order, result: PhaseResult) -> str:
    unit = getattr(order, "unit", None)
    outcome = result.outcomes.get(unit) if unit is not None else None
    if result.position.phase.kind is PhaseKind.RETREAT:
        # a retreat that failed is a retreat into the same province as another: both go
        if isinstance(order, Retreat) and outcome is Outcome.DISBANDED:
            return "bounce, destroyed"
        return ""
    if isinstance(order, Disband) or outcome is None:
        return ""
    return NOTES.get(outcome, "")


def _dislodged(result: PhaseResult, board: Map) -> tuple[str, ...]:
    out = []
    for unit, options in sorted(result.retreats.items(), key=lambda kv: kv[0].location):
        found = result.position.unit_at(unit.province)
        power = power_name(found[0]) if found else "?"
        if options:
            where = listing([place(o, board) for o in options])
            out.append(f"{power}: {unit_text(unit, board)} can retreat to {where}.")
        else:
            out.append(f"{power}: {unit_text(unit, board)} with no valid retreats was destroyed.")
    return tuple(out)


def _unused(result: PhaseResult, board: Map) -> tuple[tuple[str, int], ...]:
    """Builds a power was due but neither made nor waived: they are lost."""
    out = []
    for power in sorted(set(result.position.centers) | set(result.position.units)):
        due = adjustment_due(result.position, board, power)
        used = sum(isinstance(o, (Build, Waive)) for o in result.orders.get(power, ()))
        if due > used:
            out.append((power_name(power), due - used))
    return tuple(out)


def _ownership(result: PhaseResult, board: Map) -> tuple[str, ...]:
    owned = result.next.centers
    rows = [(power_name(p), sorted(place(c, board) for c in cs))
            for p, cs in sorted(owned.items()) if cs]
    taken = set().union(*owned.values()) if owned else set()
    unowned = sorted(place(c, board) for c in board.centers - taken)
    if unowned:
        rows.append(("Unowned", unowned))
    return tuple(roll(who, names) for who, names in rows)


def _adjustments(result: PhaseResult, board: Map) -> tuple[Adjustment, ...]:
    after = result.next
    rows = []
    for power in sorted(set(after.centers) | set(after.units)):
        centers = len(after.centers.get(power, ()))
        units = len(after.units.get(power, ()))
        if not centers and not units:
            continue
        due = adjustment_due(after, board, power)
        rows.append(Adjustment(power_name(power), centers, units, due,
                               max(0, centers - units - max(due, 0))))
    return tuple(rows)
