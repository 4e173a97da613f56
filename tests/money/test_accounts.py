"""Accounts: starting balances, income (P35), Zero-Sum settlement (P36), transfers (P37),
acceptance lists and rule flags."""

from __future__ import annotations

import random

import pytest

from judge.engine.board import Map
from judge.money.payola.acceptance import AcceptanceError, AcceptanceList
from judge.money.payola.income import (
    decreasing_income,
    income,
    income_step,
    settle_captures,
    starting_balance,
)
from judge.money.payola.ledger import Ledger, TransferError
from judge.money.payola.rules import RuleError, RuleSet

SCHEDULE = {1: 17, 2: 33, 3: 48, 4: 62, 5: 75, 6: 87, 7: 98, 8: 108, 9: 117, 10: 125,
            11: 132, 12: 138, 13: 143, 14: 147, 15: 150, 16: 152, 17: 153, 18: 153}


@pytest.mark.parametrize(("n", "amount"), sorted(SCHEDULE.items()))
def test_decreasing_income_table(n: int, amount: int) -> None:
    assert decreasing_income(n, 18) == amount


def test_income_never_drops_past_victory() -> None:
    assert decreasing_income(19, 18) == 153 and decreasing_income(0, 18) == 0


@pytest.mark.parametrize(("flags", "small", "russia"), [
    ([], 48, 62), (["FLAT_TAX"], 21, 28), (["ZEROSUM"], 30, 40), (["TAX 5"], 15, 20),
])
def test_p35_starting_balances(flags: list[str], small: int, russia: int, board: Map) -> None:
    rules = RuleSet.parse(flags, board.centers)
    france = starting_balance(board.homes["FRANCE"], 3, rules, 18, 7)
    assert france == small
    assert starting_balance(board.homes["RUSSIA"], 4, rules, 18, 7) == russia


def test_starting_balance_without_centers_is_half_victory_per_unit() -> None:
    assert starting_balance([], 2, RuleSet(), 18, 7) == 18


@pytest.mark.parametrize(("n", "default", "flat", "capped"), [
    (5, 75, 35, 75), (4, 62, 28, 62), (6, 87, 42, 80),
])
def test_p35_income_after_1901(n: int, default: int, flat: int, capped: int) -> None:
    centers = [f"C{i}" for i in range(n)]
    assert income(centers, RuleSet(), 18, 7) == default
    assert income(centers, RuleSet(flat_tax=True), 18, 7) == flat
    assert income(centers, RuleSet.parse(["CAP 80"]), 18, 7) == capped


def test_per_center_tax_pays_listed_centers_only(board: Map) -> None:
    rules = RuleSet.parse(["TAX PAR 4", "TAX BRE 2"], board.centers)
    assert income(["PAR", "BRE", "MAR"], rules, 18, 7) == 6


def test_p35_income_step_and_no_hoarding() -> None:
    centers = {"ENGLAND": {"LON", "EDI", "LVP", "NWY", "BEL"}}
    step = income_step(1901, {"ENGLAND": 30}, centers, {"ENGLAND": 5}, RuleSet(), 18,
                       ["ENGLAND"])
    assert step.balances["ENGLAND"] == 105
    report = step.reports["ENGLAND"]
    assert (report.balance_forward, report.income, report.balance) == (30, 75, 105)
    hoard = income_step(1901, {"ENGLAND": 30}, centers, {"ENGLAND": 5},
                        RuleSet(no_hoarding=True), 18, ["ENGLAND"])
    assert hoard.balances["ENGLAND"] == 75


def test_no_hoarding_empties_a_power_with_nothing() -> None:
    step = income_step(1901, {"ITALY": 9}, {}, {}, RuleSet(no_hoarding=True), 18, ["ITALY"])
    assert step.balances["ITALY"] == 0


def test_p36_zero_sum_settlement() -> None:
    before = {"RUSSIA": {"MOS", "STP", "WAR", "SEV", "RUM"}, "TURKEY": {"ANK", "CON", "SMY"}}
    after = {"RUSSIA": {"MOS", "STP", "WAR", "RUM"}, "TURKEY": {"ANK", "CON", "SMY", "SEV",
                                                                "BUL"}}
    balances = {"RUSSIA": 30, "TURKEY": 20}
    profits = {"RUSSIA": 12, "TURKEY": 9}
    captures = settle_captures(before, after, balances, profits)
    assert {(c.center, c.loser, c.amount) for c in captures} == {("BUL", None, 10),
                                                                ("SEV", "RUSSIA", 8)}
    step = income_step(1902, balances, after, {"RUSSIA": 4, "TURKEY": 5},
                       RuleSet(zerosum=True), 18, ["RUSSIA", "TURKEY"], profits, captures)
    assert step.balances == {"RUSSIA": 34, "TURKEY": 47}
    assert step.reports["TURKEY"].captures == (("BUL", 10), ("SEV", 8))
    assert step.reports["RUSSIA"].losses == (("SEV", 8),)
    assert step.reports["RUSSIA"].bribe_profit == 12


