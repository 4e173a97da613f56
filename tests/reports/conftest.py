"""Fixtures for the report tests: a roster of seven players, positions, orders and Payola tables."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import pytest

from judge.engine.board import Map
from judge.engine.orders import Order
from judge.engine.position import Position
from judge.engine.state import position_from_state
from judge.money.payola.acceptance import AcceptanceList
from judge.money.payola.movement import Table
from judge.money.payola.offers import OfferSheet
from judge.money.payola.rules import RuleSet
from judge.money.payola.sheets import SheetContext
from judge.service.reports import Member, Roster
from judge.text.offers import read_sheet
from judge.text.orders import parse_order
from tests.dbfixtures import db_engine, db_url, session, session_factory  # noqa: F401
from tests.service.conftest import judge, settings, started  # noqa: F401  (stored games)

ZONES = {"FRANCE": "Europe/Paris", "RUSSIA": "Europe/Moscow", "ENGLAND": "Europe/London"}


def address(power: str) -> str:
    return f"{power.lower()}@players.test"


def make_roster(board: Map, variant: str = "standard", flags: Sequence[str] = (),
                without: Sequence[str] = ()) -> Roster:
    """Every power played (but those ``without``), one observer, a master."""
    players = {p: Member(address(p), p, ZONES.get(p, "UTC"))
               for p in board.powers if p not in without}
    return Roster(
        game="alpha", variant=variant, judge="testjudge", flags=frozenset(flags),
        players=players, observers=(Member("watcher@players.test", "OBSERVER"),),
        master=Member("master@players.test", "MASTER", "America/New_York"),
    )


@pytest.fixture
def roster(board: Map) -> Roster:
    return make_roster(board)


def position(board: Map, phase: str, units: Mapping[str, Sequence[str]],
             centers: Mapping[str, Sequence[str]] | None = None,
             dislodged: Mapping[str, Sequence[dict[str, Any]]] | None = None) -> Position:
    """A position from the contract's state; centres default to the home centres."""
    state: dict[str, Any] = {
        "phase": phase, "units": {p: list(us) for p, us in units.items()},
        "centers": {p: sorted(cs) for p, cs in (centers or board.homes).items()},
    }
    if dislodged:
        state["dislodged"] = {p: list(ds) for p, ds in dislodged.items()}
    return position_from_state(state, board)


def orders(board: Map, given: Mapping[str, Sequence[str]]) -> dict[str, list[Order]]:
    return {p: [parse_order(t, board) for t in ts] for p, ts in given.items()}


def payola_table(board: Map, offers: Mapping[str, Sequence[str]],
                 balances: Mapping[str, int], rules: Sequence[str] = (),
                 start: Position | None = None,
                 accept: Mapping[str, str] | None = None) -> Table:
    """A Payola movement phase with offer sheets read exactly as the judge reads mail."""
    where = start or position(board, "S1901M", board.starting_units)
    ruleset = RuleSet.parse(list(rules), board.centers)
    sheets: dict[str, OfferSheet] = {}
    for power, lines in offers.items():
        ctx = SheetContext(power, where, board, ruleset, balances[power], frozenset())
        sheet = read_sheet("\n".join(lines), ctx)
        assert isinstance(sheet, OfferSheet), f"{power}'s sheet refused: {sheet}"
        sheets[power] = sheet
    lists = {p: AcceptanceList.parse(t, board.powers) for p, t in (accept or {}).items()}
    return Table(where, dict(balances), lists, sheets, ruleset)
