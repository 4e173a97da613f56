"""Every reason an order can be refused, each shown by an order that earns it."""

from __future__ import annotations

import pytest

from judge.engine.legality import check_order
from judge.engine.outcomes import Reason

UNITS = {
    "FRANCE": ["A PAR", "F BRE", "A MAR", "F MAO", "A PIC"],
    "ENGLAND": ["F LON", "A WAL", "F NTH"],
    "RUSSIA": ["F STP/SC", "A MOS"],
    "ITALY": ["F ROM"],
}

MOVEMENT_CASES = [
    ("FRANCE", "A BUR - PAR", Reason.NO_SUCH_UNIT),
    ("FRANCE", "F LON - WAL", Reason.NOT_YOUR_UNIT),
    ("FRANCE", "F PAR - BUR", Reason.WRONG_UNIT_TYPE),
    ("FRANCE", "A PAR - ENG", Reason.ARMY_TO_SEA),
    ("FRANCE", "F BRE - PAR", Reason.FLEET_INLAND),
    ("FRANCE", "A PAR - MUN", Reason.NOT_ADJACENT),
    ("FRANCE", "A PAR - SWI", Reason.NOT_ADJACENT),
    ("FRANCE", "A MAR - MOS", Reason.NOT_ADJACENT),
    ("FRANCE", "A PIC - SEV", Reason.NO_CONVOY_ROUTE),
    ("FRANCE", "F MAO - SPA", Reason.COAST_NEEDED),
    ("RUSSIA", "F STP/SC - BAR", Reason.NOT_ADJACENT),
    ("FRANCE", "F MAR - SPA/NC", Reason.WRONG_UNIT_TYPE),
    ("FRANCE", "A PAR - PAR", Reason.MOVE_TO_SELF),
    ("FRANCE", "A PAR S A PAR", Reason.SUPPORT_SELF),
    ("FRANCE", "A PAR S A PIC - PAR", Reason.SUPPORT_SELF),
    ("FRANCE", "A PAR S F BRE - MAO", Reason.CANNOT_SUPPORT_THERE),
    ("FRANCE", "A MAR C A PAR - BRE", Reason.CONVOY_BY_ARMY),
    ("FRANCE", "F BRE C A PIC - WAL", Reason.CONVOY_FROM_LAND),
    ("FRANCE", "F MAO C F BRE - POR", Reason.CONVOY_NOT_ARMY),
    ("FRANCE", "F MAO C A PAR - POR", Reason.CONVOY_NOT_COASTAL),
    ("FRANCE", "F MAO C A PIC - SEV", Reason.NO_CONVOY_ROUTE),
    ("FRANCE", "A PAR D", Reason.WRONG_PHASE),
    ("FRANCE", "BUILD A PAR", Reason.WRONG_PHASE),
]


@pytest.mark.parametrize(
    ("power", "text", "reason"), MOVEMENT_CASES, ids=[c[1] for c in MOVEMENT_CASES]
)
def test_movement_refusals(play, power: str, text: str, reason: Reason) -> None:
    pos = play.position("S1901M", UNITS)
    [order] = play.orders({power: [text]})[power]
    assert check_order(order, power, pos, play.board) is reason


def test_payola_bribes_skip_the_ownership_check(play) -> None:
    pos = play.position("S1901M", UNITS)
    [order] = play.orders({"X": ["F LON - YOR"]})["X"]
    assert str(check_order(order, None, pos, play.board)) == "F LON - YOR"


def test_a_coast_the_province_lacks_is_refused(play) -> None:
    from judge.engine.orders import Move
    from judge.engine.position import Unit

    pos = play.position("S1901M", UNITS)
    order = Move(Unit.parse("F MAO"), "SPA/EC")
    assert check_order(order, "FRANCE", pos, play.board) is Reason.BAD_COAST


def test_a_coast_the_fleet_cannot_reach_is_refused(play) -> None:
    pos = play.position("S1901M", {"FRANCE": ["F MAR"]})
    [order] = play.orders({"FRANCE": ["F MAR - SPA/NC"]})["FRANCE"]
    assert check_order(order, "FRANCE", pos, play.board) is Reason.UNREACHABLE_COAST


