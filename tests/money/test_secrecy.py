"""Secrecy: each report holds only what its recipient may see (spec 2.10, 6)."""

from __future__ import annotations

import dataclasses
import runpy
from pathlib import Path
from typing import Any

import pytest

from judge.engine.board import Map
from judge.money.payola.income import income_step
from judge.money.payola.ledger import Ledger
from judge.money.payola.rules import RuleSet

EXAMPLES = {c["id"]: c for c in runpy.run_path(
    str(Path(__file__).with_name("examples.py")))["EXAMPLES"]}

# Balances nobody else's figures can match by accident.
SECRET = {"AUSTRIA": 7001, "ENGLAND": 7102, "FRANCE": 7203, "GERMANY": 7304,
          "ITALY": 7405, "RUSSIA": 7506, "TURKEY": 7607}

BUSY = {
    "offers": {
        "FRANCE": ["10 ! F BRE - GAS", "15 : A PAR - BUR", "3 & F LON H % French secret"],
        "ENGLAND": ["12 : F BRE - GAS", "2 > A PAR - PIC", "6 : F LON - NTH"],
        "GERMANY": ["4 : A PAR - PIC", "5 @ A MUN H", "1 : F LON - NTH"],
        "RUSSIA": ["9 : A WAR - GAL", "2 : A PAR - BUR"],
    },
    "start": SECRET,
}


def _flatten(value: Any) -> list[Any]:
    if dataclasses.is_dataclass(value):
        value = dataclasses.asdict(value)
    if isinstance(value, dict):
        return [x for k, v in value.items() for x in (*_flatten(k), *_flatten(v))]
    if isinstance(value, (list, tuple)):
        return [x for v in value for x in _flatten(v)]
    return [value]


def _texts(value: Any) -> str:
    return " ".join(str(x) for x in _flatten(value))


@pytest.mark.parametrize("rules", [[], ["EBAYOLA"], ["ZEROSUM"], ["HIDE_COST"],
                                   ["HIDE_OFFERS"], ["BLIND"]])
def test_movement_statement_holds_only_the_recipients_figures(rules: list[str], play: Any,
                                                               board: Map) -> None:
    case = {**BUSY, "rules": rules}
    result = play(case)
    assert result.statements
    for power, statement in result.statements.items():
        assert statement.power == power
        values = _flatten(statement)
        words = _texts(statement)
        for other in board.powers:
            if other == power:
                continue
            assert SECRET[other] not in values, f"{other}'s balance in {power}'s statement"
            assert SECRET[other] - result.determination.spent[other] not in values
            for line in BUSY["offers"].get(other, []):
                assert line.split("%")[0].strip() not in words
            if "BLIND" not in rules:
                assert other not in words, f"{power}'s statement names {other}"
        mine = [v for v in values if v in SECRET.values()]
        assert set(mine) <= {SECRET[power]}


def test_statement_marks_a_bought_unit_without_naming_the_buyer(play: Any) -> None:
    result = play({**BUSY})
    france = result.statements["FRANCE"]
    bre = next(u for u in france.units if u.unit == "F BRE")
    assert bre.order == "F BRE - GAS" and bre.bought_by_others
    assert "ENGLAND" not in _texts(france)


def test_own_accepted_bribes_only(play: Any) -> None:
    result = play({**BUSY})
    for power, statement in result.statements.items():
        for line in statement.accepted or ():
            decision = next(d for d in result.determination.decisions.values()
                            if str(d.unit) == line.unit)
            assert power in decision.paid and decision.paid[power] == line.amount


def test_blind_statement_gives_nationality_not_order(play: Any) -> None:
    result = play(EXAMPLES["P18"])
    lines = result.statements["FRANCE"].accepted
    assert [(x.amount, x.unit, x.order, x.nationality) for x in lines] == [
        (1, "F BUL/EC", None, "TURKEY")]


def test_public_totals_name_no_payer_and_no_balance(play: Any, board: Map) -> None:
    case = {**BUSY, "rules": ["PUBLIC_TOTALS"]}
    result = play(case)
    public = result.public
    assert public is not None
    words = _texts(public)
    values = _flatten(public)
    for power in board.powers:
        assert power not in words and SECRET[power] not in values
    assert play(BUSY).public is None


def test_no_ledgers_sends_no_statements_but_still_charges(play: Any) -> None:
    result = play({**BUSY, "rules": ["NO_LEDGERS"]})
    assert result.statements == {}
    assert result.balances["FRANCE"] < SECRET["FRANCE"]  # OQ-9: bookkeeping still done
    assert result.balances == play(BUSY).balances


def test_income_reports_are_per_power(board: Map) -> None:
    centers = {"FRANCE": {"PAR", "BRE", "MAR"}, "ENGLAND": {"LON", "EDI", "LVP"}}
    step = income_step(1901, SECRET, centers, {"FRANCE": 3, "ENGLAND": 3}, RuleSet(), 18,
                       board.powers)
    for power, report in step.reports.items():
        values = _flatten(report)
        for other in board.powers:
            if other != power:
                assert SECRET[other] not in values and other not in _texts(report)


def test_anonymous_transfer_hides_the_sender() -> None:
    ledger = Ledger({"FRANCE": 40, "ENGLAND": 20})
    _, sender, receiver = ledger.transfer("FRANCE", "ENGLAND", 5,
                                          RuleSet(anon_transfer=True), {"FRANCE": 3})
    assert receiver.counterpart is None and "FRANCE" not in _texts(receiver)
    assert 40 not in _flatten(receiver) and 35 not in _flatten(receiver)
    assert 20 not in _flatten(sender) and 25 not in _flatten(sender)


@pytest.mark.parametrize("rules", [[], ["VASSAL_DUMMIES"]])
def test_what_each_player_receives_under_control(rules: list[str], play: Any,
                                                 board: Map) -> None:
    """Italy is played by France (a controlled power, or a vassal DUMMY): France's player
    receives Italy's figures too, and nobody else's."""
    offers = {**BUSY["offers"], "ITALY": ["2 : A VEN - PIE"]}
    if rules:
        offers.pop("ITALY")
    case = {**BUSY, "offers": offers, "rules": rules, "control": {"ITALY": "FRANCE"},
            "dummies": ["ITALY"] if rules else []}
    result = play(case)
    received: dict[str, list[Any]] = {}
    for statement in result.statements.values():
        received.setdefault(statement.recipient, []).append(statement)
    assert set(received["FRANCE"]) == set(
        [result.statements["FRANCE"]] + ([] if rules else [result.statements["ITALY"]]))
    for player, mail in received.items():
        allowed = {player, "ITALY"} if player == "FRANCE" else {player}
        values = _flatten(mail)
        for other in set(board.powers) - allowed:
            assert SECRET[other] not in values
            assert SECRET[other] - result.determination.spent[other] not in values
