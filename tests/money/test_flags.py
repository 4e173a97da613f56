"""Option flags of spec 7 whose effect the other test files do not show: what the
statements hold under HIDE_COST, HIDE_OFFERS and PAY_DUMMIES, income under PAY_DUMMIES,
NO_LEDGERS and CAP with ZEROSUM, the CD_DUMMIES exemption of REMOTE_BRIBE and TOUCH_BRIBE,
flags that are always on or never allowed, and an eliminated power that still bribes."""

from __future__ import annotations

from typing import Any

import pytest

from judge import batch
from judge.engine.board import Map
from judge.engine.state import position_from_state
from judge.money.payola.income import income, income_step
from judge.money.payola.offers import OfferSheet
from judge.money.payola.rules import RuleError, RuleSet
from judge.money.payola.sheets import SheetContext
from judge.text.offers import read_sheet

CASE = {"offers": {"FRANCE": ["5 : A PAR - BUR", "3 : F LON - NTH"],
                   "ENGLAND": ["4 : F BRE - MAO"]}}


def test_hide_cost_lists_own_orders_without_amounts(play: Any) -> None:
    france = play({**CASE, "rules": ["HIDE_COST"]}).statements["FRANCE"]
    assert {(u.unit, u.order, u.total) for u in france.units} == {
        ("A MAR", "A MAR H", None), ("A PAR", "A PAR - BUR", None),
        ("F BRE", "F BRE - MAO", None)}
    assert france.cost == 8 and france.balance == 40  # own bookkeeping is still shown


def test_hide_offers_shows_only_orders_totals_and_the_new_balance(play: Any) -> None:
    france = play({**CASE, "rules": ["HIDE_OFFERS"]}).statements["FRANCE"]
    assert {(u.unit, u.order, u.total, u.bought_by_others) for u in france.units} == {
        ("A MAR", "A MAR H", 0, None), ("A PAR", "A PAR - BUR", 5, None),
        ("F BRE", "F BRE - MAO", 4, None)}
    assert (france.accepted, france.sheet, france.previous_balance, france.rounds,
            france.cost) == (None, None, None, None, None)
    assert france.balance == 40


def test_pay_dummies_statements_leave_out_own_units(board: Map, play: Any) -> None:
    case = {"rules": ["PAY_DUMMIES"], "dummies": ["ITALY"],
            "offers": {"FRANCE": ["A PAR - BUR", "A MAR H", "F BRE H", "3 : A VEN - PIE"]}}
    france = play(case).statements["FRANCE"]
    assert france.units == ()
    assert [(x.amount, x.unit) for x in france.accepted] == [(3, "A VEN")]
    assert "ITALY" not in play(case).statements  # an uncontrolled DUMMY gets none


def test_pay_dummies_income_stops_when_no_dummy_owns_a_center(board: Map) -> None:
    rules = RuleSet.parse(["PAY_DUMMIES"])
    centers = {"FRANCE": {"PAR", "BRE", "MAR"}, "ITALY": {"ROM"}}
    paid = income_step(1901, {"FRANCE": 1}, centers, {"FRANCE": 3}, rules, 18, board.powers,
                       dummies={"ITALY"})
    assert paid.balances["FRANCE"] == 49
    centers["ITALY"] = set()
    stopped = income_step(1901, {"FRANCE": 1}, centers, {"FRANCE": 3}, rules, 18,
                          board.powers, dummies={"ITALY"})
    assert stopped.balances["FRANCE"] == 1


def test_no_ledgers_sends_no_income_report_but_credits_income(board: Map) -> None:
    step = income_step(1901, {"FRANCE": 1}, {"FRANCE": {"PAR"}}, {"FRANCE": 1},
                       RuleSet.parse(["NO_LEDGERS"]), 18, board.powers)
    assert step.reports == {} and step.balances["FRANCE"] == 18


def test_cap_and_tax_are_ignored_under_zerosum(board: Map) -> None:
    rules = RuleSet.parse(["ZEROSUM", "CAP 5", "TAX 9"])
    assert income(["PAR", "BRE"], rules, 18, 7) == 0
    step = income_step(1901, {"FRANCE": 1}, {"FRANCE": {"PAR"}}, {"FRANCE": 1}, rules, 18,
                       board.powers, {"FRANCE": 40})
    assert step.balances["FRANCE"] == 41  # the bribe profit is not capped (OQ-17 b)


