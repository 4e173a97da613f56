"""The opening state of a new game (capitalist.md 1, 2.1, 3, section 6; market-contract.md
section 4): S1901C, every pseudonym 1000 of each currency and 0 SFr, rates 1.00, the
standard units and centres, centers_last the home centres, no commanders."""

from __future__ import annotations

import runpy
from pathlib import Path

import pytest

from judge.batch import run_case
from judge.engine.maps import load_map
from judge.engine.state import StateError
from judge.games.capitalist.rules.params import Params
from judge.games.capitalist.rules.state_json import opening_state

GAME = runpy.run_path(str(Path(__file__).with_name("game.py")))
NINE: tuple[str, ...] = GAME["NINE"]
POWERS: tuple[str, ...] = GAME["POWERS"]
BOARD = load_map("standard")


def test_the_opening_is_the_spec_start() -> None:
    state = opening_state([n.lower() for n in NINE], BOARD, Params())
    assert state["phase"] == "S1901C"
    assert state["players"] == {n: {"sfr": 0, "holdings": dict.fromkeys(POWERS, 1000)}
                                for n in NINE}
    assert state["rates"] == dict.fromkeys(POWERS, 100)
    assert state["annihilated"] == []
    assert state["commanders"] == {}
    assert state["centers_last"] == {p: len(GAME["HOMES"][p]) for p in POWERS}
    assert {p: set(us) for p, us in state["units"].items()} == {
        p: set(us) for p, us in GAME["START"].items()}
    assert {p: set(cs) for p, cs in state["centers"].items()} == {
        p: set(cs) for p, cs in GAME["HOMES"].items()}
    assert state["dislodged"] == {} and state["contested"] == []


def test_the_opening_follows_the_parameters() -> None:
    params = Params(start_units=500, start_rate=120, start_sfr=2500)
    state = opening_state(NINE, BOARD, params)
    assert all(p == {"sfr": 2500, "holdings": dict.fromkeys(POWERS, 500)}
               for p in state["players"].values())
    assert state["rates"] == dict.fromkeys(POWERS, 120)


@pytest.mark.parametrize("count", [8, 13])
def test_too_few_or_too_many_cannot_open(count: int) -> None:
    names = [f"P{i}" for i in range(count)]
    with pytest.raises(StateError, match="^Capitalist Diplomacy needs 9 to 12 players$"):
        opening_state(names, BOARD, Params())


def test_a_pseudonym_given_twice_cannot_open() -> None:
    with pytest.raises(StateError, match="twice"):
        opening_state([*NINE, "midas"], BOARD, Params())


def test_the_runner_plays_the_opening() -> None:
    """The opening is a valid case: fed to the runner it plays S1901C into S1901M."""
    state = opening_state(NINE, BOARD, Params())
    out = run_case({"id": "o", "variant": "standard", "game": "capitalist", "rules": [],
                    "params": {}, "seed": 5, "state": state, "mails": []})
    assert out["state"]["phase"] == "S1901M"
    assert out["state"]["players"] == state["players"]
