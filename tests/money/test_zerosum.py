"""Zero-Sum settlements (spec 2.7, OQ-17): fixed from the balance when centres change hands,
paid at the income step, and never making up money or a negative balance, whatever happens
to the loser's money in between (transfers, NO_DONATIONS, NO_HOARDING)."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from judge import batch
from judge.money.payola.income import Capture, forfeits, income_step
from judge.money.payola.ledger import Ledger, TransferError
from judge.money.payola.rules import RuleSet

POWERS = ["AUSTRIA", "ENGLAND", "FRANCE", "GERMANY", "ITALY", "RUSSIA", "TURKEY"]


def _fall(rules: list[str], **state: Any) -> dict[str, Any]:
    """Fall 1901: Turkey walks into Sevastopol while Russia pays its army to leave Moscow."""
    body = {"phase": "F1901M", "units": {"TURKEY": ["A ARM"], "RUSSIA": ["A MOS"]},
            "centers": {"RUSSIA": ["MOS", "SEV", "STP", "WAR"], "TURKEY": ["ANK", "CON", "SMY"]},
            "balances": {"RUSSIA": 40, "TURKEY": 30}, "profits": {"RUSSIA": 5}, **state}
    return {"id": "z", "variant": "standard", "game": "payola", "rules": ["ZEROSUM", *rules],
            "seed": 1, "state": body,
            "offers": {"TURKEY": ["A ARM - SEV"], "RUSSIA": ["7 : A MOS - UKR"]}}


def _winter(case: dict[str, Any], state: dict[str, Any]) -> dict[str, Any]:
    return batch.run_case({**case, "state": state, "offers": {}, "orders": {}})


def test_capture_uses_the_balance_and_profit_when_the_center_changes_hands() -> None:
    case = _fall([])
    fall = batch.run_case(case)
    # Russia paid 7 to its own army: balance 33, profit 5 + 7; (33 + 12) // 4 centres = 11
    assert fall["state"]["balances"]["RUSSIA"] == 33
    assert fall["state"]["profits"]["RUSSIA"] == 12
    assert fall["state"]["captures"] == [
        {"center": "SEV", "winner": "TURKEY", "loser": "RUSSIA", "amount": 11}]
    year = _winter(case, fall["state"])["state"]
    assert year["phase"] == "S1902M"
    assert year["balances"] == {"RUSSIA": 33 + 12 - 11, "TURKEY": 30 + 11}
    assert year["captures"] == [] and year["profits"] == {}


def test_no_donations_keeps_what_the_loser_owes_its_captors() -> None:
    """A power left without a centre forfeits its balance, except its capture debts."""
    captures = [Capture("SEV", "TURKEY", "RUSSIA", 11)]
    assert forfeits({"RUSSIA": 33, "ITALY": 5}, {"TURKEY": {"SEV"}}, ["RUSSIA", "ITALY"],
                    captures) == {"RUSSIA": 22, "ITALY": 5}
    assert forfeits({"RUSSIA": 8}, {}, ["RUSSIA"], captures) == {}
    case = _fall(["NO_DONATIONS"], centers={"RUSSIA": ["SEV"], "TURKEY": ["ANK"]},
                 balances={"RUSSIA": 40, "TURKEY": 30})
    fall = batch.run_case(case)
    # (33 + 12) // 1 = 45 owed; Russia keeps 33 of its 33 for it
    assert fall["state"]["captures"][0]["amount"] == 45
    assert fall["state"]["balances"]["RUSSIA"] == 33
    year = _winter(case, fall["state"])["state"]
    assert year["balances"] == {"RUSSIA": 0, "TURKEY": 30 + 45}


def test_no_hoarding_pays_the_captors_before_emptying_the_account() -> None:
    rules = RuleSet.parse(["ZEROSUM", "NO_HOARDING"])
    captures = [Capture("SEV", "TURKEY", "RUSSIA", 11), Capture("BUL", "TURKEY", None, 10)]
    step = income_step(1901, {"RUSSIA": 33, "TURKEY": 30}, {"RUSSIA": {"MOS"},
                       "TURKEY": {"SEV", "BUL"}}, {"RUSSIA": 1, "TURKEY": 1}, rules, 18,
                       ["RUSSIA", "TURKEY"], {"RUSSIA": 12, "TURKEY": 2}, captures)
    assert step.balances == {"RUSSIA": 12, "TURKEY": 2 + 11 + 10}
    russia = step.reports["RUSSIA"]
    assert (russia.balance_forward, russia.bribe_profit, russia.losses) == (11, 12, (("SEV", 11),))


def test_a_loser_cannot_transfer_away_what_it_owes() -> None:
    ledger = Ledger({"RUSSIA": 33, "FRANCE": 0}, owed={"RUSSIA": 11})
    with pytest.raises(TransferError, match="owes 11 AgP .* at most 22 AgP"):
        ledger.transfer("RUSSIA", "FRANCE", 23, RuleSet(zerosum=True), {"RUSSIA": 3})
    after, _, _ = ledger.transfer("RUSSIA", "FRANCE", 22, RuleSet(zerosum=True), {"RUSSIA": 3})
    assert after.balances["RUSSIA"] == 11


def test_a_claim_the_loser_cannot_cover_is_paid_in_part() -> None:
    """The safety net when money left the loser by other means: no negative balance and
    no money made up; claims are paid centre by centre."""
    rules = RuleSet.parse(["ZEROSUM"])
    captures = [Capture("WAR", "GERMANY", "RUSSIA", 9), Capture("SEV", "TURKEY", "RUSSIA", 9)]
    step = income_step(1901, {"RUSSIA": 4, "TURKEY": 0, "GERMANY": 0}, {}, {}, rules, 18,
                       ["RUSSIA", "TURKEY", "GERMANY"], {"RUSSIA": 6}, captures)
    # 10 AgP for 18 owed: Sevastopol comes first in centre order
    assert step.balances == {"RUSSIA": 0, "TURKEY": 9, "GERMANY": 1}
    assert step.reports["RUSSIA"].losses == (("SEV", 9), ("WAR", 1))


def _report_adds_up(report: Any) -> bool:
    return (report.balance_forward + report.income + report.bribe_profit
            + sum(a for _, a in report.captures) - sum(a for _, a in report.losses)
            == report.balance)


@settings(max_examples=200, deadline=None)
@given(data=st.data(), hoarding=st.booleans())
def test_zero_sum_income_step_conserves_money(data: st.DataObject, hoarding: bool) -> None:
    powers = POWERS[:4]
    balances = {p: data.draw(st.integers(0, 60)) for p in powers}
    profits = {p: data.draw(st.integers(0, 30)) for p in powers}
    centers = [f"C{k}" for k in range(6)]
    captures = []
    for center in data.draw(st.lists(st.sampled_from(centers), unique=True, max_size=6)):
        winner = data.draw(st.sampled_from(powers))
        loser = data.draw(st.sampled_from([None, *[p for p in powers if p != winner]]))
        captures.append(Capture(center, winner, loser, data.draw(st.integers(0, 40))))
    rules = RuleSet.parse(["ZEROSUM"] + (["NO_HOARDING"] if not hoarding else []))
    step = income_step(1902, balances, {}, dict.fromkeys(powers, 1), rules, 18, powers,
                       profits, captures)
    assert all(b >= 0 for b in step.balances.values())
    neutral = sum(c.amount for c in captures if c.loser is None)
    if hoarding:
        assert sum(step.balances.values()) == sum(balances.values()) + sum(
            profits.values()) + neutral
    else:
        assert sum(step.balances.values()) <= sum(balances.values()) + sum(
            profits.values()) + neutral
    for report in step.reports.values():
        assert _report_adds_up(report)
