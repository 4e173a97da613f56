"""Whether an order may receive an offer: legal and not void by construction (spec 3.6)."""

from __future__ import annotations

from judge.engine.board import Map, Terrain, UnitType, province_of
from judge.engine.convoy import fleets_on_routes
from judge.engine.legality import check_order
from judge.engine.orders import Convoy, Hold, Move, MovementOrder, Order, SupportHold, SupportMove
from judge.engine.outcomes import Reason
from judge.engine.position import Position, Unit
from judge.money.payola.offers import Signal

# Reasons that say only that the geography is wrong: with SIGNAL_SUPPORT such a support
# may still be offered as a signal (spec 3.6).
_GEOGRAPHY = frozenset({
    Reason.CANNOT_SUPPORT_THERE, Reason.NOT_ADJACENT, Reason.ARMY_TO_SEA,
    Reason.FLEET_INLAND, Reason.UNKNOWN_PROVINCE, Reason.NO_CONVOY_ROUTE,
    Reason.UNREACHABLE_COAST, Reason.COAST_NEEDED, Reason.BAD_COAST, Reason.MOVE_TO_SELF,
})


class Invalid(Exception):
    """An order that cannot receive an offer; ``code`` is the sheet error (E11-E13)."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code, self.message = code, message


def resolve(
    order: Order, position: Position, board: Map, signals: bool
) -> MovementOrder | Signal:
    """The order with unit types and coasts filled in, or raise Invalid.

    ``signals`` (SIGNAL_SUPPORT) turns a support that is wrong only geographically into a
    signal order instead of an error.
    """
    if isinstance(order, (SupportMove, Convoy)) and "/" in order.dest:
        # support and convoy go to a province (P23): "S F CON - BUL" is the valid form
        raise Invalid("E13", "SUPPORT OR CONVOY IS GIVEN TO A PROVINCE, NOT A COAST")
    found = check_order(order, None, position, board)
    if isinstance(found, Reason):
        if found in (Reason.NO_SUCH_UNIT, Reason.WRONG_UNIT_TYPE):
            raise Invalid("E11", "ORDER TO NON-EXISTENT UNIT" + _standing(order, position))
        if signals and isinstance(order, (SupportHold, SupportMove)) and found in _GEOGRAPHY:
            return _signal(order, position)
        raise Invalid("E13", f"ILLEGAL ORDER: {found.value.upper()}"
                      + _reach(found, order, position, board))
    if isinstance(found, (SupportHold, SupportMove)):
        target = position.unit_at(found.target.province)
        if target is None or target[1] != found.target:
            raise Invalid("E12", "SUPPORT RECIPIENT DOES NOT EXIST")
        if isinstance(found, SupportMove) and not _can_reach(found.target, found.dest,
                                                             position, board):
            if signals and isinstance(order, SupportMove):  # found is its checked form
                return _signal(order, position)
            raise Invalid("E13", "SUPPORTED UNIT CANNOT REACH DESTINATION")
    if isinstance(found, Convoy):
        target = position.unit_at(found.target.province)
        if target is None or target[1] != found.target:
            raise Invalid("E12", "CONVOY OF NON-EXISTENT UNIT")
        if not fleet_route(found.target.province, found.dest, position, board, found.unit):
            raise Invalid("E13", "IMPOSSIBLE CONVOY ORDER")
    if isinstance(found, Move) and (found.via_convoy or found.path):
        if not fleet_route(found.unit.province, found.dest, position, board):
            raise Invalid("E13", "NO FLEETS TO CONVOY THIS MOVE")
    if not isinstance(found, (Hold, Move, SupportHold, SupportMove, Convoy)):
        # a sheet's position is a movement phase: check_order refused the others already
        raise Invalid("E13", "ILLEGAL ORDER: NOT A MOVEMENT ORDER")
    return found


# resolve's answers for the board position last asked about: a heavy phase's seven
# sheets name a few hundred distinct orders in a couple of thousand places, and every
# sheet of a phase is checked against the same Position. Keyed by the order's identity
# (the order readers hand out one value per line read, judge.text.orders); each entry
# keeps its order alive, so an identity is never reused while it is remembered. An entry
# is (order, the answer or None, the error's (code, message) or None, the answer's text).
_Answer = tuple[Order, "MovementOrder | Signal | None", "tuple[str, str] | None", str]
_MEMO_SIZE = 1 << 14
_memo: tuple[Position, Map, bool, dict[int, _Answer]] | None = None


def remembered_answers(position: Position, board: Map, signals: bool) -> dict[int, _Answer]:
    """The answers remembered for this position, map and SIGNAL_SUPPORT setting (a new
    table when any of them changed): look an order up by ``id(order)``, checking that
    the entry's first item is the order, and call ``answer`` when it is not there."""
    global _memo
    memo = _memo
    if memo is None or memo[0] is not position or memo[1] is not board or memo[2] is not signals:
        memo = _memo = (position, board, signals, {})
    return memo[3]


