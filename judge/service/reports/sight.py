"""What a player of a BLIND game may see of a phase's results.

Payola's BLIND ("Tin Cup", payola.md 6.4 and 6.5) keeps "the standard tailored
visibility" and leaves its details to the judge, so this judge takes the most private
reasonable reading: a power sees the provinces its units stand in (before or after the
phase) and the supply centres it owns, and every province next to those. A results line
is shown when its unit stood in sight before the phase or stands in sight after it; the
dislodgements, centre ownership and adjustments shown are the reader's own; nobody is
told that an order was void (a void support would say what its owner saw, DPjudge's
reason too). Observers see no unit at all; the master sees everything.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from functools import cache

from judge.engine.adjudicate import PhaseResult
from judge.engine.board import Map, province_of
from judge.engine.orders import Build, Disband, Move, Remove, Retreat
from judge.engine.position import Position
from judge.service.reports.marks import Marked


@cache
def _near(board: Map) -> dict[str, frozenset[str]]:
    """Every province with the provinces next to it by land or by sea (any coast)."""
    out: dict[str, set[str]] = {p: {p} for p in board.provinces}
    for edges in (board.army_edges, board.fleet_edges):
        for here, there in edges.items():
            out.setdefault(province_of(here), {province_of(here)}).update(
                province_of(t) for t in there)
    return {p: frozenset(ps) for p, ps in out.items()}


def _seen_from(board: Map, places: Iterable[str]) -> frozenset[str]:
    near = _near(board)
    return frozenset().union(*(near.get(p, frozenset({p})) for p in places))


def _own_places(position: Position, power: str) -> set[str]:
    places = {u.province for u in position.units.get(power, ())}
    places |= {d.unit.province for d in position.dislodged.get(power, ())}
    return places | set(position.centers.get(power, ()))


@dataclass(frozen=True, slots=True)
class Sight:
    """The provinces a power saw at the start of the phase and sees at its end."""

    power: str
    before: frozenset[str]
    after: frozenset[str]

    def shows(self, line: Marked) -> bool:
        if line.power == self.power:
            return True
        if line.unit is None:
            return False
        return line.unit.province in self.before or _where_after(line) in self.after


def sight_of(result: PhaseResult, power: str, board: Map) -> Sight:
    return Sight(power, _seen_from(board, _own_places(result.position, power)),
                 _seen_from(board, _own_places(result.next, power)))


def _where_after(line: Marked) -> str | None:
    """Where the line's unit stands once the phase is over (None: nowhere new)."""
    order = line.carried
    if isinstance(order, (Move, Retreat)) and not line.notes:
        return province_of(order.dest)
    if isinstance(order, Build):
        return order.unit.province
    if isinstance(order, (Retreat, Disband, Remove)) or "dislodged" in line.notes:
        return None
    return line.unit.province if line.unit is not None else None


def unsaid_void(line: Marked) -> Marked:
    """The line as a BLIND reader gets it: a refused order shows as the hold it became,
    and no mark says void."""
    notes = tuple(n for n in line.notes if n != "void")
    if line.refused:
        return Marked(line.power, line.unit, line.carried, line.carried, notes)
    return Marked(line.power, line.unit, line.order, line.carried, notes)