def test_p37_transfers() -> None:
    ledger = Ledger({"FRANCE": 40, "ENGLAND": 20, "GERMANY": 5})
    after, to_france, to_england = ledger.transfer("FRANCE", "ENGLAND", 10, RuleSet(),
                                                   {"FRANCE": 3})
    assert after.balances == {"FRANCE": 30, "ENGLAND": 30, "GERMANY": 5}
    assert (to_france.balance_forward, to_france.balance, to_france.counterpart) == (40, 30,
                                                                                     "ENGLAND")
    assert (to_england.balance_forward, to_england.balance, to_england.counterpart) == (
        20, 30, "FRANCE")
    _, _, anonymous = ledger.transfer("FRANCE", "ENGLAND", 10, RuleSet(anon_transfer=True),
                                      {"FRANCE": 3})
    assert anonymous.counterpart is None
    for amount, message in ((0, "at least 1 AgP"), (-1, "at least 1 AgP"),
                            (50, r"more than the balance \(40 AgP\)")):
        with pytest.raises(TransferError, match=message):
            ledger.transfer("FRANCE", "GERMANY", amount, RuleSet(), {"FRANCE": 3})
    one = RuleSet(one_transfer=True)
    again, _, _ = ledger.transfer("FRANCE", "ENGLAND", 5, one, {"FRANCE": 3})
    with pytest.raises(TransferError, match="only one transfer to ENGLAND"):
        again.transfer("FRANCE", "ENGLAND", 5, one, {"FRANCE": 3})
    again.transfer("FRANCE", "GERMANY", 5, one, {"FRANCE": 3})
    again.phase_processed().transfer("FRANCE", "ENGLAND", 5, one, {"FRANCE": 3})
    with pytest.raises(TransferError, match="owns no supply centre"):
        ledger.transfer("FRANCE", "ENGLAND", 5, RuleSet(no_donations=True), {"FRANCE": 0})
    with pytest.raises(TransferError, match="not allowed in this game"):
        ledger.transfer("FRANCE", "ENGLAND", 5, RuleSet(no_transfer=True), {"FRANCE": 3})


def test_transfers_never_create_money() -> None:
    ledger = Ledger({"FRANCE": 40, "ENGLAND": 20})
    after, _, _ = ledger.transfer("ENGLAND", "FRANCE", 20, RuleSet(), {"ENGLAND": 1})
    assert after.total() == ledger.total() and after.balances["ENGLAND"] == 0


@pytest.mark.parametrize(("text", "message"), [
    ("FRITAGEF", "acceptance list too long"),
    ("FX", "letter X is not a power initial"),
    ("FF", "letter F appears more than once"),
    ("FRITAGE?", "acceptance list too long"),
    ("F??", "letter ? appears more than once"),
])
def test_refused_acceptance_lists(text: str, message: str, board: Map) -> None:
    with pytest.raises(AcceptanceError, match=message.replace("?", r"\?")):
        AcceptanceList.parse(text, board.powers)


def test_acceptance_list_expansion(board: Map) -> None:
    full = AcceptanceList.parse("fritage", board.powers)
    assert full.expand(board.powers, random.Random(1))[:3] == ("FRANCE", "RUSSIA", "ITALY")
    assert full.text(board.powers) == "FRITAGE"
    odd = AcceptanceList.parse("R?TAE", board.powers)
    for seed in range(5):
        out = odd.expand(board.powers, random.Random(seed))
        assert out[0] == "RUSSIA" and out[-3:] == ("TURKEY", "AUSTRIA", "ENGLAND")
        assert sorted(out[1:4]) == ["FRANCE", "GERMANY", "ITALY"]
    assert AcceptanceList.parse("E", board.powers).text(board.powers) == "E?"


@pytest.mark.parametrize(("flags", "message"), [
    (["BLIND", "ZERO_FOREIGN"], "cannot be combined"),
    (["BLIND", "PUBLIC_TOTALS"], "cannot be combined"),
    (["REMOTE_BRIBE", "TOUCH_BRIBE"], "cannot be combined"),
    (["PAY_DUMMIES", "TOUCH_BRIBE"], "cannot be combined"),
    (["NO_DONATIONS", "GARRISON"], "cannot be combined"),
    (["PAYOLA_CLASSIC", "BLIND"], "cannot be combined"),
    (["PROXY_OK"], "not allowed"),
    (["FICTIONAL_OK"], "only as a consequence of BLIND"),
    (["NO_SUCH_FLAG"], "unknown Payola flag"),
    (["TAX 5", "TAX PAR 3"], "cannot be combined"),
    (["-NO_SAVINGS"], "only a flag that another flag includes"),
])
def test_refused_flag_combinations(flags: list[str], message: str, board: Map) -> None:
    with pytest.raises(RuleError, match=message):
        RuleSet.parse(flags, board.centers)


def test_flag_implications() -> None:
    assert RuleSet.parse(["LIMIT_OFFERS"]).direct_only
    assert RuleSet.parse(["RESTRICT_SIGNAL"]).signal_support
    assert RuleSet.parse(["PAY_DUMMIES"]).cd_dummies
    classic = RuleSet.parse(["PAYOLA_CLASSIC"])
    assert classic.flat_tax and classic.no_savings and classic.direct_only and classic.zero_foreign
    blind_classic = RuleSet.parse(["PAYOLA_CLASSIC", "-ZERO_FOREIGN", "BLIND"])
    assert blind_classic.blind and not blind_classic.zero_foreign
    assert not RuleSet.parse(["NO_LEDGERS", "HIDE_COST"]).no_ledgers
    assert RuleSet.parse(["LIMIT_OFFERS"]).flags() == ("DIRECT_ONLY", "LIMIT_OFFERS")
