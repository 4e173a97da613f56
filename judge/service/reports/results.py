"""The turn results every reader of a game receives, in the judge format mapping tools read."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, replace
from datetime import datetime

from judge.engine.adjudicate import PhaseResult
from judge.engine.adjustments import adjustment_due
from judge.engine.board import Map
from judge.engine.phase import PhaseKind, Season
from judge.money.payola.statements import PublicTotals
from judge.service.reports.mail import Mail, compose
from judge.service.reports.maps import draws_maps, file_name, results_png
from judge.service.reports.marks import Marked, marked_orders
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
from judge.service.reports.roster import Member, Roster, deadline_text
from judge.service.reports.sight import Sight, sight_of, unsaid_void
from judge.service.reports.waives import board_waives

Own = Callable[[str], bool] | None  # in a BLIND reader's view: the reader's own power
Vassals = Mapping[str, str | None]  # VASSAL_DUMMIES: each DUMMY power -> its lord, or None

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
    waived: tuple[str, ...]  # after adjustments: "France builds 1 of 2, waives 1."
    ownership: tuple[str, ...]
    adjustments: tuple[Adjustment, ...]
    totals: tuple[tuple[str, str, int], ...]
    winner: str | None
    next_phase: str | None
    next_title: str | None
    deadline: str | None = None
    blind: str = ""  # BLIND games: "player" (a view in sight) or "observer" (no units)
    vassals: tuple[str, ...] = ()  # VASSAL_DUMMIES: each minor power's status, after Fall


def results_view(roster: Roster, result: PhaseResult, board: Map,
                 totals: PublicTotals | None = None, reader: str = "MASTER",
                 vassals: Vassals | None = None) -> ResultsView:
    """Everything the results mail shows ``reader``, built from the engine's result: all
    of it, except in a BLIND game, where a player sees what is in sight of its own units
    and centres and an observer no unit at all (see ``sight``). ``vassals``: under
    VASSAL_DUMMIES, who each DUMMY power is a vassal of once the phase is over."""
    phase = result.position.phase
    marked = sorted(marked_orders(result, board), key=lambda m: (m.power, _unit_key(m)))
    seen: Sight | None = None
    blind = roster.blind and reader != "MASTER"
    if blind:
        seen = sight_of(result, reader, board) if reader in board.powers else None
        marked = [unsaid_void(m) for m in marked if seen is not None and seen.shows(m)]
    lines = tuple(OrderLine(power_name(m.power), _shown(m, board), ", ".join(m.notes))
                  for m in marked)
    season_over = phase.season is Season.FALL and result.next.phase.season is not Season.FALL
    over = result.victory is not None
    variant = f"{roster.map_name.title()}{' ' + roster.title if roster.payola else ''}"
    own = (lambda power: seen is not None and power == seen.power) if blind else None
    return ResultsView(
        judge=roster.judge, game=roster.game, variant=variant, phase=str(phase),
        title=results_title(phase), lines=lines,
        dislodged=_dislodged(result, board, own) if phase.kind is PhaseKind.MOVEMENT else (),
        waived=_waived(result, board, own) if phase.kind is PhaseKind.ADJUSTMENT else (),
        ownership=_ownership(result, board, own) if season_over else (),
        adjustments=_adjustments(result, board, own) if season_over else (),
        totals=tuple(totals.rows) if totals is not None and not blind else (),
        winner=power_name(result.victory) if result.victory else None,
        next_phase=None if over else str(result.next.phase),
        next_title=None if over else next_title(result.next.phase),
        blind="observer" if blind and seen is None else "player" if blind else "",
        vassals=_vassals(result, vassals, own) if season_over and vassals else (),
    )


def results_mails(roster: Roster, result: PhaseResult, board: Map, deadline: datetime | None,
                  totals: PublicTotals | None = None,
                  vassals: Vassals | None = None) -> list[Mail]:
    """The results to every player, observer and the master, each with the deadline in
    their own zone; in a BLIND game each reader's own view."""
    subject = f"Diplomacy results {roster.game} {result.position.phase}"
    shared = results_view(roster, result, board, totals, vassals=vassals)
    mails = []
    same: dict[str | None, Mail] = {}  # outside BLIND, readers in one zone get one text
    pictures: dict[str, tuple[bytes, str]] = {}  # one map for all, or one per BLIND reader

    def picture(member: Member) -> tuple[bytes, str] | None:
        if not member.maps or not draws_maps(roster):
            return None
        key = member.reader if roster.blind else ""
        if key not in pictures:
            pictures[key] = (results_png(roster, result, board, member.reader),
                             file_name(roster, result))
        return pictures[key]

    for m in roster.everyone():
        when = deadline_text(deadline, m.zone)
        if roster.blind:
            view = results_view(roster, result, board, totals, m.reader, vassals)
        elif when in same:
            mails.append(Mail(m.address, subject, same[when].body, m.reader, picture(m)))
            continue
        else:
            view = shared
        mail = compose(m.address, m.reader, subject, "phase/results.txt.j2",
                       replace(view, deadline=when))
        if not roster.blind:
            same[when] = mail
        mails.append(replace(mail, picture=picture(m)))
    return mails


