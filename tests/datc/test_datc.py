"""Every DATC case (v2.4, section 6) through the same JSON path as ``judge adjudicate``.

The cases are the project's own copy, ``tests/datc/datc.jsonl``: a table of facts
(position, orders, the units on the board and the dislodged units afterwards).
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from judge.batch import run_case

CASES = [
    json.loads(line)
    for line in (Path(__file__).parent / "datc.jsonl").read_text(encoding="utf-8").splitlines()
    if line.strip()
]


def test_the_whole_datc_is_here() -> None:
    assert len(CASES) == 167
    sections = {c["id"].split(".")[1] for c in CASES}
    assert sections == set("ABCDEFGHIJ")


@pytest.mark.parametrize("case", CASES, ids=[c["id"] for c in CASES])
def test_datc(case: dict) -> None:
    case_input = {k: v for k, v in case.items() if k not in ("expect", "note")}
    result = run_case(case_input)
    assert "error" not in result, result.get("error")
    state = result["state"]
    assert state["units"] == {p: sorted(us) for p, us in case["expect"]["units"].items() if us}
    got_dislodged = {p: sorted(d["unit"] for d in ds) for p, ds in state["dislodged"].items()}
    want_dislodged = {
        p: sorted(d["unit"] for d in ds) for p, ds in case["expect"]["dislodged"].items() if ds
    }
    assert got_dislodged == want_dislodged
    if not want_dislodged and case["state"]["phase"].endswith("M"):
        # Nobody to retreat: the retreat phase is skipped.
        assert not state["phase"].endswith("R")
