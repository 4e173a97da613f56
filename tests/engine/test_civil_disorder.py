"""Civil-disorder removals: farthest first, fleets before armies, and at equal distance and
type the unit whose province's full English name sorts first, as the rulebook says (Greece
before Gulf of Lyon, Marseilles before Mid-Atlantic Ocean), not the one whose abbreviation
does (issue 26 replaced the abbreviation rule; docs/datc.md). The real-game corpus's
game_9375/W1908A removes F GRE before F GOL."""

from __future__ import annotations

import pytest

from judge.engine.adjustments import civil_disorder_removals, home_distance
from judge.engine.board import Map, UnitType
from judge.engine.outcomes import Outcome
from judge.engine.position import Unit


@pytest.mark.parametrize(
    ("power", "first", "second"),
    [
        ("ITALY", "GRE", "GOL"),  # Greece before Gulf of Lyon (GOL before GRE by letters)
        ("ITALY", "MAR", "MAO"),  # Marseilles before Mid-Atlantic Ocean
        ("FRANCE", "NWY", "NWG"),  # Norway before Norwegian Sea
    ],
)
def test_equal_distance_and_type_go_by_full_name(
    board: Map, play, power: str, first: str, second: str
) -> None:
    # the pair really ties, and the abbreviations would order it the other way
    homes = board.homes[power]
    assert home_distance(board, homes, UnitType.FLEET, first) == home_distance(
        board, homes, UnitType.FLEET, second)
    assert board.provinces[first].name < board.provinces[second].name
    assert first > second
    home = {"ITALY": "VEN", "FRANCE": "PAR"}[power]
    pos = play.position("W1901A", {power: [f"A {home}", f"F {first}", f"F {second}"]},
                        {power: [home, "ROM" if power == "ITALY" else "MAR"]})
    result = play(pos, {})
    removed = [u for u, o in result.outcomes.items() if o is Outcome.REMOVED]
    assert removed == [Unit.parse(f"F {first}")]


def test_the_rule_orders_a_whole_list(board: Map) -> None:
    units = [Unit.parse(u) for u in ("F MAO", "F GOL", "F MAR", "F GRE", "A VEN")]
    # GOL and GRE: 2 moves from Italy's home centres; MAO and MAR: 3
    assert civil_disorder_removals(board, "ITALY", units, 4) == [
        Unit.parse(u) for u in ("F MAR", "F MAO", "F GRE", "F GOL")]


def test_game_9375_winter_1908_removes_greece_before_the_gulf_of_lyon(board: Map) -> None:
    # the corpus's case as the rule sees it: two Italian fleets two moves from home
    units = [Unit.parse("F GOL"), Unit.parse("F GRE")]
    assert civil_disorder_removals(board, "ITALY", units, 1) == [Unit.parse("F GRE")]
