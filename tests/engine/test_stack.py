"""The resolver's recursion stays shallow: the engine leaves the interpreter's recursion
limit alone (it changes no global state at import), so the deepest movement phase of the
standard map must fit well inside the default limit of 1000 frames."""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from judge.batch import run_case

# 34 armies, each next to the following one (and SER next to ALB): every province an army
# can stand in on the path, the longest chain of dependent moves the standard map holds.
CHAIN = ("ALB GRE BUL CON ANK ARM SEV MOS LVN PRU BER KIE HOL BEL BUR GAS MAR PIE TUS ROM "
         "APU VEN TRI BUD GAL BOH VIE TYR MUN SIL WAR UKR RUM SER").split()


@pytest.fixture
def low_limit() -> Iterator[int]:
    """A recursion limit of 300 frames (pytest's own frames included) for one test."""
    before = sys.getrecursionlimit()
    sys.setrecursionlimit(300)
    try:
        yield 300
    finally:
        sys.setrecursionlimit(before)


def _chain_case(ring: bool) -> dict:
    moves = list(zip(CHAIN, CHAIN[1:] + CHAIN[:1] if ring else CHAIN[1:], strict=False))
    return {"id": "chain", "rules": [],
            "state": {"phase": "S1901M", "units": {"ENGLAND": [f"A {p}" for p in CHAIN]},
                      "centers": {}},
            "orders": {"ENGLAND": [f"A {a} - {b}" for a, b in moves]}}


def test_importing_the_engine_leaves_the_recursion_limit_alone() -> None:
    probe = ("import sys; before = sys.getrecursionlimit(); "
             "import judge.engine.adjudicate, judge.engine.movement; "
             "print(before, sys.getrecursionlimit())")
    root = Path(__file__).resolve().parents[2]
    run = subprocess.run([sys.executable, "-c", probe], cwd=root, capture_output=True,
                         text=True, check=True)
    before, after = run.stdout.split()
    assert before == after


@pytest.mark.parametrize("ring", [False, True], ids=["chain bounces", "ring rotates"])
def test_the_longest_chain_of_moves_resolves_in_a_few_hundred_frames(
        ring: bool, low_limit: int) -> None:
    result = run_case(_chain_case(ring))
    assert "error" not in result
    moved = {unit: outcome for unit, outcome in result["results"].items() if unit != "A SER"}
    assert len(moved) == len(CHAIN) - 1
    assert set(moved.values()) == ({"ok"} if ring else {"bounce"})