def _unit_key(line: Marked) -> str:
    return "" if line.unit is None else line.unit.location


def _shown(line: Marked, board: Map) -> str:
    return order_text(line.order, board)


def _dislodged(result: PhaseResult, board: Map, own: Own) -> tuple[str, ...]:
    """Each dislodged unit with where it may retreat, grouped by power as judges list them."""
    owners = {u: found[0] for u in result.retreats
              if (found := result.position.unit_at(u.province)) is not None}
    out = []
    for unit, options in sorted(result.retreats.items(),
                                key=lambda kv: (owners.get(kv[0], ""), kv[0].location)):
        if own is not None and not own(owners.get(unit, "")):
            continue
        power = power_name(owners[unit]) if unit in owners else "?"
        if options:
            where = listing([place(o, board) for o in options])
            out.append(f"{power}: {unit_text(unit, board)} can retreat to {where}.")
        else:
            out.append(f"{power}: {unit_text(unit, board)} with no valid retreats was destroyed.")
    return tuple(out)


def _waived(result: PhaseResult, board: Map, own: Own) -> tuple[str, ...]:
    """Builds a power was due but did not make: waived by WAIVE, or by ordering fewer
    (none at all in civil disorder). A BLIND reader reads only its own."""
    powers = [p for p in set(result.position.centers) | set(result.position.units)
              if own is None or own(p)]
    return board_waives(result, board, powers, power_name)


def _vassals(result: PhaseResult, vassals: Vassals, own: Own) -> tuple[str, ...]:
    """DPjudge's vassal status under VASSAL_DUMMIES: each DUMMY power still in the game,
    a vassal of the power holding its home centres or independent. A BLIND reader
    learns only of its own vassals (the status says who owns whose home centres)."""
    after = result.next
    lines = []
    for dummy, lord in sorted(vassals.items()):
        if not after.centers.get(dummy) and not after.units.get(dummy):
            continue
        if own is not None and (lord is None or not own(lord)):
            continue
        lines.append(f"{power_name(dummy)} is a vassal of {power_name(lord)}." if lord
                     else f"{power_name(dummy)} is independent.")
    return tuple(lines)


def _ownership(result: PhaseResult, board: Map, own: Own) -> tuple[str, ...]:
    owned = result.next.centers
    rows = [(power_name(p), sorted(place(c, board) for c in cs))
            for p, cs in sorted(owned.items()) if cs and (own is None or own(p))]
    if own is not None:  # a BLIND reader learns only its own centres
        return tuple(roll(who, names) for who, names in rows)
    taken = set().union(*owned.values()) if owned else set()
    unowned = sorted(place(c, board) for c in board.centers - taken)
    if unowned:
        rows.append(("Unowned", unowned))
    return tuple(roll(who, names) for who, names in rows)


def _adjustments(result: PhaseResult, board: Map, own: Own) -> tuple[Adjustment, ...]:
    after = result.next
    rows = []
    for power in sorted(set(after.centers) | set(after.units)):
        if own is not None and not own(power):
            continue
        centers = len(after.centers.get(power, ()))
        units = len(after.units.get(power, ()))
        if not centers and not units:
            continue
        due = adjustment_due(after, board, power)
        rows.append(Adjustment(power_name(power), centers, units, due,
                               max(0, centers - units - max(due, 0))))
    return tuple(rows)
