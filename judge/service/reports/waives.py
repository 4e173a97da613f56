"""Builds a power may make but does not, stated in words in the results of an adjustment
phase, in every kind that plays the board: ``France waives 1 build.``, ``Germany builds
1 of 2, waives 1.`` A power waives a build by a WAIVE order, or by ordering fewer builds
than it may (no orders at all waive them all: the standard rule).

The board kinds count from the engine's ``PhaseResult``; the market kinds from their
state before and after the phase (``units`` and ``centers`` keyed by power, units
written ``A PAR``, ``F STP/SC``).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any

from judge.engine.adjudicate import PhaseResult
from judge.engine.adjustments import adjustment_due
from judge.engine.board import Map

Named = Callable[[str], str]  # a power's name as the letter writes it


def waived_line(name: str, due: int, built: int) -> str | None:
    """What a power that may build ``due`` units and built ``built`` is told it waived;
    None when it waived nothing."""
    waived = due - built
    if due <= 0 or waived <= 0:
        return None
    if not built:
        return f"{name} waives {waived} build{'s' if waived != 1 else ''}."
    return f"{name} builds {built} of {due}, waives {waived}."


def board_waives(result: PhaseResult, board: Map, powers: Iterable[str],
                 named: Named) -> tuple[str, ...]:
    """Each of ``powers`` that waived builds in the adjustment phase of ``result``."""
    before, after = result.position, result.next
    lines = []
    for power in sorted(powers):
        due = adjustment_due(before, board, power)
        had = {u.location for u in before.units.get(power, ())}
        built = sum(u.location not in had for u in after.units.get(power, ()))
        line = waived_line(named(power), due, built)
        if line is not None:
            lines.append(line)
    return tuple(lines)


def _province(unit: str) -> str:
    """``PAR`` of ``A PAR``, ``STP`` of ``F STP/SC``."""
    return unit.split()[-1].split("/")[0].upper()


def state_due(state: Mapping[str, Any], board: Map, power: str) -> int:
    """Builds (positive) or removals a power may make in a market game's adjustment
    phase, from its state: as ``adjustment_due``, builds limited to the vacant home
    centres it owns."""
    units: Mapping[str, Sequence[str]] = state.get("units", {})
    centers: Mapping[str, Sequence[str]] = state.get("centers", {})
    owned = {c.upper() for c in centers.get(power, ())}
    delta = len(owned) - len(units.get(power, ()))
    if delta <= 0:
        return delta
    occupied = {_province(u) for us in units.values() for u in us}
    vacant = [h for h in board.homes.get(power, ()) if h in owned and h not in occupied]
    return min(delta, len(vacant))


def state_waives(before: Mapping[str, Any], after: Mapping[str, Any], board: Map,
                 named: Named = str, void: Mapping[str, int] | None = None
                 ) -> tuple[str, ...]:
    """Each power of a market game that waived builds in the adjustment phase played
    from ``before`` to ``after``; ``void``: the builds each power ordered that the rules
    made void (tried, so not waived: the results give each one's reason)."""
    lines = []
    for power in sorted(set(before.get("centers", {})) | set(before.get("units", {}))):
        had = {u.upper() for u in before.get("units", {}).get(power, ())}
        built = sum(u.upper() not in had for u in after.get("units", {}).get(power, ()))
        due = state_due(before, board, power) - (void or {}).get(power, 0)
        line = waived_line(named(power), due, built)
        if line is not None:
            lines.append(line)
    return tuple(lines)
