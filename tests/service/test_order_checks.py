"""The service decides on the orders the engine checked and on the engine's own adjustment
count (what the results and STATUS promise), never on the canonical text split in words."""

from __future__ import annotations

from judge.engine.board import Map
from judge.engine.orders import Build, Move, Waive
from judge.engine.position import Position
from judge.engine.state import position_from_state
from judge.games.board.mail.submission import read_orders
from judge.text.commands import OrderLine


def _given(*texts: str) -> tuple[OrderLine, ...]:
    return tuple(OrderLine(n, text) for n, text in enumerate(texts, 1))


def _winter(board: Map, units: list[str], centers: list[str]) -> Position:
    return position_from_state(
        {"phase": "W1901A", "units": {"FRANCE": units}, "centers": {"FRANCE": centers}}, board
    )


def test_builds_and_waives_are_counted_against_the_vacant_home_centers(board: Map) -> None:
    # Three more centres than units, but only Marseilles is a vacant home centre France
    # owns (Paris is occupied, Brest not France's): the engine counts one build.
    position = _winter(board, ["A PAR"], ["PAR", "MAR", "BEL", "SPA"])
    _, errors, _ = read_orders(_given("BUILD A MAR", "WAIVE"), "FRANCE", position, board)
    assert errors == ["2 builds or waives given, but FRANCE may build 1"]
    lines, errors, orders = read_orders(_given("BUILD A MAR"), "FRANCE", position, board)
    assert errors == [] and [x.canonical for x in lines] == ["BUILD A MAR"]
    assert len(orders) == 1 and isinstance(orders[0], Build)
    assert str(orders[0].unit) == "A MAR"


def test_waives_may_fill_every_build_the_engine_counts(board: Map) -> None:
    position = _winter(board, [], ["PAR", "MAR"])
    _, errors, orders = read_orders(_given("WAIVE", "WAIVE"), "FRANCE", position, board)
    assert errors == [] and orders == [Waive(), Waive()]
    _, errors, _ = read_orders(_given("WAIVE", "WAIVE", "WAIVE"), "FRANCE", position, board)
    assert errors == ["3 builds or waives given, but FRANCE may build 2"]


def test_removals_are_counted_against_the_units_too_many(board: Map) -> None:
    position = _winter(board, ["A PAR", "A MAR", "F BRE"], ["PAR", "MAR"])
    _, errors, _ = read_orders(_given("REMOVE A PAR", "REMOVE A MAR"), "FRANCE", position,
                               board)
    assert errors == ["2 removals given, but FRANCE must remove 1"]
    _, errors, _ = read_orders(_given("REMOVE F BRE"), "FRANCE", position, board)
    assert errors == []


def test_the_checked_orders_come_back_typed_as_the_engine_will_play_them(board: Map) -> None:
    position = position_from_state(
        {"phase": "S1901M", "units": {"FRANCE": ["A PAR", "F BRE"]},
         "centers": {"FRANCE": ["PAR", "BRE"]}}, board)
    lines, errors, orders = read_orders(_given("a par-bur"), "FRANCE", position, board)
    assert errors == [] and [x.canonical for x in lines] == ["A PAR - BUR"]
    assert len(orders) == 1 and isinstance(orders[0], Move)
    assert orders[0].unit.province == "PAR" and orders[0].dest == "BUR"
