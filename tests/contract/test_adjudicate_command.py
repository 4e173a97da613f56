"""``judge adjudicate`` as a subprocess over JSON Lines, exactly as the contract says."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from judge.batch import run_case
from judge.engine.maps import load_map
from judge.engine.position import starting_position
from judge.engine.state import state_from_position

ROOT = Path(__file__).resolve().parents[2]


def adjudicate(lines: list[str]) -> list[dict]:
    proc = subprocess.run(
        [sys.executable, str(ROOT / "bin" / "judge"), "adjudicate"],
        input="\n".join(lines) + "\n",
        capture_output=True,
        text=True,
        check=True,
        timeout=120,
    )
    return [json.loads(line) for line in proc.stdout.splitlines()]


def opening() -> dict:
    return {
        "id": "opening",
        "variant": "standard",
        "rules": [],
        "state": state_from_position(starting_position(load_map("standard"))),
        "orders": {
            "ENGLAND": ["F LON - NTH", "F EDI - NWG", "A LVP - YOR"],
            "FRANCE": ["F BRE - MAO", "A PAR - BUR", "A MAR S A PAR - BUR"],
            "GERMANY": ["A MUN - BUR", "A HOL - BEL"],
        },
    }


def test_one_result_per_line_in_order_and_bad_lines_answered() -> None:
    good = opening()
    lines = [
        json.dumps({**good, "id": "first"}),
        "not json at all",
        json.dumps(["a", "list"]),
        json.dumps({"id": "no state", "orders": {}}),
        json.dumps({**good, "id": "bad variant", "variant": "nowhere"}),
        json.dumps({**good, "id": "bad game", "game": "chess"}),
        json.dumps({**good, "id": "bad power", "orders": {"NARNIA": ["A PAR H"]}}),
        json.dumps({**good, "id": "bad rules", "rules": ["NO_SUCH_FLAG"]}),
        json.dumps({**good, "id": "bad phase", "state": {**good["state"], "phase": "X1901"}}),
        json.dumps({**good, "id": "last"}),
    ]
    results = adjudicate(lines)
    assert [r["id"] for r in results] == [
        "first",
        None,
        None,
        "no state",
        "bad variant",
        "bad game",
        "bad power",
        "bad rules",
        "bad phase",
        "last",
    ]
    assert "error" not in results[0] and "error" not in results[-1]
    messages = [r.get("error", "") for r in results[1:-1]]
    assert "not valid JSON" in messages[0]
    assert "must be a JSON object" in messages[1]
    assert "needs 'state'" in messages[2]
    assert "unknown variant" in messages[3]
    assert "unknown game 'chess'" in messages[4]
    assert "unknown power 'NARNIA'" in messages[5]
    assert "NO_SUCH_FLAG" in messages[6]
    assert "not a phase" in messages[7]


def test_result_shape_and_order_errors() -> None:
    [result] = adjudicate([json.dumps(opening())])
    assert result["results"]["A PAR"] == "ok"
    assert result["results"]["A MUN"] == "bounce"
    assert result["errors"] == {"GERMANY": ["A HOL - BEL: no such unit"]}
    state = result["state"]
    assert state["phase"] == "F1901M"
    assert state["units"]["FRANCE"] == ["A BUR", "A MAR", "F MAO"]
    assert set(state) == {"phase", "units", "centers", "dislodged", "contested"}


def test_unparseable_order_is_reported_and_the_unit_holds() -> None:
    case = opening()
    case["orders"] = {"FRANCE": ["A PAR - - BUR", "F BRE - XYZ"]}
    [result] = adjudicate([json.dumps(case)])
    errors = result["errors"]["FRANCE"]
    assert errors == ["A PAR - - BUR: expected a destination after '-', not '-'",
                      "F BRE - XYZ: unknown province 'XYZ'"]
    assert result["state"]["units"]["FRANCE"] == ["A MAR", "A PAR", "F BRE"]
    assert (result["results"]["A PAR"], result["results"]["F BRE"]) == ("ok", "ok")


def test_aliases_in_input_canonical_in_output() -> None:
    case = opening()
    case["state"] = {**case["state"], "units": {"FRANCE": ["F mid", "A par"]}}
    case["orders"] = {"FRANCE": ["F MID - wes", "a paris -> burgundy"]}
    result = run_case(case)
    assert result["errors"] == {}
    assert result["state"]["units"] == {"FRANCE": ["A BUR", "F WES"]}
    assert result["results"] == {"A PAR": "ok", "F MAO": "ok"}


def test_feeding_state_back_continues_the_game() -> None:
    spring = run_case(opening())
    fall = run_case({**opening(), "state": spring["state"], "orders": {"FRANCE": ["A BUR - BEL"]}})
    assert fall["state"]["phase"] == "W1901A"
    assert "BEL" in fall["state"]["centers"]["FRANCE"]
    winter = run_case({**opening(), "state": fall["state"], "orders": {"FRANCE": ["BUILD A PAR"]}})
    assert winter["results"] == {"A PAR": "built"}
    assert winter["state"]["phase"] == "S1902M"


def test_victory_reported_with_next_phase() -> None:
    centers = [
        "ANK",
        "BEL",
        "BER",
        "BRE",
        "BUD",
        "BUL",
        "CON",
        "DEN",
        "EDI",
        "GRE",
        "HOL",
        "KIE",
        "LON",
        "LVP",
        "MAR",
        "MUN",
        "NWY",
    ]
    case = {
        "id": "v",
        "state": {
            "phase": "F1910M",
            "units": {"FRANCE": ["A PIC"]},
            "centers": {"FRANCE": centers, "ENGLAND": ["PAR"]},
        },
        "orders": {"FRANCE": ["A PIC - PAR"]},
    }
    result = run_case(case)
    assert result["victory"] == "FRANCE"
    assert result["state"]["phase"] == "W1910A"  # France may build: 18 centres, 1 unit
    assert len(result["state"]["centers"]["FRANCE"]) == 18


@pytest.mark.slow
def test_thousands_of_lines_in_one_process() -> None:
    line = json.dumps(opening())
    results = adjudicate([line] * 2000)
    assert len(results) == 2000
    assert all(r == results[0] for r in results)


@pytest.mark.parametrize(
    ("game", "key", "value", "message"),
    [
        ("standard", "orders", {"FRANCE": "A PAR H"}, "orders of FRANCE must be a list of strings"),
        ("standard", "orders", ["A PAR H"], "'orders' must be a JSON object"),
        ("payola", "offers", {"FRANCE": [3]}, "offers of FRANCE must be a list of strings"),
        ("payola", "offers", {"NARNIA": []}, "unknown power 'NARNIA'"),
    ],
)
def test_order_and_offer_lists_are_checked_alike(game: str, key: str, value, message: str) -> None:
    case = {**opening(), "game": game, key: value}
    assert run_case(case) == {"id": "opening", "error": message}
