"""Controlled powers, vassals and DUMMY powers (spec 2.4, 2.8, 2.9, 4.3, 6, 7.5): through the
money layer and through ``judge adjudicate`` with the ``control`` state key."""

from __future__ import annotations

from typing import Any

import pytest

from judge import batch
from judge.engine.board import Map
from judge.engine.maps import load_map
from judge.money.payola.control import Control, ControlError
from judge.money.payola.income import income_step
from judge.money.payola.ledger import Ledger, TransferError
from judge.money.payola.movement import Table, play_movement
from judge.money.payola.rules import RuleSet
from tests.money.conftest import case_table

BOARD = load_map("standard")

# England and Germany pay the same for different orders of the Italian army in Venice.
RIVALS = {"ENGLAND": ["3 : A VEN - PIE"], "GERMANY": ["3 : A VEN - TYR"]}
LISTS = {"FRANCE": "FGE?", "ITALY": "IEG?"}


def _case(rules: list[str], control: dict[str, str], offers: dict[str, list[str]],
          dummies: tuple[str, ...] = ("ITALY",), **state: Any) -> dict[str, Any]:
    body = {"phase": "S1901M", "units": {p: list(u) for p, u in BOARD.starting_units.items()},
            "centers": {p: sorted(h) for p, h in BOARD.homes.items()},
            "dummies": list(dummies), "control": control, "accept": LISTS, **state}
    return {"id": "c", "variant": "standard", "game": "payola", "rules": rules, "seed": 3,
            "state": body, "offers": offers}


def test_an_uncontrolled_dummy_unit_holds_on_a_tie_between_two_powers() -> None:
    result = batch.run_case(_case([], {}, RIVALS))
    assert result["orders"]["A VEN"] == "A VEN H"  # spec 5.2.4
    assert result["paid"] == {}


def test_a_controlled_dummy_breaks_ties_with_its_own_list() -> None:
    """CONTROL: a separate account played by the controller; the DUMMY rule is off."""
    result = batch.run_case(_case([], {"ITALY": "FRANCE"}, RIVALS))
    assert result["orders"]["A VEN"] == "A VEN - PIE"  # IEG?: England before Germany
    assert result["state"]["control"] == {"ITALY": "FRANCE"}


def test_a_vassal_uses_its_controllers_list() -> None:
    result = batch.run_case(_case(["VASSAL_DUMMIES"], {"ITALY": "FRANCE"}, RIVALS))
    assert result["orders"]["A VEN"] == "A VEN - TYR"  # FGE?: Germany before England
    assert result["state"]["balances"]["GERMANY"] == 45


def test_a_vassal_shares_its_controllers_random_expansion() -> None:
    case = _case(["VASSAL_DUMMIES"], {"ITALY": "FRANCE"}, RIVALS)
    case["state"]["accept"] = {"FRANCE": "F?"}
    seen = set()
    for seed in range(6):
        case["seed"] = seed
        result = batch.run_case(case)
        france = batch.run_case({**case, "offers": {
            "ENGLAND": ["3 : A MAR - BUR"], "GERMANY": ["3 : A MAR - PIE"]}})
        # the same ranking of England and Germany decides both units
        assert (result["orders"]["A VEN"] == "A VEN - PIE") == (
            france["orders"]["A MAR"] == "A MAR - BUR")
        seen.add(result["orders"]["A VEN"])
    assert seen == {"A VEN - PIE", "A VEN - TYR"}  # the seeds rank them both ways


def test_vassals_and_uncontrolled_dummies_send_no_sheets() -> None:
    vassal = batch.run_case(_case(["VASSAL_DUMMIES"], {"ITALY": "FRANCE"},
                                  {"ITALY": ["A VEN - PIE"]}))
    assert vassal["errors"]["ITALY"] == [
        "ITALY is a vassal of FRANCE and sends no offer sheet: its controller bribes its "
        "units with its own money"]
    assert vassal["orders"]["A VEN"] == "A VEN H"
    dummy = batch.run_case(_case([], {}, {"ITALY": ["A VEN - PIE"]}))
    assert dummy["errors"]["ITALY"] == ["ITALY is an uncontrolled DUMMY power and sends no "
                                        "offer sheet"]
    assert dummy["orders"]["A VEN"] == "A VEN H"


