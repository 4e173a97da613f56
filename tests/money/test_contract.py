"""The Payola examples run through the ``judge adjudicate`` JSON path (contract section
"Payola and the other money games")."""

from __future__ import annotations

import json
import runpy
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from judge import batch
from judge.engine.maps import load_map

EXAMPLES = runpy.run_path(str(Path(__file__).with_name("examples.py")))["EXAMPLES"]
BOARD = load_map("standard")


def _case(example: dict[str, Any]) -> dict[str, Any]:
    units = example.get("units") or {p: list(u) for p, u in BOARD.starting_units.items()}
    balances = {p: 62 if p == "RUSSIA" else 48 for p in BOARD.powers}
    balances.update(example.get("start", {}))
    state: dict[str, Any] = {
        "phase": example.get("phase", "S1901M"),
        "units": units,
        "centers": {p: sorted(h) for p, h in BOARD.homes.items()},
        "balances": balances,
        "accept": example.get("accept", {}),
    }
    if example.get("dummies"):
        state["dummies"] = example["dummies"]
    return {"id": example["id"], "variant": "standard", "game": "payola",
            "rules": example.get("rules", []), "seed": 1, "state": state,
            "offers": example["offers"]}


@pytest.mark.parametrize("example", EXAMPLES, ids=[e["id"] for e in EXAMPLES])
def test_example_through_the_contract(example: dict[str, Any]) -> None:
    result = batch.run_case(json.loads(json.dumps(_case(example))))
    assert "error" not in result, result.get("error")
    for unit, order in example["orders"].items():
        assert result["orders"][unit] == order.removesuffix(" ?")
    for power, amount in example.get("pays", {}).items():
        assert sum(result["paid"].get(power, {}).values()) == amount
    for power, units in example.get("paid", {}).items():
        for unit, amount in units.items():
            assert result["paid"][power].get(unit, 0) == amount
    for power, balance in example.get("balances", {}).items():
        assert result["state"]["balances"][power] == balance
    for unit, outcome in example.get("results", {}).items():
        assert result["results"][unit] == outcome
    assert result["errors"] == {}


def test_contract_example_shape() -> None:
    case = {"id": "brest-1", "variant": "standard", "game": "payola", "rules": [], "seed": 7,
            "state": {"phase": "S1901M",
                      "units": {"FRANCE": ["F BRE", "A PAR"], "ENGLAND": ["F LON"]},
                      "centers": {"FRANCE": ["BRE", "PAR", "MAR"], "ENGLAND": ["LON"]},
                      "balances": {"FRANCE": 20, "ENGLAND": 20},
                      "accept": {"FRANCE": "FRITAGE", "ENGLAND": "E?"}},
            "offers": {"FRANCE": ["10 ! F BRE - GAS", "15 : A PAR - BUR"],
                       "ENGLAND": ["8 : F BRE - GAS"]}}
    result = batch.run_case(case)
    assert result["orders"] == {"F BRE": "F BRE - GAS", "A PAR": "A PAR - BUR",
                                "F LON": "F LON H"}
    assert result["paid"] == {"FRANCE": {"A PAR": 12}, "ENGLAND": {"F BRE": 8}}
    assert result["errors"] == {}
    assert result["results"] == {"F BRE": "ok", "A PAR": "ok", "F LON": "ok"}
    assert result["state"]["phase"] == "F1901M"
    assert result["state"]["balances"] == {"FRANCE": 8, "ENGLAND": 12}
    assert result["state"]["accept"] == {"FRANCE": "FRITAGE", "ENGLAND": "E?"}


def test_refused_sheet_is_reported_and_the_units_hold() -> None:
    case = _case({"id": "bad", "offers": {"FRANCE": ["5 : A PAR - BUR", "0 : F LON - NTH"]}})
    result = batch.run_case(case)
    assert result["orders"]["A PAR"] == "A PAR H"
    assert result["errors"] == {
        "FRANCE": ["line 2: 0 : F LON - NTH: ZERO AgP OFFER TO FOREIGN UNIT (offer it 1 AgP or "
                   "more)"]}
    assert result["state"]["balances"]["FRANCE"] == 48


@pytest.mark.parametrize(("change", "message"), [
    ({"rules": ["BLIND", "ZERO_FOREIGN"]}, "cannot be combined"),
    ({"rules": ["WHATEVER"]}, "unknown Payola flag"),
    ({"seed": "x"}, "seed"),
])
def test_bad_cases_get_a_clear_error(change: dict[str, Any], message: str) -> None:
    case = {**_case({"id": "x", "offers": {}}), **change}
    assert message in batch.run_case(case)["error"]


