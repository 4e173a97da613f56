"""A market phase read one mail at a time (judge.money.<game>.reading) and kept as JSON
between any two mails gives exactly what reading its mails straight through gives: the
mail service keeps the reading with the phase and resumes it for the next mail, and the
batch interface reads a case's mails in one go.

``resumed`` plays a case as the mail service does, writing the reading and what each
mail's reading gave to JSON text and back before every mail and before the phase is
played; the tests compare its result, byte for byte, with ``judge adjudicate``'s.
bench/batch_corpus.py's ``readings`` runs the same comparison over a recorded corpus
(every case the test suite plays).
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Mapping
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from judge.batch import run_case
from judge.games import CAPITALIST, EXCHANGE, SHAREHOLDERS
from judge.games.capitalist import batch as capitalist
from judge.games.capitalist.rules.reading import Reading as CapitalistReading
from judge.games.exchange import batch as exchange
from judge.games.exchange.rules.reading import Reading as ExchangeReading
from judge.games.shareholders import batch as shareholders
from judge.games.shareholders.rules.reading import Reading as ShareholdersReading
from judge.money.market.codec import CodecError
from judge.money.market.reading import Mail, MailRead
from tests.capitalist import test_properties as capitalist_properties
from tests.exchange.builder import NAMES, case, state
from tests.shareholders import cases as shareholders_cases
from tests.shareholders.test_long_game import random_mails

_encode = json.JSONEncoder(check_circular=False).encode


def _through_json(value: Any) -> Any:
    return json.loads(json.dumps(value))


def _exchange(given: Mapping[str, Any]) -> tuple[Any, list[Mail], Callable[..., Any],
                                                 Callable[[Any], Any]]:
    reading, mails = exchange.opened(given)
    game = reading.game

    def again(data: Mapping[str, Any]) -> ExchangeReading:
        return ExchangeReading.resume(data, game.board, game.params, game.rules)
    return reading, mails, exchange.lines_of, again


def _shareholders(given: Mapping[str, Any]) -> tuple[Any, list[Mail], Callable[..., Any],
                                                     Callable[[Any], Any]]:
    reading, mails = shareholders.opened(given)
    board, params = reading.board, reading.params

    def again(data: Mapping[str, Any]) -> ShareholdersReading:
        return ShareholdersReading.resume(data, board, params)
    return reading, mails, shareholders.lines_of, again


def _capitalist(given: Mapping[str, Any]) -> tuple[Any, list[Mail], Callable[..., Any],
                                                   Callable[[Any], Any]]:
    reading, mails = capitalist.opened(given)
    board, params, seed = reading.board, reading.params, reading.seed

    def again(data: Mapping[str, Any]) -> CapitalistReading:
        return CapitalistReading.resume(data, board, params, seed)
    return reading, mails, capitalist.lines_of, again


# the games read one mail at a time: how a case of each opens and resumes
READ_ONCE = {EXCHANGE.name: _exchange, SHAREHOLDERS.name: _shareholders,
             CAPITALIST.name: _capitalist}


def resumed(given: Mapping[str, Any]) -> dict[str, Any]:
    """A phase case played with its reading written to JSON and read back before each
    mail and before the play."""
    reading, mails, lines_of, again = READ_ONCE[given["game"]](given)
    kept: list[dict[str, Any]] = []
    for mail in mails:
        reading = again(_through_json(reading.as_json()))
        if reading.ended:
            break
        kept.append(_through_json(reading.read(mail, lines_of(reading, mail)).as_json()))
    reading = again(_through_json(reading.as_json()))
    return {"id": given.get("id"), **reading.close([MailRead.from_json(m) for m in kept])}


def same_either_way(given: Mapping[str, Any]) -> bool:
    """Whether ``given`` (a case of a game with a reading, with mails) gives the same
    bytes read straight and resumed; True for a case the batch refuses whole."""
    straight = run_case(dict(given))
    if "error" in straight or "mails" not in given:
        return True
    return _encode(straight) == _encode(resumed(given))


POWERS = ["FRANCE", "ENGLAND", "GERMANY", "ITALY"]
LINES = {
    "B": ["BID {p} {n}", "BID {p} {n} SHARES {s} PRICE {k}", "ISSUE {p} {k}", "NOBID {p}",
          "TRANSFER {k} TO {i}"],
    "O": ["SETUP {p} SHARES {s} PRICE {k}", "PRICE {p} {k}", "APPROVE {p}", "REJECT {p}",
          "VALUES {p} PAR {k}"],
    "P": ["PURCHASE {k}*{p}", "CAP {n}", "NOCAP", "NOPURCHASE"],
    "E": ["VOTE {p} {i}", "TIEBREAK {p} {i}"],
    "A": ["DIVIDEND {p} {k}", "BUILD A PAR", "BUILD F LON", "WAIVE", "REMOVE A MUN"],
    "M": ["{k} : F BRE - MAO", "{k} : A PAR - BUR", "{k} : F LON - ENG", "{k} : A MUN - BUR",
          "{k} : A VEN - TYR", "CLEAR", "{k} : A PAR H", "x : y"],
    "R": ["A PAR - GAS", "A BUR - PIC", "F ENG - WAL", "A PAR DISBAND"],
}
ANY = ["ASK {p} {k} AT {k}", "TAKE {k} 1", "WITHDRAW {k}", "DRAW {p} {p}", "NODRAW",
       "ACCEPT {x}", "LEDGER {p}", "TRANSFER {k} TO {i}", "HELLO"]


def _lines(kind: str, draw: Callable[..., Any]) -> list[str]:
    pool = LINES.get(kind, []) + ANY
    return [draw(st.sampled_from(pool)).format(
        p=draw(st.sampled_from(POWERS)), i=draw(st.sampled_from(NAMES)),
        n=draw(st.integers(90, 400)), s=draw(st.integers(5, 30)), k=draw(st.integers(0, 25)),
        x=draw(st.sampled_from(["F?", "FE", "G?E"])))
        for _ in range(draw(st.integers(0, 4)))]


@settings(max_examples=25, deadline=None)
@given(st.data())
def test_a_phase_resumed_from_json_between_mails_plays_as_read_straight(
        data: st.DataObject) -> None:
    current = state("W1900B")
    for _ in range(12):
        kind = current["phase"][5]
        mails = []
        for name in NAMES * 2:
            leads = [p for p, c in current["corporations"].items() if c["leader"] == name]
            signed = data.draw(st.sampled_from([None, *leads]))
            lines = _lines(kind, data.draw)
            if kind == "B":  # keep the game moving: corporations get started and floated
                lines.append(f"BID {data.draw(st.sampled_from(POWERS))} 200")
            elif kind == "P":
                lines.append(f"PURCHASE 30*{data.draw(st.sampled_from(POWERS))}")
            mails.append({"from": data.draw(st.sampled_from([name, "ZOE"])), "lines": lines,
                          **({"as": signed} if signed else {})})
        given = case(current, mails)
        assert same_either_way(given), given
        result = run_case(given)
        if result.get("end") is not None or "error" in result:
            return
        current = result["state"]


def test_a_reading_refuses_json_it_did_not_write() -> None:
    reading, _ = exchange.opened(case(state("W1900B"), []))
    game = reading.game
    data = reading.as_json()
    data["game"]["c"] = "Nothing"
    with pytest.raises(CodecError, match="knows no type 'Nothing'"):
        ExchangeReading.resume(data, game.board, game.params, game.rules)


def test_an_exchange_reading_kept_before_its_game_was_renamed_still_reads() -> None:
    """Readings kept in a live store before ``Game`` became ``ExchangeGame`` name the old
    class: they read back as the same reading; a new one is written with the new name."""
    reading, _ = exchange.opened(case(state("W1900B"), []))
    game = reading.game
    data = reading.as_json()
    assert data["game"]["c"] == "ExchangeGame"
    old = json.loads(json.dumps(data).replace('"c": "ExchangeGame"', '"c": "Game"'))
    assert old != data
    again = ExchangeReading.resume(old, game.board, game.params, game.rules)
    new = ExchangeReading.resume(data, game.board, game.params, game.rules)
    assert again.game == new.game == game  # (a set's order in JSON may differ)


@settings(max_examples=10, deadline=None)
@given(st.integers(0, 10_000))
def test_a_shareholders_turn_resumed_between_mails_plays_as_read_straight(seed: int) -> None:
    rng = random.Random(seed)
    current = shareholders_cases.start(*shareholders_cases.FOUR)["state"]
    for _ in range(12):
        mails = random_mails(current, rng)
        mails += random_mails(current, rng)  # a second mail each replaces the first set
        given = {"id": "t", "variant": "standard", "game": SHAREHOLDERS.name, "rules": [],
                 "params": {"END_YEAR": 1903}, "seed": 0, "state": current, "mails": mails}
        assert same_either_way(given), given
        result = run_case(given)
        if result.get("end") is not None:
            return
        current = result["state"]


@settings(max_examples=25, deadline=None)
@given(capitalist_properties.commerce_cases())
def test_a_capitalist_commerce_phase_resumed_between_mails_plays_as_read_straight(
        given_case: dict[str, Any]) -> None:
    assert same_either_way(given_case)


def test_a_shareholders_reading_kept_before_sell_and_buy_were_shared_still_reads() -> None:
    """1901-Shareholders' SELL and BUY became the currency markets' (``units``, ``of``);
    a reading kept in a live store before wrote ``count`` and ``country``: it reads back
    as the same reading, and a new one is written with the fields of now."""
    given = {"id": "t", "variant": "standard", "game": SHAREHOLDERS.name, "rules": [],
             "params": {}, "seed": 0, "state": shareholders_cases.start(
                 *shareholders_cases.FOUR)["state"],
             "mails": [{"from": "ANN", "lines": ["BUY 2 ITALY", "BUY 1 FRANCE"]}]}
    reading, mails, lines_of, again = _shareholders(given)
    reading.read(mails[0], lines_of(reading, mails[0]))
    data = _through_json(reading.as_json())
    text = json.dumps(data)
    assert '"c": "Buy", "f": {"units": 2, "of": "ITALY"}' in text
    old = json.loads(text.replace('"units"', '"count"').replace('"of"', '"country"'))
    assert old != data
    assert again(old).sets == again(data).sets == reading.sets
    assert again(old).sets  # ANN's two purchases were kept
