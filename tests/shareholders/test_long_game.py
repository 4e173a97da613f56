"""Whole years played from random mail, each result's state fed to the next case: no turn
crashes, the phases follow the spec's order, and no balance goes below 0."""

from __future__ import annotations

import random
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

import judge.games.shareholders.batch  # noqa: F401 - the engine raises the recursion limit on import
from judge.engine.board import UnitType
from tests.shareholders.cases import BOARD, FOUR, mail, play, start

BOARD_TYPE = {u.value: u for u in UnitType}
NEXT = {"D": {"A"}, "A": {"SM", "FM", "D"}, "SM": {"SR", "FM", "D"}, "SR": {"FM", "D"},
        "FM": {"FR", "D"}, "FR": {"D"}}


def step_of(phase: str) -> str:
    return phase[-1] if phase[0] == "W" else phase[0] + phase[-1]


def random_mails(state: dict[str, Any], rng: random.Random) -> list[dict[str, Any]]:
    step = step_of(state["phase"])
    powers = list(BOARD.powers)
    if step == "D":
        return [mail(name, *(f"{rng.choice(['BUY', 'BUY', 'SELL'])} {rng.randint(1, 4)} "
                             f"{rng.choice(powers)}" for _ in range(rng.randint(0, 3))))
                for name in FOUR]
    out = []
    for power, c in state["countries"].items():
        for holder in c["office"]:
            if step == "A":
                homes = sorted(BOARD.homes[power])
                lines = [rng.choice(["DIVIDEND", "NO DIVIDEND"])]
                lines += [f"BUILD {rng.choice('AF')} {rng.choice(homes)}" for _ in range(2)]
            elif step in ("SM", "FM"):
                lines = []
                for u in state["units"][power]:
                    loc = u.split()[1]
                    kind = BOARD.neighbours(BOARD_TYPE[u[0]], loc)
                    if kind and rng.random() < 0.8:
                        lines.append(f"{u} - {rng.choice(sorted(kind))}")
            else:
                lines = [f"{d['unit']} - {rng.choice(['PIC', 'BUR', 'GAS', 'MUN', 'TYR'])}"
                         for d in state["dislodged"].get(power, [])]
            out.append(mail(holder, *lines, as_=power))
    return out


@settings(max_examples=6, deadline=None)
@given(st.integers(0, 10_000))
def test_random_years_keep_the_books(seed: int) -> None:
    rng = random.Random(seed)
    state = start(*FOUR)["state"]
    ended = False
    for _ in range(20):
        result = play(state, *random_mails(state, rng), params={"END_YEAR": 1903})
        assert "error" not in result, result
        new = result["state"]
        assert step_of(new["phase"]) in NEXT[step_of(state["phase"])]
        assert all(p["cash"] >= 0 for p in new["players"].values())
        assert all(n >= 1 for p in new["players"].values() for n in p["shares"].values())
        assert all(c["cash"] >= 0 for c in new["countries"].values())
        assert ("prices" in result) == (step_of(new["phase"]) == "D")
        if result["end"] is not None:
            assert set(result["end"]["scores"]) == set(FOUR)
            ended = True
            break
        state = new
    assert ended  # END_YEAR 1903 ends it within three years of at most six turns
