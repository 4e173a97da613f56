"""One Payola phase step (judge.money.payola.phase): the whole phase from sheets to the accounts
the next phase starts with, as both ``judge adjudicate`` and the processor play it."""

from __future__ import annotations

from dataclasses import replace

import pytest

from judge.engine.maps import load_map
from judge.engine.state import position_from_state
from judge.money.payola.acceptance import AcceptanceList
from judge.money.payola.control import Control
from judge.money.payola.phase import PayolaPhase, PlayedPhase, carried, carry, play_payola_phase
from judge.money.payola.rules import RuleSet
from judge.money.payola.year import Books
from judge.text.offers import read_sheet
from judge.text.orders import parse_order

BOARD = load_map("standard")
STATE = {"phase": "F1901M", "units": {"TURKEY": ["A ARM"], "RUSSIA": ["A MOS"]},
         "centers": {"RUSSIA": ["MOS", "SEV", "STP", "WAR"], "TURKEY": ["ANK", "CON", "SMY"]},
         "profits": {"RUSSIA": 5}}


def _fall(offers: dict[str, list[str]], rules: tuple[str, ...] = ("ZEROSUM",)) -> PayolaPhase:
    """Fall 1901: Turkey walks into Sevastopol while Russia pays its army to leave Moscow."""
    position = position_from_state(STATE, BOARD)
    profits, captures = carried(STATE)
    balances = dict.fromkeys(BOARD.powers, 0) | {"RUSSIA": 40, "TURKEY": 30}
    return PayolaPhase(position, BOARD, RuleSet.parse(list(rules), BOARD.centers), Control(),
                       Books(balances, profits, captures),
                       {p: AcceptanceList.default(p) for p in BOARD.powers},
                       offers=offers, read_sheet=read_sheet, seed=1)


def test_a_movement_phase_is_paid_adjudicated_and_closed() -> None:
    played = play_payola_phase(_fall({"TURKEY": ["A ARM - SEV"], "RUSSIA": ["7 : A MOS - UKR"]}))
    assert played.movement is not None and played.movement.phase == played.result
    assert str(played.after.phase) == "W1901A" and played.after == played.result.next
    books = played.closing.books
    # Russia paid 7 to its own army: balance 33, profit 5 + 7; SEV changed hands, and its
    # price is (33 + 12) // 4 = 11
    assert books.balances["RUSSIA"] == 33 and books.profits["RUSSIA"] == 12
    assert played.movement.balances["RUSSIA"] == 33
    assert played.movement.paid == {"RUSSIA": {"A MOS": 7}}
    assert [(c.center, c.winner, c.loser, c.amount) for c in books.captures] == [
        ("SEV", "TURKEY", "RUSSIA", 11)]
    assert played.carry == carry(books, _fall({}).rules)
    assert carried(played.carry) == (dict(books.profits), books.captures)
    assert not played.closing.income_step and not played.closing.reports


def _winter(fall: PlayedPhase, orders: dict[str, list[str]]) -> PayolaPhase:
    """The Winter after ``fall``, from the books it closed with, and ``orders``."""
    given = {p: [parse_order(x, BOARD) for x in xs] for p, xs in orders.items()}
    return PayolaPhase(fall.after, BOARD, _fall({}).rules, Control(), fall.closing.books,
                       {p: AcceptanceList.default(p) for p in BOARD.powers}, orders=given)


def test_the_winter_after_is_adjudicated_and_runs_the_income_step_in_the_same_call() -> None:
    fall = play_payola_phase(_fall({"TURKEY": ["A ARM - SEV"], "RUSSIA": ["7 : A MOS - UKR"]}))
    played = play_payola_phase(_winter(fall, {"TURKEY": ["BUILD A SMY"]}))
    # one call: the builds adjudicated, the income step run on the position they give
    assert played.movement is None and str(played.after.phase) == "S1902M"
    assert "A SMY" in {str(u) for u in played.after.units["TURKEY"]}
    assert played.closing.income_step
    assert set(played.closing.reports) >= {"RUSSIA", "TURKEY"}
    # the Zero-Sum figures are paid out at the income step: nothing left to carry
    assert not played.closing.books.captures and not played.closing.books.profits
    assert played.carry == {"profits": {}, "captures": []}


def test_a_sheet_that_fails_or_may_not_be_sent_is_refused_whole() -> None:
    phase = _fall({"TURKEY": ["5 : A ARM - SEV", "5 : HELLO"], "RUSSIA": []})
    played = play_payola_phase(phase)
    assert list(played.refused) == ["TURKEY"] and played.refused["TURKEY"]
    assert "RUSSIA" not in played.refused  # no line, no sheet and no error


def test_a_movement_phase_is_not_played_from_orders() -> None:
    phase = replace(_fall({}), orders={"TURKEY": [parse_order("A ARM H", BOARD)]})
    with pytest.raises(ValueError):
        play_payola_phase(phase)


def test_without_zerosum_nothing_is_carried() -> None:
    played = play_payola_phase(_fall({"TURKEY": ["A ARM - SEV"]}, rules=()))
    assert played.carry == {}
