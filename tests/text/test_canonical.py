"""The shortcut for canonical order lines (judge.text.canonical) against the grammar: on
every line it takes, it makes exactly what ``grammar/orders.lark`` makes, on generated
lines (canonical orders, and canonical lines with words changed, dropped, repeated or
swapped) and on every order line and string of the test corpora."""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from judge.engine.adjudicate import adjudicate
from judge.engine.board import UnitType
from judge.engine.choices import random_orders
from judge.engine.orders import (
    Move,
    Order,
)
from judge.engine.position import starting_position
from judge.text.canonical import KEYWORDS, plain_abbreviations, spell_canonical
from judge.text.normalize import normalize_line
from judge.text.order_grammar import spell
from judge.text.orders import _reader
from tests.text.corpora import TESTS, each_line, mail_corpus_lines, string_constants
from tests.text.order_strategies import BOARD, LOCATIONS, orders

PLAIN = plain_abbreviations(BOARD.provinces.keys())


def agrees(text: str) -> bool:
    """Whether the shortcut, where it reads the line, reads it as the grammar does;
    answers whether it read it."""
    line = normalize_line(text)
    if not line:
        return False
    short = spell_canonical(line, PLAIN)
    if short is None:
        return False
    reader = _reader(BOARD)
    hyphenated = reader.hyphenated.sub(lambda m: m[0].replace("-", "_"), line)
    assert hyphenated == line, line  # canonical words have no hyphen inside
    assert spell(line, reader._unknown_name) == short, line
    return True


SETTINGS = settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@SETTINGS
@given(orders)
def test_canonical_orders_take_the_shortcut_and_agree(order: Order) -> None:
    read = agrees(str(order))
    units_typed = all(getattr(u, "type", UnitType.ARMY) is not None
                      for u in (getattr(order, "unit", None), getattr(order, "target", None))
                      if u is not None)
    if units_typed and not (isinstance(order, Move) and order.path):
        assert read, str(order)  # the engine's own form is always the shortcut's


NOISE = [*sorted(KEYWORDS), "-", "->", "/", "(NC)", "STP/N", "PAR/XC", "NORTH SEA", "XYZ",
         "VIA", "CONVOY", "", "BUR BUR", "MID-ATLANTIC", "A", "F", "H", "S", "C", "D"]


@SETTINGS
@given(orders, st.lists(st.tuples(st.integers(0, 3), st.integers(0, 8),
                                  st.sampled_from(NOISE + LOCATIONS)), min_size=1, max_size=3))
def test_canonical_lines_with_changed_words_agree(order: Order, edits: list) -> None:
    words = str(order).split()
    for what, where, word in edits:
        i = where % (len(words) + 1)
        if what == 0:
            words.insert(i, word)
        elif what == 1 and i < len(words):
            words[i] = word
        elif what == 2 and i < len(words):
            del words[i]
        elif i + 1 < len(words):
            words[i], words[i + 1] = words[i + 1], words[i]
    agrees(" ".join(words))


def _corpus_lines() -> list[str]:
    lines: list[str] = []
    for path in (TESTS / "datc" / "datc.jsonl", TESTS.parent / "examples" / "opening.jsonl"):
        for row in path.read_text().splitlines():
            if not row.strip().startswith("{"):
                continue
            case = json.loads(row)
            if not isinstance(case.get("orders"), dict):
                continue
            lines += [x for xs in case.get("orders", {}).values() for x in xs]
    lines += string_constants(sorted((TESTS / "text").glob("test_*.py")))
    return each_line(lines + mail_corpus_lines())


def test_every_line_of_the_corpora_agrees() -> None:
    lines = _corpus_lines()
    assert len(lines) > 1000
    read = sum(agrees(line) for line in lines)
    assert read > 500  # the corpora are mostly canonical lines


@pytest.mark.parametrize("seed", [1, 2])
def test_lines_of_random_games_agree(seed: int) -> None:
    """Every line of random games (as bench/games.py plays them), every phase kind."""
    rng = random.Random(seed)
    position = starting_position(BOARD)
    for _ in range(30):
        given_orders = random_orders(position, BOARD, rng)
        for os in given_orders.values():
            for order in os:
                assert agrees(str(order)) or isinstance(order, Move) and order.path
        result = adjudicate(position, given_orders, BOARD)
        if result.victory:
            break
        position = result.next
