"""The GameMaster's bribe chart (spec 6.6): what it holds, its payer-free PUBLIC_TOTALS view,
and that no power's report ever holds any of it."""

from __future__ import annotations

import dataclasses
import runpy
from pathlib import Path
from typing import Any

from judge.engine.board import Map
from judge.money.payola.chart import BribeChart, ChartAccount, ChartOrder, ChartUnit

EXAMPLES = {c["id"]: c for c in runpy.run_path(
    str(Path(__file__).with_name("examples.py")))["EXAMPLES"]}
BUSY = {
    "offers": {
        "FRANCE": ["10 ! F BRE - GAS", "15 : A PAR - BUR", "3 & F LON H % French secret"],
        "ENGLAND": ["12 : F BRE - GAS | - PIC", "2 > A PAR - PIC", "6 : F LON - NTH"],
        "GERMANY": ["4 : A PAR - PIC", "5 @ A MUN H", "1 : F LON - NTH | - ENG"],
        "RUSSIA": ["9 : A WAR - GAL", "2 : A PAR - BUR", "3 ! A WAR - GAL | H"],
    },
    "start": {"FRANCE": 30, "ENGLAND": 14},
}
CHART_TYPES = (BribeChart, ChartUnit, ChartOrder, ChartAccount)


def _walk(value: Any) -> list[Any]:
    """Every value inside a report, dataclass instances included, before flattening."""
    out = [value]
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        for f in dataclasses.fields(value):
            out += _walk(getattr(value, f.name))
    elif isinstance(value, dict):
        for k, v in value.items():
            out += _walk(k) + _walk(v)
    elif isinstance(value, (list, tuple, set, frozenset)):
        for v in value:
            out += _walk(v)
    return out


def test_p8_chart_holds_every_candidate_and_account(play: Any, board: Map) -> None:
    result = play(EXAMPLES["P8"])
    chart = result.chart
    assert chart.phase == "S1901M"
    brest = next(u for u in chart.units if u.unit == "F BRE")
    assert (brest.owner, brest.issued, brest.total, brest.paid) == (
        "FRANCE", "F BRE - GAS", 8, (("ENGLAND", 8),))
    # winner first; France's negative offer, reduced three times from 10, backs the HOLD
    assert brest.candidates == (ChartOrder("F BRE - GAS", 8, (("ENGLAND", 8),)),
                                ChartOrder("F BRE H", 7, (("FRANCE", 7),)))
    paris = next(u for u in chart.units if u.unit == "A PAR")
    assert paris.candidates == (ChartOrder("A PAR - BUR", 12, (("FRANCE", 12),)),)
    accounts = {a.power: a for a in chart.accounts}
    assert accounts["FRANCE"] == ChartAccount("FRANCE", result.rankings["FRANCE"], 0, 3, 20,
                                              12, 8)
    assert accounts["FRANCE"].acceptance[:3] == ("FRANCE", "RUSSIA", "ITALY")
    assert accounts["ENGLAND"] == ChartAccount("ENGLAND", result.rankings["ENGLAND"], 0, 0,
                                               20, 8, 12)
    assert set(accounts) == set(board.powers)
    assert chart.passes == result.determination.passes
    assert len(chart.units) == len(result.determination.decisions) == 22


def test_chart_accounts_add_up_and_show_savings(play: Any) -> None:
    case = {**BUSY, "offers": {**BUSY["offers"], "GERMANY": ["4 : A PAR - PIC", "7000 $"]}}
    result = play(case)
    for account in result.chart.accounts:
        assert account.balance_before - account.paid == account.balance_after
        assert account.paid == result.determination.spent[account.power]
    germany = next(a for a in result.chart.accounts if a.power == "GERMANY")
    assert germany.savings == 7000


def test_dummy_rule_is_marked_in_the_chart(play: Any) -> None:
    result = play(EXAMPLES["P32a"])
    forced = [u for u in result.chart.units if u.forced_hold]
    assert [(u.unit, u.issued, u.total) for u in forced] == [("A VEN", "A VEN H", 4)]
    assert all(u.issued.endswith(" H") for u in forced)
    assert all(u.total == max(c.total for c in u.candidates) + 1 for u in forced)


def test_public_totals_are_the_charts_payer_free_part(play: Any, board: Map) -> None:
    result = play({**BUSY, "rules": ["PUBLIC_TOTALS"]})
    assert result.public == result.chart.totals_only()
    rows = {unit: (order, total) for unit, order, total in result.public.rows}
    for unit in result.chart.units:
        assert rows[unit.unit] == (unit.issued, unit.total)
    words = " ".join(str(x) for x in _walk(result.public))
    assert not any(p in words for p in board.powers)
    assert play(BUSY).public is None  # without the flag nobody sees totals


def test_no_report_of_a_power_holds_any_part_of_the_chart(play: Any, board: Map) -> None:
    for rules in ([], ["EBAYOLA"], ["HIDE_COST"], ["PUBLIC_TOTALS"], ["ZEROSUM"]):
        result = play({**BUSY, "rules": rules})
        losing = {(c.order, u.unit) for u in result.chart.units for c in u.candidates[1:]}
        reports = {**result.statements, "public": result.public}
        for power, report in reports.items():
            inside = _walk(report)
            assert not any(isinstance(x, CHART_TYPES) for x in inside)
            words = " ".join(str(x) for x in inside)
            sheet = " ".join(BUSY["offers"].get(power, []))
            for order, unit in losing:
                tail = order[len(unit):].strip()
                if unit not in sheet or tail not in sheet:
                    assert order not in words, f"{power} sees the losing {order}"
            for account in result.chart.accounts:
                if account.power != power and len(account.acceptance) > 1:
                    assert "".join(p[0] for p in account.acceptance) not in words


def test_eavesdrop_gives_the_gamemaster_copies_of_the_statements(play: Any) -> None:
    assert play(BUSY).eavesdropped == {}
    result = play({**BUSY, "rules": ["EAVESDROP"]})
    assert result.eavesdropped == result.statements and result.statements
