"""Fixtures for the money tests: build a Payola table from a case of facts and play it."""

from __future__ import annotations

import runpy
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from judge.engine.board import Map
from judge.engine.position import Position
from judge.engine.state import position_from_state
from judge.money.payola.acceptance import AcceptanceList
from judge.money.payola.control import Control
from judge.money.payola.movement import PayolaResult, Table, play_movement
from judge.money.payola.offers import OfferSheet
from judge.money.payola.rules import RuleSet
from judge.money.payola.sheets import SheetContext
from judge.text.offers import read_sheet

HERE = Path(__file__).parent


def load_table(name: str) -> Any:
    """A table of facts from a module next to the tests (tests are not a package)."""
    return runpy.run_path(str(HERE / f"{name}.py"))


def start_balances(board: Map) -> dict[str, int]:
    """The 1901 balances of spec 2.2: 48 AgP, Russia 62."""
    return {p: 62 if p == "RUSSIA" else 48 for p in board.powers}


def case_position(case: dict[str, Any], board: Map) -> Position:
    units = case.get("units") or {p: list(u) for p, u in board.starting_units.items()}
    centers = {p: sorted(h) for p, h in board.homes.items()}
    return position_from_state(
        {"phase": case.get("phase", "S1901M"), "units": units, "centers": centers}, board
    )


def case_table(case: dict[str, Any], board: Map) -> Table:
    """The frozen inputs of a movement phase described by a case of the examples table."""
    position = case_position(case, board)
    rules = RuleSet.parse(case.get("rules", []), board.centers)
    dummies = frozenset(case.get("dummies", ()))
    who = Control.parse(case.get("control", {}), board.powers, dummies, rules.vassal_dummies)
    # a DUMMY has no bank account under VASSAL_DUMMIES, so nothing to start with
    balances = {p: b if who.has_account(p) else 0 for p, b in start_balances(board).items()}
    balances.update(case.get("start", {}))
    sheets: dict[str, OfferSheet] = {}
    for power, lines in case.get("offers", {}).items():
        ctx = SheetContext(power, position, board, rules, balances[power], dummies,
                           who.controllers)
        sheet = read_sheet("\n".join(lines), ctx)
        assert isinstance(sheet, OfferSheet), f"{power}'s sheet refused: {sheet}"
        sheets[power] = sheet
    accept = {p: AcceptanceList.parse(t, board.powers) for p, t in case.get("accept", {}).items()}
    return Table(position, balances, accept, sheets, rules, dummies, who)


@pytest.fixture
def play(board: Map) -> Callable[..., PayolaResult]:
    def run(case: dict[str, Any], seed: int = 1, adjudicated: bool = False) -> PayolaResult:
        return play_movement(case_table(case, board), seed, board, adjudicated)

    return run