def _tie(accept: dict[str, str]) -> dict[str, Any]:
    """France and England pay A PAR the same: France's acceptance list decides."""
    case = _case({"id": "tie", "accept": accept,
                  "offers": {"FRANCE": ["5 : A PAR - BUR"], "ENGLAND": ["5 : A PAR - PIC"]}})
    return batch.run_case(case)


def test_the_acceptance_list_breaks_a_tie() -> None:
    assert _tie({"FRANCE": "EF"})["orders"]["A PAR"] == "A PAR - PIC"
    assert _tie({"FRANCE": "FE"})["orders"]["A PAR"] == "A PAR - BUR"


@pytest.mark.parametrize(("given", "reason"), [
    ("EEF", "letter E appears more than once"),
    ("E?F?", "letter ? appears more than once"),
    ("EXF", "letter X is not a power initial"),
    ("EFGIRTAE", "acceptance list too long"),
])
def test_a_list_breaking_4_2_is_refused_for_that_power_only(given: str, reason: str) -> None:
    """Contract, Payola section: the refusal under errors[POWER], the default list used,
    the phase played, and state.accept showing the list used."""
    result = _tie({"FRANCE": given, "ENGLAND": "EF"})
    assert "error" not in result
    assert result["errors"] == {"FRANCE": [f"ACCEPT {given}: {reason}"]}
    assert result["orders"]["A PAR"] == "A PAR - BUR"  # F? puts France first, not E
    assert result["state"]["phase"] == "F1901M"
    assert result["state"]["accept"] == {"FRANCE": "F?", "ENGLAND": "EF?"}


def test_the_contracts_example_refusal() -> None:
    case = _case({"id": "x", "accept": {"FRANCE": "ffritag"}, "offers": {}})
    result = batch.run_case(case)
    assert result["errors"] == {"FRANCE": ["ACCEPT FFRITAG: letter F appears more than once"]}
    assert result["state"]["accept"] == {"FRANCE": "F?"}


def test_a_refused_list_outside_movement_is_reported_and_the_phase_played() -> None:
    case = _case({"id": "w", "phase": "W1901A", "accept": {"RUSSIA": "RR"}, "offers": {}})
    case["orders"] = {"RUSSIA": ["A MOS - WAR"]}
    result = batch.run_case(case)
    assert "error" not in result
    assert result["errors"]["RUSSIA"][0] == "ACCEPT RR: letter R appears more than once"
    assert result["state"]["phase"] == "S1902M"
    assert result["state"]["accept"] == {"RUSSIA": "R?"}


def test_a_list_of_the_wrong_type_is_no_case() -> None:
    case = _case({"id": "x", "accept": {"FRANCE": 7}, "offers": {}})
    assert "must be a JSON string" in batch.run_case(case)["error"]


def test_bad_balance() -> None:
    case = _case({"id": "x", "offers": {}})
    case["state"]["balances"]["FRANCE"] = -3
    assert "whole number" in batch.run_case(case)["error"]


def test_a_year_of_payola_carries_balances_and_pays_income() -> None:
    """Spring and Fall movement, then income before the next Spring (spec 1.2)."""
    case = _case({"id": "y", "offers": {"FRANCE": ["5 : A PAR - BUR", "4 : A MAR - SPA"]}})
    spring = batch.run_case(case)
    assert spring["state"]["balances"]["FRANCE"] == 39
    fall_case = {**case, "state": spring["state"],
                 "offers": {"FRANCE": ["3 : A BUR - BEL", "1 : F BRE - MAO"]}}
    fall = batch.run_case(fall_case)
    after = fall["state"]
    while after["phase"] != "S1902M":
        after = batch.run_case({**case, "state": after, "offers": {}, "orders": {}})["state"]
    # France had 39 - 4 = 35 and owns 5 centres (PAR BRE MAR SPA BEL): 35 + 75 = 110
    assert sorted(after["centers"]["FRANCE"]) == ["BEL", "BRE", "MAR", "PAR", "SPA"]
    assert after["balances"]["FRANCE"] == 110
    assert after["balances"]["ENGLAND"] == 48 + 48


def test_judge_adjudicate_command_plays_payola() -> None:
    case = _case(next(e for e in EXAMPLES if e["id"] == "P8"))
    done = subprocess.run([sys.executable, "-m", "judge.cli", "adjudicate"],
                          input=json.dumps(case) + "\n", capture_output=True, text=True,
                          timeout=120, check=False)
    assert done.returncode == 0, done.stderr
    (line,) = done.stdout.splitlines()
    out = json.loads(line)
    assert out["paid"] == {"ENGLAND": {"F BRE": 8}, "FRANCE": {"A PAR": 12}}
