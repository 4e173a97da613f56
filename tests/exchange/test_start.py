"""exchange.md 3.5: the opening state, plain and PREFLOATED, and playing on from it."""

from __future__ import annotations

from judge.batch import run_case
from tests.exchange.builder import NAMES, POWERS, corporation, homes, mail, play


def _start(**params: object) -> dict:
    out = {"id": "s", "variant": "standard", "game": "exchange", "rules": [],
           "params": params, "seed": 5, "start": list(NAMES)}
    return out


def test_opening_state() -> None:
    result = run_case(_start())
    assert result["errors"] == {} and result["end"] is None
    st = result["state"]
    assert st["phase"] == "W1900B"
    assert st["investors"] == {n: {"cash": 1000, "shares": {}, "last_vote": {}} for n in NAMES}
    assert st["corporations"] == {p: corporation() for p in POWERS}
    assert st["inactive"] == homes(*POWERS)
    assert (st["units"], st["centers"], st["asks"], st["bank"], st["next_ask_id"]) == (
        {}, {}, [], 0, 1)
    following = play(st, mail("ALICE", "BID FRANCE 100"))
    assert following["state"]["corporations"]["FRANCE"]["founder"] == "ALICE"


def test_prefloated_opening() -> None:
    case = _start(PREFLOATED=True, STARTING_CASH=50)
    case["holdings"] = {"ALICE": {"FRANCE": 20}, "BOB": {"FRANCE": 5, "GERMANY": 25}}
    st = run_case(case)["state"]
    assert st["phase"] == "W1900E"
    france = st["corporations"]["FRANCE"]
    assert (france["status"], france["S"], france["T"], france["accept"]) == (
        "FLOATED", 25, 0, "F?")
    assert france["treasury"] == 17 + 16 + 15  # Payola's income for 3 centres, V = 18
    assert st["corporations"]["RUSSIA"]["treasury"] == 17 + 16 + 15 + 14
    assert st["inactive"] == []
    assert sorted(st["units"]["RUSSIA"]) == ["A MOS", "A WAR", "F SEV", "F STP/SC"]
    elected = play(st, params={"PREFLOATED": True})
    assert elected["state"]["corporations"]["FRANCE"]["leader"] == "ALICE"
    assert elected["state"]["corporations"]["GERMANY"]["leader"] == "BOB"


def test_a_bad_start_is_a_case_error() -> None:
    assert "error" in run_case({**_start(), "start": ["ALICE", "alice"]})
    assert "error" in run_case({**_start(), "holdings": {"ALICE": {"FRANCE": 3}}})