@pytest.mark.parametrize(
    "order",
    [
        "Move(Unit.parse('A PAR'), 'XYZ')",
        "SupportHold(Unit.parse('A PAR'), Unit(None, 'QQQ'))",
        "Move(Unit.parse('A PAR'), 'BUR', True, ('ZZZ',))",
        "Hold(Unit.parse('A ABC'))",
        "Build(Unit.parse('A XXX'))",
    ],
)
def test_orders_built_in_code_naming_no_province_are_refused(play, order: str) -> None:
    from judge.engine.orders import Build, Hold, Move, SupportHold  # noqa: F401
    from judge.engine.position import Unit  # noqa: F401

    for phase in ("S1901M", "S1901R", "W1901A"):
        pos = play.position(phase, UNITS)
        assert check_order(eval(order), "FRANCE", pos, play.board) is Reason.UNKNOWN_PROVINCE


def test_single_reachable_coast_is_chosen(play) -> None:
    pos = play.position("S1901M", {"FRANCE": ["F GAS"]})
    [order] = play.orders({"FRANCE": ["F GAS - SPA"]})["FRANCE"]
    assert str(check_order(order, "FRANCE", pos, play.board)) == "F GAS - SPA/NC"


RETREAT_CASES = [
    ("GERMANY", "A MUN - BUR", Reason.RETREAT_TO_ATTACKER),
    ("GERMANY", "A MUN - SIL", Reason.RETREAT_CONTESTED),
    ("GERMANY", "A MUN - BOH", Reason.RETREAT_OCCUPIED),
    ("GERMANY", "A MUN - KIE", None),
    ("GERMANY", "A MUN - NTH", Reason.ARMY_TO_SEA),
    ("GERMANY", "A MUN - PAR", Reason.NOT_ADJACENT),
    ("GERMANY", "A BOH - TYR", Reason.NOT_DISLODGED),
    ("GERMANY", "A VIE - TYR", Reason.NO_SUCH_UNIT),
    ("FRANCE", "A MUN - KIE", Reason.NOT_YOUR_UNIT),
    ("GERMANY", "A MUN S A BOH", Reason.WRONG_PHASE),
    ("GERMANY", "A MUN - RUH VIA CONVOY", Reason.NOT_ADJACENT),
]


@pytest.mark.parametrize(
    ("power", "text", "reason"), RETREAT_CASES, ids=[c[1] for c in RETREAT_CASES]
)
def test_retreat_refusals(play, power: str, text: str, reason: Reason | None) -> None:
    pos = play.position(
        "S1901R",
        {"FRANCE": ["A BUR"], "GERMANY": ["A BOH"]},
        dislodged={"GERMANY": [{"unit": "A MUN", "attacker": "BUR"}]},
        contested=["SIL"],
    )
    [order] = play.orders({power: [text]})[power]
    got = check_order(order, power, pos, play.board)
    assert got is reason if reason is not None else str(got) == "A MUN - KIE"


ADJUSTMENT_CASES = [
    ("BUILD A MUN", Reason.NOT_HOME_CENTER),
    ("BUILD A BEL", Reason.NOT_HOME_CENTER),
    ("BUILD A MAR", Reason.NOT_OWNED),
    ("BUILD A PAR", Reason.OCCUPIED),
    ("BUILD F STP/NC", Reason.NOT_HOME_CENTER),
    ("BUILD F BRE", None),
    ("REMOVE A MUN", Reason.NO_SUCH_UNIT),
    ("REMOVE A LON", Reason.NOT_YOUR_UNIT),
    ("A PAR - BUR", Reason.WRONG_PHASE),
]


@pytest.mark.parametrize(("text", "reason"), ADJUSTMENT_CASES, ids=[c[0] for c in ADJUSTMENT_CASES])
def test_adjustment_refusals(play, text: str, reason: Reason | None) -> None:
    pos = play.position(
        "W1901A",
        {"FRANCE": ["A PAR"], "ENGLAND": ["A LON"]},
        {"FRANCE": ["PAR", "BRE", "BEL", "MUN"], "ENGLAND": ["LON", "MAR"]},
    )
    [order] = play.orders({"FRANCE": [text]})["FRANCE"]
    got = check_order(order, "FRANCE", pos, play.board)
    assert got is reason if reason is not None else str(got) == "BUILD F BRE"
