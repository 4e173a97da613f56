"""What would be right after an order the board refuses (judge.engine.hints, issue 23):
said the same way by standard, Payola and the market games, which all call it."""

from __future__ import annotations

from judge.engine.board import UnitType
from judge.engine.hints import order_fault
from judge.engine.legality import check_order
from judge.engine.orders import Build, Move
from judge.engine.outcomes import Reason
from judge.engine.position import Unit


def _fault(play, phase: str, units: dict, centers: dict, order) -> str:
    pos = play.position(phase, units, centers)
    reason = check_order(order, "FRANCE", pos, play.board)
    assert isinstance(reason, Reason), reason
    return order_fault(reason, order, "FRANCE", pos, play.board)


def test_a_power_with_no_builds_is_told_so(play) -> None:
    units = {"FRANCE": ["A PAR", "A MAR", "F BRE"]}
    centers = {"FRANCE": ["PAR", "MAR", "BRE"]}
    build = Build(Unit(UnitType.ARMY, "PAR"))
    assert _fault(play, "W1901A", units, centers, build) == "FRANCE has no builds"
    fewer = {"FRANCE": ["PAR", "MAR"]}
    assert _fault(play, "W1901A", units, fewer, build) == \
        "FRANCE has no builds; it must remove 1"
    # with a build due, an occupied centre is the fault
    more = {"FRANCE": ["PAR", "MAR", "BRE", "SPA"]}
    assert _fault(play, "W1901A", units, more, build) == Reason.OCCUPIED.value


def test_where_a_unit_can_move_and_which_coast(play) -> None:
    units = {"FRANCE": ["A PAR", "F MAO"]}
    centers = {"FRANCE": ["PAR", "MAR", "BRE"]}
    far = Move(Unit(UnitType.ARMY, "PAR"), "MOS")
    assert _fault(play, "S1901M", units, centers, far) == \
        "not adjacent; A PAR can move to BRE, BUR, GAS, PIC"
    coast = Move(Unit(UnitType.FLEET, "MAO"), "SPA")
    assert _fault(play, "S1901M", units, centers, coast) == \
        "coast must be specified; write F MAO - SPA/NC or F MAO - SPA/SC"