def answer(order: Order, position: Position, board: Map, signals: bool,
           answers: dict[int, _Answer]) -> _Answer:
    """resolve's answer for ``order``, worked out and remembered in ``answers`` (from
    remembered_answers for the same position, map and setting)."""
    try:
        resolved: MovementOrder | Signal | None = resolve(order, position, board, signals)
        if resolved == order:
            resolved = order
        found: _Answer = (order, resolved, None, str(resolved))
    except Invalid as e:
        found = (order, None, (e.code, e.message), "")
    if len(answers) >= _MEMO_SIZE:
        answers.clear()
    answers[id(order)] = found
    return found


def looked_up(order: Order, position: Position, board: Map, signals: bool,
              answers: dict[int, _Answer]) -> _Answer:
    """The answer remembered in ``answers`` for ``order`` itself (an entry under its id
    whose first item is not ``order`` belongs to a value since gone), worked out when
    there is none."""
    found = answers.get(id(order))
    if found is None or found[0] is not order:
        found = answer(order, position, board, signals, answers)
    return found


def resolve_remembered(
    order: Order, position: Position, board: Map, signals: bool
) -> MovementOrder | Signal:
    """resolve(), remembered per position: the same value, or the same Invalid raised.

    An answer equal to ``order`` is ``order`` itself, so a caller can tell by identity
    that nothing was filled in."""
    found = looked_up(order, position, board, signals,
                      remembered_answers(position, board, signals))
    resolved = found[1]
    if resolved is None:
        raise Invalid(*found[2])  # type: ignore[misc]
    return resolved


def _standing(order: Order, position: Position) -> str:
    """What stands where an order names a unit that is not there: the hint a player
    needs (only the board the sheet is checked against is told)."""
    if isinstance(order, (Hold, Move, SupportHold, SupportMove, Convoy)):
        found = position.unit_at(order.unit.province)
        if found is None:
            return f" (no unit in {order.unit.province})"
        kind = "a fleet" if found[1].type is UnitType.FLEET else "an army"
        return f" (there is {kind} in {order.unit.province})"
    return ""


def _reach(reason: Reason, order: Order, position: Position, board: Map) -> str:
    """For a move to a place the unit cannot reach, where it can move."""
    if reason is not Reason.NOT_ADJACENT or not isinstance(order, Move):
        return ""
    found = position.unit_at(order.unit.province)
    if found is None or found[1].type is None:
        return ""
    unit = found[1]
    assert unit.type is not None
    reach = sorted(board.neighbours(unit.type, unit.location))
    return f" ({unit} can move to {', '.join(reach)})"


def _signal(order: SupportHold | SupportMove, position: Position) -> Signal:
    unit = position.unit_at(order.unit.province)
    target = position.unit_at(order.target.province)
    if unit is None:
        raise Invalid("E11", "ORDER TO NON-EXISTENT UNIT")
    if target is None or (order.target.type not in (None, target[1].type)):
        raise Invalid("E12", "SUPPORT RECIPIENT DOES NOT EXIST")
    if isinstance(order, SupportHold):
        return Signal(SupportHold(unit[1], target[1]))
    return Signal(SupportMove(unit[1], target[1], province_of(order.dest)))


def _can_reach(target: Unit, dest: str, position: Position, board: Map) -> bool:
    assert target.type is not None
    if board.reaches_province(target.type, target.location, dest):
        return True
    return target.type is UnitType.ARMY and fleet_route(target.province, dest, position, board)


def fleet_route(origin: str, dest: str, position: Position, board: Map,
                through: Unit | None = None) -> bool:
    """Whether fleets now in sea areas could carry an army from ``origin`` to ``dest``
    (with the fleet ``through`` on the chain, when given)."""
    fleets = {
        u.province
        for units in position.units.values()
        for u in units
        if u.type is UnitType.FLEET and board.terrain(u.province) is Terrain.SEA
    }
    on_routes = fleets_on_routes(board, origin, dest, fleets, {f: f for f in fleets})
    return bool(on_routes) if through is None else through.province in on_routes