@pytest.mark.parametrize(("flag", "line"), [
    ("TOUCH_BRIBE", "1 : A VEN - TYR"),  # far from the French army in Marseilles
    ("REMOTE_BRIBE", "1 : A PIE - TYR"),  # next to it
])
def test_cd_dummies_lets_anyone_bribe_a_dummy_unit(board: Map, flag: str, line: str) -> None:
    units = {"FRANCE": ["A MAR"], "ITALY": ["A PIE", "A VEN"]}
    position = position_from_state({"phase": "S1901M", "units": units}, board)
    rules = RuleSet.parse([flag, "CD_DUMMIES"], board.centers)
    dummy = SheetContext("FRANCE", position, board, rules, 48, frozenset({"ITALY"}))
    assert isinstance(read_sheet(line, dummy), OfferSheet)
    player = SheetContext("FRANCE", position, board, rules, 48, frozenset())
    refused = read_sheet(line, player)
    assert isinstance(refused, list) and refused[0].code == "E23"


def test_always_and_never_flags(board: Map) -> None:
    assert RuleSet.parse(["ORDER_ANY", "EBAYOLA"]).flags() == ("EBAYOLA",)
    for flags, message in ((["ROTATE"], "control rotation"), (["ROTATE CONTROL"], "rotation"),
                           (["EXCHANGE"], "game of its own"), (["NO_CHECK"], "not allowed")):
        with pytest.raises(RuleError, match=message):
            RuleSet.parse(flags, board.centers)


def test_a_refusal_names_the_flag_that_brought_the_conflict(board: Map) -> None:
    with pytest.raises(RuleError) as caught:
        RuleSet.parse(["PAYOLA_CLASSIC", "BLIND"], board.centers)
    assert str(caught.value) == ("BLIND and ZERO_FOREIGN cannot be combined (ZERO_FOREIGN "
                                 "comes with PAYOLA_CLASSIC; list -ZERO_FOREIGN to leave it "
                                 "out)")


def test_an_eliminated_power_keeps_its_money_and_still_bribes(board: Map, play: Any) -> None:
    units = {p: list(u) for p, u in board.starting_units.items() if p != "ITALY"}
    result = play({"units": units, "start": {"ITALY": 20},
                   "offers": {"ITALY": ["6 : A PAR - PIC"]}})
    assert result.orders["PAR"].dest == "PIC" and result.balances["ITALY"] == 14
    italy = result.statements["ITALY"]
    assert italy.units == () and [(x.amount, x.unit) for x in italy.accepted] == [
        (6, "A PAR")]
    step = income_step(1902, {"ITALY": 14}, {}, {}, RuleSet(), 18, board.powers)
    assert step.balances["ITALY"] == 14  # no income without centres or units


def test_no_donations_forfeits_when_the_last_center_is_lost() -> None:
    """Through judge adjudicate: Turkey takes Russia's only centre in Fall; Russia's money
    is gone at once (OQ-11), and nobody else's changes."""
    case = {"id": "d", "variant": "standard", "game": "payola", "rules": ["NO_DONATIONS"],
            "seed": 1, "state": {"phase": "F1901M",
                                 "units": {"TURKEY": ["A ARM"], "RUSSIA": ["A MOS"]},
                                 "centers": {"RUSSIA": ["SEV"], "TURKEY": ["ANK"]},
                                 "balances": {"RUSSIA": 40, "TURKEY": 30}},
            "offers": {"TURKEY": ["A ARM - SEV"], "RUSSIA": ["7 : A MOS - UKR"]}}
    after = batch.run_case(case)["state"]
    assert after["centers"]["TURKEY"] == ["ANK", "SEV"]
    assert after["balances"] == {"RUSSIA": 0, "TURKEY": 30}


def test_the_judges_general_flags_are_read_into_the_rule_set_too() -> None:
    """NO_PRESS, PUBLIC_PRESS and ALWAYS_CONFIRM are no money rules, but the service reads
    them, like every flag, from the typed RuleSet; they are no Payola flags of its list."""
    rules = RuleSet.parse(["NO_PRESS", "ALWAYS_CONFIRM", "EBAYOLA"])
    assert rules.no_press and rules.always_confirm and not rules.public_press
    assert rules.flags() == ("EBAYOLA",)
    assert RuleSet.parse(["PUBLIC_PRESS"]).public_press
    assert RuleSet.parse([]) == RuleSet()
