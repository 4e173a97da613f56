"""The marks on a results line as DPjudge prints them, worked out from the engine's result:
``(*bounce, dislodged*)``, ``(*cut, dislodged*)``, and a refused order shown as the player
wrote it with ``(*void*)``.

The engine gives each unit one outcome (``dislodged`` wins over the rest, as the batch
contract says); what the unit's own order did before it was dislodged is worked out here
from the orders carried out and the other units' outcomes, without touching the engine.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from judge.engine.adjudicate import PhaseResult
from judge.engine.board import Map, UnitType
from judge.engine.convoy import convoy_chain_exists, convoying_fleets, goes_by_convoy
from judge.engine.orders import (
    Convoy,
    Disband,
    Hold,
    Move,
    Order,
    Retreat,
    SupportHold,
    SupportMove,
)
from judge.engine.outcomes import Outcome
from judge.engine.phase import PhaseKind
from judge.engine.position import Unit
from judge.text.orders import read_order

# Outcomes the result line marks; an order that succeeded carries no mark.
NOTES = {
    Outcome.BOUNCE: "bounce",
    Outcome.CUT: "cut",
    Outcome.DISLODGED: "dislodged",
    Outcome.VOID: "void",
    Outcome.NO_CONVOY: "no convoy",
}


@dataclass(frozen=True, slots=True)
class Marked:
    """One unit's line: the order to show (the refused one as written, when the unit held
    because of it; a refused text the judge cannot read back leaves the hold), its marks
    in the judges' order, and whether the mark says the order was refused (BLIND games
    tell nobody that)."""

    power: str
    unit: Unit | None
    order: Order
    carried: Order
    notes: tuple[str, ...]
    refused: bool = False


def marked_orders(result: PhaseResult, board: Map) -> list[Marked]:
    """Every order carried out, with its marks; movement phases also say what a
    dislodged unit's own order did, and show a refused order in place of its hold."""
    kind = result.position.phase.kind
    lines = []
    refused = _refused(result, board) if kind is PhaseKind.MOVEMENT else {}
    context = _Board(result, board) if kind is PhaseKind.MOVEMENT else None
    for power in sorted(result.orders):
        for order in result.orders[power]:
            unit = getattr(order, "unit", None)
            outcome = result.outcomes.get(unit) if unit is not None else None
            if kind is PhaseKind.RETREAT:
                # a failed retreat is one into the same province as another: both go
                bounced = isinstance(order, Retreat) and outcome is Outcome.DISBANDED
                lines.append(Marked(power, unit, order, order,
                                    ("bounce", "destroyed") if bounced else ()))
                continue
            if context is None or unit is None or isinstance(order, Disband):
                lines.append(Marked(power, unit, order, order, ()))
                continue
            lines.append(_movement_line(power, unit, order, outcome, refused, context))
    return lines


def _movement_line(power: str, unit: Unit, order: Order, outcome: Outcome | None,
                   refused: Mapping[tuple[str, str], Order], context: _Board) -> Marked:
    wrote = refused.get((power, unit.province))
    dislodged = outcome is Outcome.DISLODGED
    if wrote is not None and isinstance(order, Hold) and outcome in (Outcome.VOID,
                                                                     Outcome.DISLODGED):
        return Marked(power, unit, wrote, order, ("void", "dislodged") if dislodged
                      else ("void",), True)
    if not dislodged:
        note = NOTES.get(outcome) if outcome is not None else None
        return Marked(power, unit, order, order, (note,) if note else ())
    before = context.before_dislodged(unit.province, order)
    return Marked(power, unit, order, order, (*before, "dislodged"))


def _refused(result: PhaseResult, board: Map) -> dict[tuple[str, str], Order]:
    """By power and province, the last order the engine refused that power for its unit
    there, as read back from its text (an order for another power's unit is not that
    unit's order, whatever it did to it)."""
    out: dict[tuple[str, str], Order] = {}
    for power, errors in result.errors.items():
        for error in errors:
            read = read_order(error.text, board)
            unit = getattr(read, "unit", None)
            if unit is not None:
                out[(power, unit.province)] = read  # type: ignore[assignment]
    return out


class _Board:
    """What the movement phase looked like: the order of every unit and its outcome."""

    def __init__(self, result: PhaseResult, board: Map) -> None:
        self.board = board
        self.occupant = result.position.occupant
        self.orders: dict[str, Order] = {}
        for orders in result.orders.values():
            for order in orders:
                unit = getattr(order, "unit", None)
                if unit is not None:
                    self.orders[unit.province] = order
        self.outcome = {u.province: o for u, o in result.outcomes.items()}
        self.location = {p: u.location for p, (_, u) in self.occupant.items()}
        self.convoyers = convoying_fleets(self.orders)

    def before_dislodged(self, province: str, order: Order) -> tuple[str, ...]:
        """What the dislodged unit's own order did: a move failed (by bounce, or for want
        of a convoy), a support was cut by the dislodgement (or matched nothing), a convoy
        that matched no move was void; a hold has nothing to add."""
        if isinstance(order, Move):
            return ("no convoy",) if self._unconvoyed(province, order) else ("bounce",)
        if isinstance(order, (SupportMove, SupportHold)):
            return ("cut",) if self._matched(order) else ("void",)
        if isinstance(order, Convoy):
            move = self.orders.get(order.target.province)
            carries = isinstance(move, Move) and move.dest == order.dest
            return () if carries else ("void",)
        return ()

    def _unconvoyed(self, origin: str, move: Move) -> bool:
        """The move went by sea and no chain of undislodged convoying fleets carried it."""
        fleets = self.convoyers.get((origin, move.dest), ())
        adjacent = move.unit.type is UnitType.ARMY and self.board.adjacent(
            UnitType.ARMY, move.unit.location, move.dest)
        if adjacent and move.via_convoy and not convoy_chain_exists(
                self.board, origin, move.dest, fleets, self.location):
            return False  # nobody offered to carry it: it went by land (DATC 6.G.8)
        if not goes_by_convoy(self.board, origin, move, self.convoyers,
                              lambda p: self.occupant[p][0], self.location):
            return False
        standing = [f for f in fleets if self.outcome.get(f) is not Outcome.DISLODGED]
        return not convoy_chain_exists(self.board, origin, move.dest, standing, self.location)

    def _matched(self, order: SupportMove | SupportHold) -> bool:
        """Whether the supported unit did what the support says (else the support is void)."""
        target = order.target
        found = self.occupant.get(target.province)
        if found is None or (target.type is not None and target.type is not found[1].type):
            return False
        given = self.orders.get(target.province)
        if isinstance(order, SupportHold):
            return not isinstance(given, Move)
        if not isinstance(given, Move):
            return False
        if "/" in order.dest:
            return order.dest == given.dest
        return order.dest == given.dest.split("/", 1)[0]
