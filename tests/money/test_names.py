"""Names too like a taken one (judge.money.names; issue 26)."""

from __future__ import annotations

import runpy
from pathlib import Path

import pytest

from judge.money.names import confusable, skeleton

_BOURSE = runpy.run_path(str(Path(__file__).parent.parent / "bourse" / "cases.py"))


@pytest.mark.parametrize(("name", "taken"), [
    ("CR0ESUS", "CROESUS"), ("B1LL", "BILL"), ("BIll", "BILL"), ("bi11", "BILL"),
    ("MIDAS", "midas"), ("BURNS", "BUMS"), ("VVALL", "WALL")])
def test_confusable_pairs(name: str, taken: str) -> None:
    assert skeleton(name) == skeleton(taken)
    assert confusable(name, ["GOLD", taken]) == taken


@pytest.mark.parametrize(("name", "taken"), [("CROESUS", "CRASSUS"), ("BILL", "BELL"),
                                              ("ANNE", "ANN"), ("A_B", "AB")])
def test_distinct_names(name: str, taken: str) -> None:
    assert confusable(name, [taken]) is None


def test_a_bourse_pseudonym_too_like_a_taken_one_is_refused_with_the_reason() -> None:
    case, play, player = _BOURSE["case"], _BOURSE["play"], _BOURSE["player"]
    result = play(case({"CROESUS": player()},
                       {"from": "a@example.com", "to": "bourse", "lines": ["JOIN BOURSE CR0ESUS"]},
                       {"from": "b@example.com", "to": "bourse", "lines": ["JOIN BOURSE MIDAS"]}))
    assert result["errors"] == {"a@example.com": [
        "JOIN BOURSE CR0ESUS: pseudonym CR0ESUS is too like CROESUS, which is taken "
        "(0 and O, 1, I and l read alike)"]}
    assert set(result["state"]["bourse"]["players"]) == {"CROESUS", "MIDAS"}
