"""``judge adjudicate`` as a subprocess: a 1901-Shareholders game from its start through a
whole year, each case's ``state`` fed back as the next case's, one process per case."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]


def adjudicate(case: dict[str, Any]) -> dict[str, Any]:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    proc = subprocess.run([sys.executable, "-m", "judge.cli", "adjudicate"],
                          input=json.dumps(case) + "\n", capture_output=True, text=True,
                          check=True, timeout=120, env=env, cwd=ROOT)
    lines = proc.stdout.splitlines()
    assert len(lines) == 1
    result: dict[str, Any] = json.loads(lines[0])
    return result


def case(case_id: str, state: dict[str, Any], *mails: dict[str, Any]) -> dict[str, Any]:
    return {"id": case_id, "variant": "standard", "game": "shareholders", "rules": [],
            "params": {}, "seed": 0, "state": state, "mails": list(mails)}


def test_a_year_played_case_by_case_through_the_command() -> None:
    opened = adjudicate({"id": "start", "variant": "standard", "game": "shareholders",
                         "rules": [], "params": {}, "seed": 0,
                         "start": ["ANN", "BEN", "CID", "DOT"]})
    assert opened["id"] == "start" and opened["prices"]["RUSSIA"] == 500
    january = adjudicate(case("jan", opened["state"],
                              {"from": "ANN", "lines": ["BUY 4 RUSSIA"]},
                              {"from": "BEN", "lines": ["BUY 3 RUSSIA", "BUY 2 ITALY"]},
                              {"from": "CID", "lines": ["BUY 2 ITALY"]}))
    assert january["state"]["phase"] == "W1900A"
    assert january["state"]["countries"]["RUSSIA"]["office"] == ["ANN"]
    assert january["state"]["countries"]["ITALY"]["office"] == ["BEN", "CID"]
    february = adjudicate(case(
        "feb", january["state"],
        {"from": "ANN", "as": "RUSSIA", "lines": ["BUILD A WAR"]},
        {"from": "BEN", "as": "ITALY", "lines": ["BUILD A VEN", "BUILD F NAP"]},
        {"from": "CID", "as": "ITALY", "lines": ["BUILD A VEN"]}))
    assert february["builds"] == {"ITALY": [["A VEN", "built"]],
                                  "RUSSIA": [["A WAR", "built"]]}
    assert february["state"]["phase"] == "S1901M"
    spring = adjudicate(case(
        "spring", february["state"],
        {"from": "ANN", "as": "R", "lines": ["A WAR - GAL"]},
        {"from": "BEN", "as": "I", "lines": ["A VEN - TRI"]},
        {"from": "CID", "as": "I", "lines": ["A VEN - TYR"]}))
    assert spring["orders"] == {"A WAR": "A WAR - GAL", "A VEN": "A VEN H"}
    assert spring["fees"] == {"RUSSIA": 20}
    fall = adjudicate(case(
        "fall", spring["state"],
        {"from": "ANN", "as": "RUSSIA", "lines": ["A GAL - VIE"]},
        {"from": "BEN", "as": "ITALY", "lines": ["A VEN - TRI"]},
        {"from": "CID", "as": "ITALY", "lines": ["A VEN - TRI"]}))
    assert fall["state"]["phase"] == "W1901D" and fall["end"] is None
    assert "VIE" in fall["state"]["centers"]["RUSSIA"]
    assert "TRI" in fall["state"]["centers"]["ITALY"]
    # RUSSIA: 5 centres + 1 unit, kept its income -> $700; ITALY 4 + 1 -> $600.
    assert fall["prices"]["RUSSIA"] == 700 and fall["prices"]["ITALY"] == 600
    assert fall["prices"]["AUSTRIA"] == 200  # BUD alone, kept its income
    assert fall["net_worth"]["ANN"] == 3150 - 2000 + 4 * 700
    next_january = adjudicate(case("jan2", fall["state"],
                                   {"from": "DOT", "lines": ["BUY 4 RUSSIA"]}))
    players = next_january["state"]["players"]
    assert players["DOT"] == {"cash": 3150 - 4 * 700, "shares": {"RUSSIA": 4}}
    russia = next_january["state"]["countries"]["RUSSIA"]
    assert russia["office"] == ["ANN"] and russia["last_office"] == ["ANN"]  # incumbency
