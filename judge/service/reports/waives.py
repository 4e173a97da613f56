"""Builds a power may make but does not, stated in words in the results of an adjustment
phase, in every kind that plays the board: ``France waives 1 build.``, ``Germany builds
1 of 2, waives 1.`` A power waives a build by a WAIVE order, or by ordering fewer builds
than it may (no orders at all waive them all: the standard rule).

Every kind counts from the board before and after the phase (engine ``Position``s): the
board kinds from the engine's ``PhaseResult``, the market kinds from the board of their
typed state before and after (their kind's ``position``).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping

from judge.engine.adjudicate import PhaseResult
from judge.engine.adjustments import adjustment_due
from judge.engine.board import Map
from judge.engine.position import Position

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
    return waives(result.position, result.next, board, powers, named)


def waives(before: Position, after: Position, board: Map, powers: Iterable[str],
           named: Named = str, void: Mapping[str, int] | None = None) -> tuple[str, ...]:
    """Each of ``powers`` that waived builds in the adjustment phase played from the board
    ``before`` to the board ``after``; ``void``: the builds each power ordered that the
    rules made void (tried, so not waived: the results give each one's reason)."""
    lines = []
    for power in sorted(powers):
        due = adjustment_due(before, board, power) - (void or {}).get(power, 0)
        had = {u.location for u in before.units.get(power, ())}
        built = sum(u.location not in had for u in after.units.get(power, ()))
        line = waived_line(named(power), due, built)
        if line is not None:
            lines.append(line)
    return tuple(lines)
