"""Every worked movement example of the Payola spec (P1-P34), from the table in examples.py."""

from __future__ import annotations

import runpy
from pathlib import Path
from typing import Any

import pytest

from judge.engine.outcomes import Reason
from judge.money.payola.offers import Signal

EXAMPLES: list[dict[str, Any]] = runpy.run_path(
    str(Path(__file__).with_name("examples.py"))
)["EXAMPLES"]


def _cases() -> list[Any]:
    out = []
    for case in EXAMPLES:
        for seed in case.get("seeds", [1]):
            out.append(pytest.param(case, seed, id=f"{case['id']}-seed{seed}"))
    return out


@pytest.mark.parametrize(("case", "seed"), _cases())
def test_example(case: dict[str, Any], seed: int, play: Any) -> None:
    result = play(case, seed, adjudicated="results" in case)
    issued = {str(d.unit): str(d.order) for d in result.determination.decisions.values()}
    for unit, order in case["orders"].items():
        assert issued[unit] == order, f"{unit}: issued {issued[unit]}"
    spent = result.determination.spent
    for power, amount in case.get("pays", {}).items():
        assert spent.get(power, 0) == amount, f"{power} paid {spent.get(power, 0)}"
    for power, units in case.get("paid", {}).items():
        for unit, amount in units.items():
            assert result.paid.get(power, {}).get(unit, 0) == amount
    for power, rounds in case.get("rounds", {}).items():
        assert result.determination.rounds[power] == rounds
    for power, balance in case.get("balances", {}).items():
        assert result.balances[power] == balance
    totals = {str(d.unit): d.total for d in result.determination.decisions.values()}
    for unit, total in case.get("totals", {}).items():
        assert totals[unit] == total
    if "results" in case:
        outcomes = {str(u): o.value for u, o in result.phase.outcomes.items()}
        for unit, outcome in case["results"].items():
            assert outcomes[unit] == outcome


def test_untouched_balances_stay(play: Any) -> None:
    """Balances not mentioned in an outcome are unchanged (the examples' convention)."""
    case = next(c for c in EXAMPLES if c["id"] == "P1")
    result = play(case)
    assert result.balances["TURKEY"] == 48 and result.balances["RUSSIA"] == 62


def test_signal_order_is_adjudicated_as_void_support(play: Any) -> None:
    case = next(c for c in EXAMPLES if c["id"] == "P31a")
    result = play(case, adjudicated=True)
    tri = next(d for d in result.determination.decisions.values() if str(d.unit) == "F TRI")
    assert isinstance(tri.order, Signal)
    assert str(tri.order.order) == "F TRI S A VIE - ROM"
    assert {str(u): o.value for u, o in result.phase.outcomes.items()}["F TRI"] == "void"
    assert [(e.text, e.reason) for e in result.phase.errors["AUSTRIA"]] == [
        ("F TRI S A VIE - ROM", Reason.CANNOT_SUPPORT_THERE)]