def test_a_controlled_power_sends_its_own_sheet_and_pays_from_its_own_account() -> None:
    result = batch.run_case(_case([], {"ITALY": "FRANCE"}, {"ITALY": ["5 : A VEN - PIE"]}))
    assert result["orders"]["A VEN"] == "A VEN - PIE"
    assert result["state"]["balances"]["ITALY"] == 43
    assert result["state"]["balances"]["FRANCE"] == 48


def test_dummy_powers_have_no_account_under_vassal_dummies() -> None:
    result = batch.run_case(_case(["VASSAL_DUMMIES"], {}, {}))
    assert result["state"]["balances"]["ITALY"] == 0
    assert result["state"]["balances"]["FRANCE"] == 48
    refused = batch.run_case(_case(["VASSAL_DUMMIES"], {}, {}, balances={"ITALY": 5}))
    assert "has no bank account" in refused["error"]


@pytest.mark.parametrize(("control", "dummies", "message"), [
    ({"ITALY": "ITALY"}, ("ITALY",), "ITALY cannot control itself"),
    ({"ITALY": "ATLANTIS"}, ("ITALY",), "unknown power 'ATLANTIS' in control"),
    ({"ITALY": "FRANCE", "FRANCE": "ENGLAND"}, ("ITALY",),
     "FRANCE is controlled by ENGLAND, so it cannot control ITALY"),
    ({"FRANCE": "ITALY"}, ("ITALY",), "ITALY is a DUMMY power and cannot control FRANCE"),
])
def test_impossible_control_is_refused(control: dict[str, str], dummies: tuple[str, ...],
                                       message: str) -> None:
    assert batch.run_case(_case([], control, {}, dummies))["error"] == message
    with pytest.raises(ControlError, match=message.replace("'", ".")):
        Control.parse(control, BOARD.powers, dummies)


def test_control_must_be_an_object() -> None:
    case = _case([], {}, {})
    case["state"]["control"] = ["ITALY", "FRANCE"]
    assert "controlled -> controller" in batch.run_case(case)["error"]


def test_vassal_income_goes_to_the_controller(board: Map) -> None:
    control = Control.parse({"ITALY": "FRANCE"}, board.powers, ["ITALY"], True)
    rules = RuleSet.parse(["VASSAL_DUMMIES"])
    centers = {"FRANCE": {"PAR", "BRE", "MAR"}, "ITALY": {"ROM", "NAP", "VEN", "TUN"}}
    step = income_step(1901, {"FRANCE": 10, "ITALY": 0}, centers, {"FRANCE": 3, "ITALY": 3},
                       rules, 18, board.powers, control=control)
    assert step.balances["FRANCE"] == 10 + 48 + 62 and step.balances["ITALY"] == 0
    report = step.reports["FRANCE"]
    assert report.income == 110 and report.vassal_income == (("ITALY", 62),)
    assert "ITALY" not in step.reports


def test_an_independent_dummy_earns_nothing_under_vassal_dummies(board: Map) -> None:
    rules = RuleSet.parse(["VASSAL_DUMMIES"])
    step = income_step(1901, {}, {"ITALY": {"ROM"}}, {"ITALY": 1}, rules, 18, board.powers,
                       dummies={"ITALY"})
    assert step.balances["ITALY"] == 0 and not step.reports


def test_a_controlled_powers_income_report_goes_to_its_controller(board: Map) -> None:
    control = Control.parse({"ITALY": "FRANCE"}, board.powers)
    step = income_step(1901, {"ITALY": 4}, {"ITALY": {"ROM"}}, {"ITALY": 1}, RuleSet(), 18,
                       board.powers, control=control)
    assert step.balances["ITALY"] == 21
    assert step.reports["ITALY"].recipient == "FRANCE"
    assert step.reports["ITALY"].vassal_income == ()


def test_zero_sum_vassal_profit_goes_to_the_controller(board: Map) -> None:
    control = Control.parse({"ITALY": "FRANCE"}, board.powers, ["ITALY"], True)
    rules = RuleSet.parse(["VASSAL_DUMMIES", "ZEROSUM"])
    step = income_step(1901, {"FRANCE": 30}, {"FRANCE": {"PAR"}, "ITALY": {"ROM"}},
                       {"FRANCE": 1, "ITALY": 1}, rules, 18, board.powers,
                       {"FRANCE": 2, "ITALY": 7}, control=control)
    assert step.balances["FRANCE"] == 39 and step.balances["ITALY"] == 0
    assert step.reports["FRANCE"].bribe_profit == 9


