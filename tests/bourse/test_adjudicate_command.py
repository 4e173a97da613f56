"""``judge adjudicate`` as a subprocess: a Bourse year played case by case, each result's
state fed into the next case, through a Fall that eliminates Austria."""

from __future__ import annotations

import json
import os
import runpy
import subprocess
import sys
from pathlib import Path
from typing import Any

C = runpy.run_path(str(Path(__file__).with_name("cases.py")))
case, mail, player, units_of = C["case"], C["mail"], C["player"], C["units_of"]
ROOT = Path(__file__).resolve().parents[2]


def adjudicate(given: dict[str, Any]) -> dict[str, Any]:
    proc = subprocess.run(
        [sys.executable, str(ROOT / "bin" / "judge"), "adjudicate"],
        input=json.dumps(given) + "\n", capture_output=True, text=True, check=True,
        timeout=120, env={**os.environ, "PYTHONPATH": str(ROOT)})
    (line,) = proc.stdout.splitlines()
    result: dict[str, Any] = json.loads(line)
    assert "error" not in result, result
    return result


def _next(result: dict[str, Any], orders: dict[str, list[str]], *mails: dict[str, Any],
          **extra: Any) -> dict[str, Any]:
    return {**case({}, orders=orders), "state": result["state"], "mails": list(mails), **extra}


def test_a_year_with_a_late_joiner_and_a_fall_elimination() -> None:
    centers = C["home_centers"]()
    centers["AUSTRIA"] = ["VIE"]
    centers["RUSSIA"] = centers["RUSSIA"] + ["BUD", "TRI"]
    units = C["starting_units"]()
    units["AUSTRIA"] = []
    units["RUSSIA"] = [u for u in units["RUSSIA"] if u != "A WAR"] + ["A UKR"]
    spring = adjudicate(case(
        {"ARGENT": player(turns=4)},
        mail("ARGENT", "SELL 200 CROWNS", "BUY 100 MARKS"),
        mail("carol@example.com", "JOIN BOURSE CROWN"),
        phase="S1903M", units=units, centers=centers, orders={"RUSSIA": ["A UKR - GAL"]}))
    assert spring["state"]["phase"] == "F1903M"
    bourse = spring["state"]["bourse"]
    assert bourse["rates"]["AUSTRIA"] == 98 and bourse["rates"]["GERMANY"] == 101
    assert bourse["players"]["CROWN"]["turns_played"] == 1
    assert spring["warnings"] == {"ARGENT": ["WARNING: 100.00 will be left unspent and lost"]}

    fall = adjudicate(_next(spring, {"RUSSIA": ["A GAL - VIE"]},
                            mail("CROWN", "SELL 100 LIRA", "BUY 100 CROWNS")))
    assert fall["state"]["phase"] == "W1903A"
    bourse = fall["state"]["bourse"]
    assert bourse["eliminated"] == ["AUSTRIA"] and bourse["rates"]["AUSTRIA"] == 0
    crown = bourse["players"]["CROWN"]
    assert crown["holdings"] == units_of(CROWNS=1100, LIRA=900)  # the Fall trade stands
    assert crown["net_worth"] == 900 * 99 + 4 * 1000 * 100 + 1000 * 101

    winter = adjudicate(_next(fall, {"RUSSIA": ["BUILD A WAR"]},
                              mail("ARGENT", "SELL 10 LIRA")))
    assert winter["state"]["phase"] == "S1904M"
    assert winter["errors"] == {"ARGENT": ["SELL 10 LIRA: no Bourse turn is open"]}
    assert winter["state"]["bourse"] == {**fall["state"]["bourse"]}

    late = adjudicate(_next(winter, {}, mail("ARGENT", "BUY 10 CROWNS"),
                            mail("dave@example.com", "JOIN BOURSE DELTA"), host_end="draw"))
    assert late["errors"] == {
        "ARGENT": ["BUY 10 CROWNS: AUSTRIA is eliminated; its currency is worthless"]}
    players = late["state"]["bourse"]["players"]
    assert players["DELTA"]["holdings"] == units_of(CROWNS=0)
    assert late["state"]["phase"] == "S1904M"
    # centres: ENGLAND, FRANCE, GERMANY, ITALY, TURKEY 3 each, RUSSIA 7, AUSTRIA none
    assert late["end"] == {
        "kind": "draw", "winners": ["ARGENT"],
        "scores": {"ARGENT": (3 * (1000 + 1000 + 1100 + 1000 + 1000) + 7 * 1000) / 100,
                   "CROWN": (3 * (1000 + 1000 + 1000 + 900 + 1000) + 7 * 1000) / 100,
                   "DELTA": (3 * 5000 + 7 * 1000) / 100}}
