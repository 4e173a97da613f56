"""``judge adjudicate`` as a subprocess: a year of Capitalist Diplomacy, each result's
state fed back as the next case's, with a change of FRANCE's commander."""

from __future__ import annotations

import json
import os
import runpy
import subprocess
import sys
from pathlib import Path
from typing import Any

G = runpy.run_path(str(Path(__file__).with_name("game.py")))
ROOT = Path(__file__).resolve().parents[2]


def adjudicate(*cases: dict[str, Any]) -> list[dict[str, Any]]:
    text = "".join(json.dumps(c) + "\n" for c in cases)
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    done = subprocess.run([sys.executable, "-m", "judge.cli", "adjudicate"], input=text,
                          capture_output=True, text=True, env=env, cwd=ROOT, timeout=120,
                          check=True)
    return [json.loads(line) for line in done.stdout.splitlines()]


def step(result: dict[str, Any], *mails: dict[str, Any]) -> dict[str, Any]:
    (out,) = adjudicate(G["follow"](result, mails))
    assert "error" not in out, out
    return out


def test_a_year_through_the_command_line() -> None:
    mail = G["mail"]
    (spring,) = adjudicate(G["case"]("S1901C", G["accounts"](), [
        mail("GEKKO", "SELL 200 MARK", "BUY 200 FRANC")]))
    assert spring["state"]["phase"] == "S1901M"
    assert spring["state"]["commanders"]["FRANCE"] == "GEKKO"
    moved = step(spring, mail("GEKKO", "F BRE - MAO", "A PAR - BUR", "A MAR - SPA",
                              power="FRANCE"))
    assert moved["state"]["phase"] == "F1901C"
    assert moved["state"]["commanders"] == {}
    fall = step(moved, mail("RICHIE", "SELL 400 MARK", "BUY 300 FRANC"))
    assert fall["state"]["phase"] == "F1901M"
    assert fall["state"]["commanders"]["FRANCE"] == "RICHIE"
    assert fall["state"]["rates"]["FRANCE"] == 105
    fought = step(fall, mail("GEKKO", "A SPA - GAS", power="FRANCE"),
                  mail("RICHIE", "F MAO - POR", "A SPA H", power="FRANCE"))
    assert fought["errors"] == {
        "GEKKO/FRANCE": ["A SPA - GAS: you do not command FRANCE this season"]}
    state = fought["state"]
    assert state["phase"] == "W1901A"
    assert sorted(state["centers"]["FRANCE"]) == ["BRE", "MAR", "PAR", "POR", "SPA"]
    assert state["rates"]["FRANCE"] == 115  # 1.05 and two centres: floor(115.5)
    assert state["rates"]["GERMANY"] == 94  # 200 and 400 sold, no centre won or lost
    assert state["centers_last"]["FRANCE"] == 5
    assert state["commanders"]["FRANCE"] == "RICHIE"
    assert fought["end"] is None
    winter = step(fought, mail("RICHIE", "BUILD A PAR", "BUILD F BRE", power="FRANCE"))
    assert winter["errors"] == {}
    assert {"A PAR", "F BRE"} <= set(winter["state"]["units"]["FRANCE"])
    assert winter["state"]["phase"] == "S1902C"
    assert winter["state"]["commanders"] == {}
    assert winter["state"]["players"] == fought["state"]["players"]


def test_a_bad_case_gets_an_error_line_and_the_run_goes_on() -> None:
    bad = G["case"]("S1901C", G["accounts"](G["NINE"][:8]), case_id="few")
    good = G["case"]("S1901C", case_id="ok")
    out = adjudicate(bad, good)
    assert out[0] == {"id": "few", "error": "Capitalist Diplomacy needs 9 to 12 players"}
    assert out[1]["id"] == "ok" and out[1]["state"]["phase"] == "S1901M"