def test_transfers_and_control() -> None:
    rules = RuleSet.parse(["VASSAL_DUMMIES"])
    ledger = Ledger({"FRANCE": 40, "ENGLAND": 20, "ITALY": 0}, dummies={"ITALY"},
                    controlled={"ENGLAND": "FRANCE"})
    with pytest.raises(TransferError, match="DUMMY powers have no account"):
        ledger.transfer("FRANCE", "ITALY", 5, rules, {"FRANCE": 3})
    with pytest.raises(TransferError, match="ENGLAND is controlled by FRANCE"):
        ledger.transfer("ENGLAND", "FRANCE", 5, RuleSet(), {"ENGLAND": 3})
    _, to_france, to_england = ledger.transfer("FRANCE", "ENGLAND", 5, RuleSet(),
                                               {"FRANCE": 3})
    assert to_england.recipient == "FRANCE" and to_france.recipient == "FRANCE"
    looting = Ledger({"ITALY": 9, "FRANCE": 1}, dummies={"ITALY"},
                     controlled={"ITALY": "FRANCE"})
    with pytest.raises(TransferError, match="no money may be taken out of a DUMMY power's"):
        looting.transfer("ITALY", "FRANCE", 5, RuleSet(no_looting=True), {"ITALY": 1})


def test_restrict_signal_accepts_the_controllers_signal() -> None:
    case = _case(["RESTRICT_SIGNAL"], {"AUSTRIA": "FRANCE"},
                 {"FRANCE": ["0 : F TRI S A VEN - SWI ?"]}, dummies=())
    result = batch.run_case(case)
    assert "FRANCE" not in result["errors"]
    assert result["orders"]["F TRI"] == "F TRI S A VEN - SWI"  # the bought HOLD is replaced
    case = _case(["RESTRICT_SIGNAL", "ZERO_FOREIGN"], {},
                 {"FRANCE": ["0 : F TRI S A VEN - SWI ?"]}, dummies=())
    assert batch.run_case(case)["errors"]["FRANCE"] == [
        "line 1: 0 : F TRI S A VEN - SWI ?: SIGNAL_SUPPORT ORDER TO FOREIGN UNIT"]


def _table(rules: list[str], control: dict[str, str], offers: dict[str, list[str]],
           dummies: tuple[str, ...] = ("ITALY",)) -> Table:
    return case_table({"rules": rules, "control": control, "dummies": dummies,
                       "offers": offers}, BOARD)


def test_the_controller_is_told_about_its_vassals_units() -> None:
    table = _table(["VASSAL_DUMMIES"], {"ITALY": "FRANCE"},
                   {"FRANCE": ["2 : A VEN - APU"], "ENGLAND": ["4 : F NAP - ION"]})
    result = play_movement(table, 1, BOARD, adjudicated=False)
    assert "ITALY" not in result.statements  # a vassal has no account
    france = result.statements["FRANCE"]
    lines = {u.unit: (u.order, u.total, u.bought_by_others) for u in france.vassal_units}
    assert lines == {"A VEN": ("A VEN - APU", 2, False), "F NAP": ("F NAP - ION", 4, True),
                     "A ROM": ("A ROM H", 0, True)}
    assert "ENGLAND" not in repr(france)
    assert result.statements["ENGLAND"].vassal_units == ()


def test_a_controlled_power_has_its_own_statement_sent_to_its_controller() -> None:
    table = _table([], {"ITALY": "FRANCE"}, {"ITALY": ["2 : A VEN - APU"],
                                             "FRANCE": ["1 : A PAR - BUR"]}, dummies=())
    result = play_movement(table, 1, BOARD, adjudicated=False)
    italy, france = result.statements["ITALY"], result.statements["FRANCE"]
    assert italy.recipient == "FRANCE" and italy.played_by == "FRANCE"
    assert (italy.cost, italy.balance) == (2, 46) and (france.cost, france.balance) == (1, 47)
    assert france.recipient == "FRANCE" and france.vassal_units == ()
    assert [u.unit for u in italy.units] == ["A ROM", "A VEN", "F NAP"]
