"""market-contract.md section 2: the Exchange example case, and ``judge adjudicate`` as a
subprocess continuing a game by feeding each result's state into the next case."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from judge.batch import run_case
from tests.exchange.builder import POWERS, corporation, homes

ROOT = Path(__file__).resolve().parents[2]


def _example() -> dict:
    return {"id": "x-e1", "variant": "standard", "game": "exchange", "rules": [],
            "params": {"MIN_BID": 100}, "seed": 5,
            "state": {"phase": "W1900B", "units": {}, "centers": {}, "dislodged": {},
                      "contested": [],
                      "investors": {"ALICE": {"cash": 1000, "shares": {}, "last_vote": {}},
                                    "CAROL": {"cash": 1000, "shares": {}, "last_vote": {}}},
                      "corporations": {p: corporation() for p in POWERS},
                      "asks": [], "inactive": homes(*POWERS), "bank": 0, "next_ask_id": 1,
                      "draw_votes": {}},
            "mails": [{"from": "ALICE", "lines": ["BID ENGLAND 120"]},
                      {"from": "CAROL", "lines": ["BID ENGLAND 120 SHARES 20 PRICE 9",
                                                  "BID ITALY 90"]}]}


def test_the_contract_example() -> None:
    result = run_case(_example())
    assert result["id"] == "x-e1"
    assert result["errors"] == {"CAROL": ["BID ITALY 90: the minimum bid is 100 AgP"]}
    assert result["end"] is None
    st = result["state"]
    assert st["phase"] == "W1900O"
    assert st["investors"] == {"ALICE": {"cash": 1000, "shares": {}, "last_vote": {}},
                               "CAROL": {"cash": 880, "shares": {}, "last_vote": {}}}
    assert st["corporations"]["ENGLAND"] == corporation(
        status="STARTED", founder="CAROL", treasury=120,
        bid={"paid": 120, "shares": 20, "price": 9})
    assert all(st["corporations"][p] == corporation() for p in POWERS if p != "ENGLAND")
    assert set(st) >= {"phase", "units", "centers", "dislodged", "contested", "investors",
                       "corporations", "asks", "inactive", "bank", "next_ask_id", "draw_votes"}


def _adjudicate(cases: list[dict]) -> list[dict]:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    done = subprocess.run([sys.executable, "-m", "judge.cli", "adjudicate"], cwd=ROOT, env=env,
                          input="".join(json.dumps(c) + "\n" for c in cases),
                          capture_output=True, text=True, check=True, timeout=120)
    return [json.loads(line) for line in done.stdout.splitlines()]


def test_adjudicate_subprocess_continues_the_game() -> None:
    mails = {
        "W1900B": [{"from": "ALICE", "lines": ["BID ENGLAND 130"]},
                   {"from": "CAROL", "lines": ["BID ENGLAND 120 SHARES 20 PRICE 9"]}],
        "W1900O": [{"from": "ALICE", "lines": ["SETUP ENGLAND SHARES 10 PRICE 20"]}],
        "W1900P": [{"from": "CAROL", "lines": ["PURCHASE 8*ENGLAND"]}],
        "W1900E": [{"from": "CAROL", "lines": ["VOTE ENGLAND CAROL"]}],
    }
    case = _example()
    seen = []
    for _ in range(5):
        case["mails"] = mails.get(case["state"]["phase"], [])
        (result,) = _adjudicate([case])
        assert "error" not in result, result
        seen.append(result["state"]["phase"])
        case = {**case, "state": result["state"]}
    # ENGLAND's treasury 130 >= S 10 allows a dividend, so W1900A is held
    assert seen == ["W1900O", "W1900P", "W1900E", "W1900A", "S1901M"]
    st = case["state"]
    assert st["corporations"]["ENGLAND"]["leader"] == "CAROL"
    assert st["corporations"]["ENGLAND"]["status"] == "FLOATED"
    assert st["investors"]["CAROL"]["cash"] == 1000 - 8 * 20
    assert sorted(st["units"]["ENGLAND"]) == ["A LVP", "F EDI", "F LON"]


def test_adjudicate_answers_a_bad_line_and_goes_on() -> None:
    bad = _example()
    bad["params"] = {"MIN_SHARES": 3}
    results = _adjudicate([bad, _example()])
    assert "error" in results[0]
    assert results[1]["state"]["phase"] == "W1900O"
