"""What would be right, after an order the board refuses (issue 23): the faults a player
can fix from the board alone, said the same way in every kind whose players order units
(standard, Payola, and the market games' corporations, countries and powers):

- a unit that is not there: the power's units;
- a retreat that cannot go there: where the unit may retreat;
- a fleet whose coast is needed: the orders with each coast written out;
- a move to a province that is not adjacent: where the unit can move;
- a build in a phase where the power has none due: "FRANCE has no builds" rather than
  the fault of the province.
"""

from __future__ import annotations

from judge.engine.board import Map, UnitType, province_of
from judge.engine.orders import Build, Move, Order, Remove, Retreat, Waive
from judge.engine.outcomes import Reason
from judge.engine.phase import PhaseKind
from judge.engine.position import Position
from judge.engine.retreats import options_in


def order_fault(reason: Reason, order: Order, power: str, position: Position,
                board: Map) -> str:
    """Why ``order`` of ``power`` is refused, and what would be right."""
    if isinstance(order, Build) and reason in _NO_BUILD_FAULTS:
        # the builds earned, whether or not a home centre is vacant for them
        due = len(position.centers.get(power, ())) - len(position.units.get(power, ()))
        if due < 0:
            return f"{power} has no builds; it must remove {-due}"
        if due == 0:
            return f"{power} has no builds"
    return reason.value + _hint(reason, order, power, position, board)


# a build refused for these when the power has none due is told so instead
_NO_BUILD_FAULTS = frozenset({Reason.OCCUPIED, Reason.NOT_OWNED})

_RETREAT_FAULTS = frozenset({Reason.RETREAT_TO_ATTACKER, Reason.RETREAT_CONTESTED,
                             Reason.RETREAT_OCCUPIED, Reason.NOT_ADJACENT, Reason.ARMY_TO_SEA,
                             Reason.FLEET_INLAND, Reason.MOVE_TO_SELF})


def _hint(reason: Reason, order: Order, power: str, position: Position, board: Map) -> str:
    """What would be right, for the faults a player can fix from the board alone."""
    if reason in (Reason.NO_SUCH_UNIT, Reason.NOT_YOUR_UNIT, Reason.WRONG_UNIT_TYPE):
        units = position.units.get(power, ())
        if position.phase.kind is PhaseKind.RETREAT:
            units = tuple(d.unit for d in position.dislodged.get(power, ()))
        there = ""
        if reason is Reason.WRONG_UNIT_TYPE and not isinstance(order, Waive):
            found = position.unit_at(order.unit.province)
            if found is not None:
                kind = "a fleet" if found[1].type is UnitType.FLEET else "an army"
                there = f"; there is {kind} in {order.unit.province}"
        return f"{there}; your units: {', '.join(str(u) for u in units) or 'none'}"
    retreating = position.phase.kind is PhaseKind.RETREAT
    if isinstance(order, Retreat | Move) and retreating and reason in _RETREAT_FAULTS:
        options = options_in(position, board, order.unit)
        if options is not None:
            where = ", ".join(options)
            return f"; {order.unit} may retreat to {where} or disband" if where else \
                f"; {order.unit} can only disband"
    if reason is Reason.COAST_NEEDED and isinstance(order, Build | Move):
        place = order.unit.province if isinstance(order, Build) else province_of(order.dest)
        spelled = [f"BUILD F {c}" if isinstance(order, Build) else f"{order.unit} - {c}"
                   for c in board.fleet_locations(place)]
        return f"; write {' or '.join(spelled)}"
    if reason is Reason.NOT_ADJACENT and not isinstance(order, Build | Remove | Waive):
        found = position.unit_at(order.unit.province)
        unit = found[1] if found is not None else None
        if unit is not None and unit.type is not None:
            reach = sorted(board.neighbours(unit.type, unit.location))
            return f"; {unit} can move to {', '.join(reach)}"
    return ""
