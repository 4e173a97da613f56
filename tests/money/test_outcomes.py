"""Issue 22's typed results: a 1901-Shareholders turn's result (``Turned``), a
Capitalist phase's and an Exchange phase's (``PhasePlayed``) read back from the JSON
``judge adjudicate`` wrote, and written again, give the very same bytes, and the
record holds the typed game the state decodes to: the mail service reads the result
through the record and loses nothing the batch interface printed."""

from __future__ import annotations

import json
import random
import runpy
from pathlib import Path
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

import judge.games.capitalist.batch  # noqa: F401 - imported now: the engine raises the recursion
from judge.batch import run_case  # must not see mid-test
from judge.engine.maps import load_map
from judge.games import SHAREHOLDERS
from judge.games.capitalist.rules import state_json as capitalist_state
from judge.games.capitalist.rules.outcome import played_from_json, played_json
from judge.games.exchange import batch as exchange_batch  # limit on import, which hypothesis
from judge.games.exchange.rules import outcome as exchange_outcome
from judge.games.exchange.rules import state_json as exchange_state
from judge.games.shareholders.rules import state_json as shareholders_state
from judge.games.shareholders.rules.outcome import turned_from_json, turned_json
from tests.capitalist import test_properties as capitalist_properties
from tests.exchange import builder as exchange_cases
from tests.exchange.test_long_game import POWERS as EXCHANGE_POWERS
from tests.exchange.test_long_game import random_lines
from tests.shareholders import cases as shareholders_cases
from tests.shareholders.test_long_game import random_mails

BOARD = load_map()
G = runpy.run_path(str(Path(__file__).parent.parent / "capitalist" / "game.py"))
_encode = json.JSONEncoder(check_circular=False).encode


def _shareholders_round_trip(result: dict[str, Any]) -> None:
    printed = {k: v for k, v in result.items() if k != "id"}
    turned = turned_from_json(json.loads(_encode(printed)), BOARD)
    assert _encode(turned_json(turned, BOARD)) == _encode(printed)
    assert turned.game == shareholders_state.game_from_state(result["state"], BOARD)


def _capitalist_round_trip(result: dict[str, Any]) -> None:
    printed = {k: v for k, v in result.items() if k != "id"}
    played = played_from_json(json.loads(_encode(printed)), BOARD)
    assert _encode(played_json(played, BOARD)) == _encode(printed)
    assert played.game == capitalist_state.game_from_state(result["state"], BOARD)


def test_a_shareholders_start_reads_back() -> None:
    _shareholders_round_trip(shareholders_cases.start(*shareholders_cases.FOUR))


def _shareholders_game(seed: int) -> set[str]:
    """A random game of four, every turn's result read back as printed; the kinds of
    turn it went through (a game where nobody holds an office may skip the movement)."""
    rng = random.Random(seed)
    current = shareholders_cases.start(*shareholders_cases.FOUR)["state"]
    seen: set[str] = set()
    for _ in range(14):
        mails = random_mails(current, rng)
        case = {"id": "t", "variant": "standard", "game": SHAREHOLDERS.name, "rules": [],
                "params": {"END_YEAR": 1903}, "seed": 0, "state": current, "mails": mails}
        result = run_case(case)
        assert "error" not in result, result
        _shareholders_round_trip(result)
        seen.add(current["phase"][0] + current["phase"][-1])
        if result.get("end") is not None:
            break
        current = result["state"]
    return seen


@settings(max_examples=8, deadline=None, derandomize=True)
@given(st.integers(0, 10_000))
def test_every_shareholders_turn_reads_back_as_printed(seed: int) -> None:
    _shareholders_game(seed)


def test_the_games_read_back_go_through_every_kind_of_turn() -> None:
    seen = set().union(*(_shareholders_game(seed) for seed in range(4)))
    assert {"WD", "WA", "SM", "FM"} <= seen  # every kind of turn, with its own keys


@settings(max_examples=25, deadline=None)
@given(capitalist_properties.commerce_cases())
def test_every_capitalist_commerce_phase_reads_back_as_printed(
        given_case: dict[str, Any]) -> None:
    result = run_case(given_case)
    if "error" not in result:
        _capitalist_round_trip(result)


def test_capitalist_military_phases_and_the_year_end_read_back_as_printed() -> None:
    """A year played: the commerce phases, movement with orders under their commanders,
    and the Fall's year-end step with its points and the end at END_YEAR."""
    params = {"END_YEAR": 1901}
    result = G["play"](G["case"]("S1901C", G["accounts"](), [
        G["mail"]("MIDAS", "SELL 500 POUND", "BUY 400 MARK"),
        G["mail"]("CROESUS", "SELL 300 LIRA", "BUY 250 KRONEN")], params=params))
    _capitalist_round_trip(result)
    result = G["play"](G["follow"](result, [
        G["mail"]("MIDAS", "A MUN - TYR", "F KIE - DEN", power="GERMANY")], params=params))
    _capitalist_round_trip(result)
    assert result["orders"]["GERMANY"]["by"] == "MIDAS"
    result = G["play"](G["follow"](result, params=params))  # F1901C
    _capitalist_round_trip(result)
    commanders = result["state"]["commanders"]
    result = G["play"](G["follow"](result, [
        G["mail"](commanders["GERMANY"], "A TYR - TRI", "A BER - MUN", power="GERMANY")],
        params=params))
    _capitalist_round_trip(result)
    while result["end"] is None:
        result = G["play"](G["follow"](result, params=params))
        _capitalist_round_trip(result)
    assert "points" in result and result["end"]["kind"] == "end_year"


def _exchange_round_trip(case: dict[str, Any], result: dict[str, Any]) -> None:
    printed = {k: v for k, v in result.items() if k != "id"}
    game = exchange_batch.opened(case)[0].game  # the case's map, parameters and rules
    played = exchange_outcome.played_from_json(json.loads(_encode(printed)), game.board,
                                               game.params, game.rules, game.seed)
    assert _encode(exchange_outcome.played_json(played)) == _encode(printed)
    assert played.game == exchange_state.game_from_state(result["state"], game.board,
                                                         game.params, game.rules, game.seed)


@settings(max_examples=6, deadline=None)
@given(st.data(), st.sampled_from([[], ["PUBLIC_TOTALS", "ANON_TRANSFER"], ["NO_LEDGERS"]]))
def test_every_exchange_phase_reads_back_as_printed(data: st.DataObject,
                                                    rules: list[str]) -> None:
    """A game from W1900B on random mail (tests/exchange/test_long_game.py's lines), each
    phase's result read back and written again, through the movement phases with their
    bribes and Payola statements."""
    current = exchange_cases.state("W1900B")
    seen: set[str] = set()
    for _ in range(16):
        kind = current["phase"][5]
        mails = []
        for name in exchange_cases.NAMES:
            lines = random_lines(kind, data.draw)
            power = data.draw(st.sampled_from(EXCHANGE_POWERS))
            if kind == "B":  # keep the game moving: corporations get started and floated
                lines.append(f"BID {power} {data.draw(st.integers(100, 300))}")
            elif kind == "P":
                lines.append(f"PURCHASE 30*{power}")
            mails.append({"from": name, "lines": lines})
        case = exchange_cases.case(current, mails, rules=rules)
        result = run_case(case)
        assert "error" not in result, result
        _exchange_round_trip(case, result)
        seen |= {key for key in ("statements", "paid", "results", "orders") if key in result}
        if result["end"] is not None:
            break
        current = result["state"]
    assert {"statements", "paid", "results", "orders"} <= seen  # a board phase's keys too
