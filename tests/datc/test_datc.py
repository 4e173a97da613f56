"""Every DATC case (v2.4, section 6) through the same JSON path as ``judge adjudicate``.

The cases are the project's own copy, ``tests/datc/datc.jsonl``: the position, the orders
and what must follow them: the units on the board and the dislodged units afterwards (the
DATC's facts), and each order's result in the contract's words (``expect.results``). The
DATC states no per-order results, only the final position and each case's title; the
results were recorded from this engine once all final positions matched and read against
the titles (a support cut, a convoy disrupted, an order void). Wherever the facts decide a
result (a move that arrived or not, a unit dislodged, a retreat, a build, a removal),
``test_the_results_agree_with_the_facts`` checks it against them. A case the DATC itself
leaves untestable carries ``untestable``: the reason, shown as the skip reason.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

import pytest

from judge.batch import run_case

CASES = [
    json.loads(line)
    for line in (Path(__file__).parent / "datc.jsonl").read_text(encoding="utf-8").splitlines()
    if line.strip()
]
MOVE = re.compile(r"^([AF]) ([A-Z/]+) - ([A-Z/]+)")
SUPPORT = re.compile(r"^([AF] [A-Z/]+) S ")


def play(case: Mapping[str, Any]) -> dict[str, Any]:
    return run_case({k: v for k, v in case.items() if k not in ("expect", "note", "untestable")})


def final_position_mismatches(case: Mapping[str, Any], result: Mapping[str, Any]) -> list[str]:
    """Where the units on the board or the dislodged units differ from the DATC's."""
    if "error" in result:
        return [f"error: {result['error']}"]
    state = result["state"]
    found = []
    want_units = {p: sorted(us) for p, us in case["expect"]["units"].items() if us}
    if state["units"] != want_units:
        found.append(f"units {state['units']} != {want_units}")
    got = {p: sorted(d["unit"] for d in ds) for p, ds in state["dislodged"].items()}
    want = {p: sorted(d["unit"] for d in ds) for p, ds in case["expect"]["dislodged"].items()
            if ds}
    if got != want:
        found.append(f"dislodged {got} != {want}")
    if not want and case["state"]["phase"].endswith("M") and state["phase"].endswith("R"):
        found.append("a retreat phase with nobody to retreat was not skipped")
    return found


def mismatches(case: Mapping[str, Any], result: Mapping[str, Any]) -> list[str]:
    """Everything in ``result`` that differs from the case's expectation: each order's
    result first, then the final position."""
    if "error" in result:
        return [f"error: {result['error']}"]
    want, got = case["expect"]["results"], result["results"]
    found = [f"{unit}: {got.get(unit, 'no result')}, expected {want.get(unit, 'no result')}"
             for unit in sorted(set(want) | set(got)) if want.get(unit) != got.get(unit)]
    return found + final_position_mismatches(case, result)


def test_the_whole_datc_is_here() -> None:
    assert len(CASES) == 167
    sections = {c["id"].split(".")[1] for c in CASES}
    assert sections == set("ABCDEFGHIJ")
    assert [c["id"] for c in CASES if "untestable" in c] == ["6.H.15"]
    assert all("results" in c["expect"] for c in CASES if "untestable" not in c)


@pytest.mark.parametrize("case", CASES, ids=[c["id"] for c in CASES])
def test_datc(case: dict) -> None:
    if "untestable" in case:
        pytest.skip(f"{case['id']} is not testable: {case['untestable']}")
    assert mismatches(case, play(case)) == []


def _province(location: str) -> str:
    return location.split("/")[0]


@pytest.mark.parametrize("case", [c for c in CASES if "untestable" not in c],
                         ids=[c["id"] for c in CASES if "untestable" not in c])
def test_the_results_agree_with_the_facts(case: dict) -> None:
    """Each recorded result that the DATC's final position decides is checked against it:
    a unit is where its result says it went, of its own power's units afterwards."""
    owner = {(u[0], _province(u[2:])): p for p, us in case["state"]["units"].items()
             for u in us}
    owner.update({(d["unit"][0], _province(d["unit"][2:])): p
                  for p, ds in (case["state"].get("dislodged") or {}).items() for d in ds})
    after = {(p, u[0], _province(u[2:])) for p, us in case["expect"]["units"].items()
             for u in us}
    dislodged = {(p, d["unit"][0], _province(d["unit"][2:]))
                 for p, ds in case["expect"]["dislodged"].items() for d in ds}
    moves = {(p, m[1], _province(m[2])): _province(m[3]) for p, os in case["orders"].items()
             for m in map(MOVE.match, os) if m}  # a power's own units' moves
    phase = case["state"]["phase"][-1]
    for unit, outcome in case["expect"]["results"].items():
        kind, origin = unit[0], _province(unit[2:])
        power = owner.get((kind, origin))
        goes = moves.get((power, kind, origin))
        if phase == "M":
            assert ((power, kind, origin) in dislodged) <= (outcome == "dislodged"), unit
            if outcome == "dislodged":
                assert (power, kind, origin) not in after, unit
            elif outcome == "ok" and goes:
                assert (power, kind, goes) in after, unit
            else:
                assert (power, kind, origin) in after, unit
        elif phase == "R":
            assert (outcome == "ok") == (goes is not None and (power, kind, goes) in after), unit
        else:  # a build's power is the one that ordered it
            power = power or next(p for p, os in case["orders"].items() for o in os
                                  if unit in o.upper())
            assert outcome in ("built", "removed"), unit
            assert (outcome == "built") == ((power, kind, origin) in after), unit


def _count_passing(change: Callable[[str], str],
                   check: Callable[[Mapping[str, Any], Mapping[str, Any]], list[str]]) -> set[str]:
    """The ids of the movement cases that still pass ``check`` when every order line is
    rewritten by ``change`` before adjudication (a planted adjudicator fault)."""
    passing = set()
    for case in CASES:
        if "untestable" in case or not case["state"]["phase"].endswith("M"):
            continue
        orders = {p: [change(o) for o in os] for p, os in case["orders"].items()}
        if not check(case, play({**case, "orders": orders})):
            passing.add(case["id"])
    return passing


def _hold(line: str) -> str:
    return " ".join(line.split()[:2]) + " H"


def _ignore_support(line: str) -> str:
    return _hold(line) if SUPPORT.match(line) else line


def test_an_adjudicator_that_holds_every_unit_fails_the_datc() -> None:
    """With every unit holding, 57 of the 130 movement cases still end with the DATC's
    units; compared order by order, only 6.A.6 passes (its one order is another power's
    unit's, so holding is right)."""
    by_position = _count_passing(_hold, final_position_mismatches)
    by_result = _count_passing(_hold, mismatches)
    assert len(by_position) > 50
    assert by_result == {"6.A.6"}


def test_an_adjudicator_that_ignores_supports_fails_the_datc() -> None:
    """With every support turned into a hold, the per-order check fails every case the
    final units catch and 14 more where a support was cut or void without changing the
    final position (6.D.3, 6.D.4, ...). The cases left passing have no support, or
    supports that change nothing (6.D.1: both sides' supports cancel)."""
    by_position = _count_passing(_ignore_support, final_position_mismatches)
    by_result = _count_passing(_ignore_support, mismatches)
    assert by_result <= by_position
    caught_by_results_only = by_position - by_result
    assert {"6.D.3", "6.D.4", "6.D.5", "6.D.25", "6.D.26", "6.B.5"} <= caught_by_results_only
    assert len(caught_by_results_only) >= 10
