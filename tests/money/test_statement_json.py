"""A statement's JSON form (judge.money.payola.statement_json) is written out field by field for
speed: it must stay what ``dataclasses.asdict`` makes of the statement, on statements of
every shape (hidden offers, BLIND nationalities, vassals' units, controlled powers)."""

from __future__ import annotations

import dataclasses
import runpy
from pathlib import Path

import pytest

from judge.money.payola.movement import play_movement
from judge.money.payola.statement_json import statement_json, statement_of

_tables = runpy.run_path(str(Path(__file__).parent / "random_tables.py"))
BOARD, random_table = _tables["BOARD"], _tables["random_table"]

SHAPES = [
    ([], False, False),
    (["HIDE_OFFERS"], False, False),
    (["HIDE_COST", "ZEROSUM"], False, False),
    (["BLIND"], False, False),
    (["BLIND"], True, False),
    (["VASSAL_DUMMIES"], True, True),
    ([], True, True),
]


@pytest.mark.parametrize(("rules", "dummy", "controlled"), SHAPES)
def test_statement_json_is_asdict(rules: list[str], dummy: bool, controlled: bool) -> None:
    seen = 0
    for seed in range(12):
        result = play_movement(random_table(seed, rules, dummy, controlled), seed, BOARD,
                               adjudicated=False)
        for statement in result.statements.values():
            data = statement_json(statement)
            assert data == dataclasses.asdict(statement)
            assert list(data) == list(dataclasses.asdict(statement))  # same key order
            assert statement_of(data) == statement
            seen += 1
    assert seen
