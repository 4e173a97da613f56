"""Civil-disorder removals: farthest first, fleets before armies, and at equal distance and
type the unit whose canonical province abbreviation sorts first (GOL before GRE, MAO before
MAR), never the one whose full English name does (shareholders.md D20; docs/datc.md)."""

from __future__ import annotations

import pytest

from judge.engine.adjustments import civil_disorder_removals, home_distance
from judge.engine.board import Map, UnitType
from judge.engine.outcomes import Outcome
from judge.engine.position import Unit


@pytest.mark.parametrize(
    ("power", "first", "second"),
    [
        ("ITALY", "GOL", "GRE"),  # Gulf of Lyon sorts after Greece by name
        ("ITALY", "MAO", "MAR"),  # Mid-Atlantic Ocean sorts after Marseilles by name
        ("FRANCE", "NWG", "NWY"),  # Norwegian Sea sorts after Norway by name
    ],
)
def test_equal_distance_and_type_go_by_abbreviation(
    board: Map, play, power: str, first: str, second: str
) -> None:
    # the pair really ties, and the names would order it the other way
    homes = board.homes[power]
    assert home_distance(board, homes, UnitType.FLEET, first) == home_distance(
        board, homes, UnitType.FLEET, second)
    assert board.provinces[first].name > board.provinces[second].name
    home = {"ITALY": "VEN", "FRANCE": "PAR"}[power]
    pos = play.position("W1901A", {power: [f"A {home}", f"F {second}", f"F {first}"]},
                        {power: [home, "ROM" if power == "ITALY" else "MAR"]})
    result = play(pos, {})
    removed = [u for u, o in result.outcomes.items() if o is Outcome.REMOVED]
    assert removed == [Unit.parse(f"F {first}")]


def test_the_rule_orders_a_whole_list(board: Map) -> None:
    units = [Unit.parse(u) for u in ("F MAR", "F GRE", "F MAO", "F GOL", "A VEN")]
    # GOL and GRE: 2 moves from Italy's home centres; MAO and MAR: 3
    assert civil_disorder_removals(board, "ITALY", units, 4) == [
        Unit.parse(u) for u in ("F MAO", "F MAR", "F GOL", "F GRE")]
