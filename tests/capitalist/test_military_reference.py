"""Military phases against the standard game and a year-end model written from
capitalist.md 3.1, 5.5, 5.6, D17-D20, D29, D33 (hypothesis): random games are walked with
the standard batch runner to a military phase, then the same phase is played as a
Capitalist case, the commanders mailing the orders. The board must be the standard one,
the phase its Capitalist name, and the economy what the year-end step makes of it."""

from __future__ import annotations

import random
import runpy
from pathlib import Path
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

import judge.games.capitalist.batch  # noqa: F401 - imported before hypothesis runs (recursion limit)
from judge.batch import run_case
from judge.engine.board import UnitType
from judge.engine.maps import load_map

G = runpy.run_path(str(Path(__file__).with_name("game.py")))
POWERS, NINE, START, HOMES = G["POWERS"], G["NINE"], G["START"], G["HOMES"]
BOARD = load_map("standard")


def _orders(state: dict[str, Any], rng: random.Random) -> dict[str, list[str]]:
    """Random plausible orders for every unit (moves, holds, supports, retreats,
    builds and removals), some of them illegal."""
    kind = state["phase"][-1]
    out: dict[str, list[str]] = {}
    if kind == "R":
        for power, entries in state["dislodged"].items():
            for entry in entries:
                unit = entry["unit"]
                kind_, loc = unit.split()
                near = sorted(BOARD.neighbours(UnitType(kind_), loc))
                out.setdefault(power, []).append(
                    f"{unit} - {rng.choice(near)}" if near and rng.random() < 0.8
                    else f"{unit} D")
        return out
    if kind == "A":
        for power in POWERS:
            units = state["units"].get(power, [])
            owned = state["centers"].get(power, [])
            if len(units) > len(owned):
                out[power] = [f"REMOVE {u}" for u in rng.sample(units, len(units) - len(owned))]
            elif len(owned) > len(units):
                out[power] = [f"BUILD A {c}" for c in sorted(HOMES[power]) if c in owned]
        return out
    for power, units in state["units"].items():
        for unit in units:
            kind_, loc = unit.split()
            near = sorted(BOARD.neighbours(UnitType(kind_), loc))
            roll = rng.random()
            if roll < 0.65 and near:
                out.setdefault(power, []).append(f"{unit} - {rng.choice(near)}")
            elif roll < 0.8:
                out.setdefault(power, []).append(f"{unit} H")
            elif roll < 0.9 and near:
                target = rng.choice(near)
                out.setdefault(power, []).append(f"{unit} S A {target.split('/')[0]}")
    return out


def _standard(state: dict[str, Any], orders: dict[str, list[str]]) -> dict[str, Any]:
    board_keys = {k: state[k] for k in ("phase", "units", "centers", "dislodged", "contested")}
    result = run_case({"id": "s", "variant": "standard", "rules": [], "state": board_keys,
                       "orders": orders})
    assert "error" not in result, result
    return result


def _capitalist_phase(phase: str) -> str:
    return phase[:-1] + "C" if phase.endswith("M") else phase


def _year_end(before: dict[str, Any], after: dict[str, Any]) -> dict[str, Any]:
    owned = {p: len(after["centers"].get(p, [])) for p in POWERS}
    dead = set(before["annihilated"]) | {p for p in POWERS if owned[p] == 0}
    rates = {}
    for p in POWERS:
        if p in dead:
            rates[p] = 0
        else:
            change = owned[p] - before["centers_last"][p]
            rates[p] = max(1, before["rates"][p] * (100 + 5 * change) // 100)
    return {"rates": rates, "annihilated": dead, "centers_last": owned}


def _score(players: dict[str, Any], owned: dict[str, int]) -> dict[str, int]:
    return {n: sum(a["holdings"].get(p, 0) // 100 * owned[p] for p in POWERS)
            for n, a in players.items()}


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 10**9), st.integers(1, 9), st.sampled_from([1901, 1902, 1903, 1915]))
def test_military_phases_agree_with_the_standard_game(seed: int, walk: int,
                                                      end_year: int) -> None:
    rng = random.Random(seed)
    state: dict[str, Any] = {"phase": "S1901M", "units": dict(START),
                             "centers": dict(HOMES), "dislodged": {}, "contested": []}
    for _ in range(walk):
        state = _standard(state, _orders(state, rng))["state"]
    year = int(state["phase"][1:5])
    phase = state["phase"]
    players = {n: {"sfr": 0, "holdings": {p: rng.choice([0, 300, 1000, 1400]) for p in POWERS}}
               for n in NINE}
    dead = sorted(p for p in POWERS
                  if not state["units"].get(p) and not state["centers"].get(p))
    commanders = {p: rng.choice(NINE) for p in POWERS if p not in dead}
    economy = {
        "players": players,
        "rates": {p: 0 if p in dead else rng.randint(1, 250) for p in POWERS},
        "annihilated": dead,
        "centers_last": {p: 0 if p in dead else rng.randint(1, 9) for p in POWERS},
        "commanders": commanders,
    }
    orders = _orders(state, rng)
    intruders = [{"from": NINE[(NINE.index(commanders[p]) + 1) % 9], "as": p, "lines": ls}
                 for p, ls in orders.items() if p in commanders]
    mails = [{"from": commanders[p], "as": p, "lines": ls}
             for p, ls in orders.items() if p in commanders]
    case = {"id": "c", "variant": "standard", "game": "capitalist", "rules": [],
            "params": {"END_YEAR": end_year}, "seed": seed,
            "state": {**state, **economy}, "mails": intruders + mails}
    got = run_case(case)
    assert "error" not in got, got
    standard = _standard(state, {p: ls for p, ls in orders.items() if p in commanders})
    want = standard["state"]
    out = got["state"]
    for key in ("units", "centers", "dislodged"):
        assert {p: sorted(v) for p, v in out[key].items() if v} == \
            {p: sorted(v) for p, v in want[key].items() if v}, key
    assert out["phase"] == _capitalist_phase(want["phase"])
    for m in intruders:
        for line in m["lines"]:
            assert f"{line}: you do not command {m['as']} this season" in \
                got["errors"][f"{m['from']}/{m['as']}"]
    assert out["players"] == players
    fall_change = phase[0] == "F" and phase[-1] in "MR" and want["phase"][-1] != "R"
    if not fall_change:
        assert got["end"] is None
        assert out["rates"] == economy["rates"]
        assert out["centers_last"] == economy["centers_last"]
        assert set(out["annihilated"]) == set(dead)
        assert out["commanders"] == ({} if out["phase"].endswith("C") else commanders)
        return
    model = _year_end(economy, want)
    assert out["rates"] == model["rates"]
    assert set(out["annihilated"]) == model["annihilated"]
    assert out["centers_last"] == model["centers_last"]
    # D18, D19: commanders kept into W{Y}A, gone when a commerce phase opens
    assert out["commanders"] == ({} if out["phase"].endswith("C") else commanders)
    owned = model["centers_last"]
    if max(owned.values()) >= 18 or year >= end_year:
        scores = _score(players, owned)
        best = max(scores.values())
        assert got["end"] == {
            "kind": "solo" if max(owned.values()) >= 18 else "end_year",
            "winners": sorted(n for n, s in scores.items() if s == best),
            "scores": scores}
    else:
        assert got["end"] is None
