"""The shortcut for canonical offer lines (judge.text.offers.canonical_syntax) against the
grammar: on every line it takes, it reads exactly the tokens ``grammar/offers.lark`` reads,
on generated lines (the offers the judge prints, the heavy benchmark's lines, those lines
with characters and words changed, random text) and on every string of the test suite
and every line of the mail corpus."""

from __future__ import annotations

import random
import sys

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from judge.text.offers import LineError, canonical_syntax, grammar_syntax, read_line
from tests.text.corpora import TESTS, each_line, mail_corpus_lines, string_constants
from tests.text.order_strategies import BOARD, orders

ROOT = TESTS.parent


def agrees(line: str) -> bool:
    """Whether the shortcut, where it reads the line, reads what the grammar reads;
    answers whether it read it."""
    short = canonical_syntax(line)
    if short is None:
        return False
    try:
        assert grammar_syntax(line) == short, line
    except LineError as e:  # pragma: no cover - the failure message names the line
        message = f"the grammar refuses {line!r} ({e.code}), the shortcut reads it"
        raise AssertionError(message) from e
    return True


SETTINGS = settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])

amounts = st.lists(
    st.tuples(st.integers(1, 3), st.integers(0, 10500), st.sampled_from(["", "#", "#0", "#2"])),
    min_size=1, max_size=3,
).map(lambda terms: "+".join(
    (f"{c}*" if c > 1 else "") + str(a) + plateau for c, a, plateau in terms))
types = st.sampled_from(list(":!>@&"))
tails = st.lists(orders.map(lambda o: str(o).split(" ", 2)[-1]), max_size=3)
comments = st.sampled_from(["", " % note", "% 100% sure | A PAR", " %"])


@st.composite
def offer_lines(draw: st.DrawFn) -> str:
    first = str(draw(orders))
    alternatives = "".join(f" | {t}" for t in draw(tails))
    return f"{draw(amounts)} {draw(types)} {first}{alternatives}{draw(comments)}"


@SETTINGS
@given(offer_lines())
def test_printed_offers_agree(line: str) -> None:
    agrees(line)


NOISE = list(" *#+:!>@&$|%?-.,;()/\t0123456789AFHSCPRB") + ["  ", " | ", "||", "++", "**",
                                                           "##", "\u00a0", "\u2013", "VIA"]


@SETTINGS
@given(offer_lines(), st.lists(st.tuples(st.integers(0, 3), st.integers(0, 200),
                                         st.sampled_from(NOISE)), min_size=1, max_size=4))
def test_offers_with_changed_characters_agree(line: str, edits: list) -> None:
    chars = list(line)
    for what, where, piece in edits:
        i = where % (len(chars) + 1)
        if what == 0:
            chars.insert(i, piece)
        elif what == 1 and i < len(chars):
            chars[i] = piece
        elif what == 2 and i < len(chars):
            del chars[i]
        elif i + 1 < len(chars):
            chars[i], chars[i + 1] = chars[i + 1], chars[i]
    agrees("".join(chars))


@settings(max_examples=300, deadline=None)
@given(st.text(alphabet=" 0123456789*#+:!>@&$|%?-AFPRBUHS", max_size=30))
def test_random_text_agrees(line: str) -> None:
    agrees(line)


def _corpus_lines() -> list[str]:
    return each_line(string_constants(sorted(TESTS.rglob("*.py"))) + mail_corpus_lines())


def test_every_line_of_the_corpora_agrees() -> None:
    lines = _corpus_lines()
    assert len(lines) > 5000
    read = sum(agrees(line) for line in lines)
    assert read > 100  # the suite's sheets are mostly canonical lines


def test_every_line_of_the_heavy_benchmark_agrees() -> None:
    sys.path.insert(0, str(ROOT / "bench"))
    try:
        from payola_bench import heavy_position
        from payola_bench import offer_lines as bench_lines
    finally:
        sys.path.remove(str(ROOT / "bench"))
    position = heavy_position(BOARD)
    rng = random.Random(7)
    for power in BOARD.powers:
        for line in bench_lines(power, position, BOARD, rng, 150):
            assert agrees(line), line  # the judge's own form always takes the shortcut
            printed = str(read_line(line, BOARD))  # as the judge prints the offer
            assert agrees(printed), printed


def test_a_line_is_read_once_per_map() -> None:
    line = "3*12#4+2 ! A PAR - BUR | - PIC | H % twice"
    first = read_line(line, BOARD)
    assert read_line(line, BOARD) is first
    for bad in ("5+ : A PAR H", "5 : A PAR |", "12 $ #"):
        codes = set()
        for _ in range(2):
            try:
                read_line(bad, BOARD)
            except LineError as e:
                codes.add(e.code)
        assert len(codes) == 1, bad
