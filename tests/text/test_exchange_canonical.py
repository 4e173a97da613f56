"""The shortcut for plainly written Exchange command lines (judge.games.exchange.text.canonical)
against the grammar (``grammar/exchange.lark``, the source of truth): on every line it
takes, it makes exactly the command the grammar makes; it takes every plainly written
line; and on malformed lines it either declines or still agrees. Lines: every line of
the Exchange test corpora (tests/exchange, tests/markets, the by-mail end-to-end test,
the demo script and the benchmark), generated plain lines, and generated lines with
words changed, dropped, repeated, swapped or glued, odd whitespace and odd characters."""

from __future__ import annotations

import ast
import random
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from judge.games.exchange.rules import commands as c
from judge.games.exchange.text.canonical import KEYWORDS, read_plain
from judge.games.exchange.text.lines import command_word, read_by_grammar, read_command

ROOT = Path(__file__).resolve().parent.parent.parent
SETTINGS = settings(max_examples=500, deadline=None,
                    suppress_health_check=[HealthCheck.too_slow])


def grammar(line: str) -> c.Command | None:
    """What the grammar makes of a line with a command word (None without one)."""
    text = line.strip()
    word = command_word(text)
    return None if word is None else read_by_grammar(text, word)


def agrees(line: str) -> bool:
    """Whether the shortcut, where it reads the line, makes what the grammar makes;
    answers whether it read it."""
    text = line.strip()
    if command_word(text) is None:
        return False
    short = read_plain(text)
    if short is None:
        return False
    by_grammar = grammar(text)
    assert type(short) is type(by_grammar) and short == by_grammar, (line, short, by_grammar)
    assert repr(short) == repr(by_grammar), line  # ints stay ints, names upper case
    return True


def _corpus_lines() -> list[str]:
    paths = [*sorted((ROOT / "tests" / "exchange").glob("*.py")),
             *sorted((ROOT / "tests" / "markets").glob("*.py")),
             *sorted((ROOT / "tests" / "e2e").glob("*exchange*.py")),
             *sorted((ROOT / "judge").glob("demo*.py")),
             ROOT / "bench" / "exchange_year.py"]
    lines: list[str] = []
    for path in paths:
        lines += [n.value for n in ast.walk(ast.parse(path.read_text()))
                  if isinstance(n, ast.Constant) and isinstance(n.value, str)]
    return [piece for line in lines for piece in line.splitlines()]


def test_every_line_of_the_corpora_agrees() -> None:
    lines = _corpus_lines()
    assert len(lines) > 1000
    commands = [line for line in lines if command_word(line.strip()) is not None]
    read = sum(agrees(line) for line in commands)
    readable = sum(not isinstance(grammar(line), c.Unreadable) for line in commands)
    assert read > 300 and read > 0.95 * readable, (read, readable)  # the rest: 8 * FRANCE


def test_every_line_of_the_benchmark_agrees() -> None:
    """The benchmark's own lines (a year of market phases), every one plain."""
    from bench import exchange_year as bench

    rng = random.Random(3)
    state = bench.opening()
    for _ in range(5):
        phase = str(state["phase"])
        sent = bench.mails(phase, state, 400, rng)
        for mail in sent:
            for line in mail["lines"]:
                assert agrees(line) or grammar(line) is None or isinstance(
                    grammar(line), c.Unreadable), line
        state = bench.run_case({"id": phase, **bench.ENVELOPE, "state": state,
                                "mails": sent})["state"]
        if not phase.startswith("W"):
            break


# --- generated lines ------------------------------------------------------------------

names = st.sampled_from(["FRANCE", "france", "Fra", "BOB", "I01", "alice", "ST.P", "O'NEIL",
                         "A-B", "X_Y", "a@b", "par/nc", "F", "E", "Z9"])
ints = st.integers(0, 10**6).map(str) | st.sampled_from(["007", "0"])
kw = st.sampled_from  # a keyword in any case


def _case(word: str) -> st.SearchStrategy[str]:
    return st.sampled_from([word, word.lower(), word.capitalize()])


def _join(parts: list[str]) -> str:
    return " ".join(parts)


def _bid() -> st.SearchStrategy[str]:
    terms = st.lists(st.sampled_from(["SHARES", "PRICE"]), unique=True, max_size=2)
    return st.tuples(_case("BID"), names, ints, terms, ints, ints).map(
        lambda t: _join([t[0], t[1], t[2]] + [x for k, v in zip(t[3], (t[4], t[5]), strict=False)
                                              for x in (k, v)]))


def _purchase() -> st.SearchStrategy[str]:
    item = st.tuples(st.integers(0, 40), names, st.booleans()).map(
        lambda t: f"{t[0]}*{t[1]}" if t[2] else t[1])
    return st.tuples(_case("PURCHASE"), st.lists(item, min_size=1, max_size=5)).map(
        lambda t: _join([t[0], *t[1]]))


def _values() -> st.SearchStrategy[str]:
    pair = st.tuples(names, ints).map(lambda t: f"{t[0]} {t[1]}")
    return st.tuples(_case("VALUES"), names, st.lists(pair, min_size=1, max_size=4)).map(
        lambda t: _join([t[0], t[1], *t[2]]))


def _many(word: str) -> st.SearchStrategy[str]:
    return st.tuples(_case(word), names, st.lists(names, min_size=1, max_size=5)).map(
        lambda t: _join([t[0], t[1], *t[2]]))


def _ticket(word: str, extra: bool) -> st.SearchStrategy[str]:
    return st.tuples(_case(word), st.sampled_from(["", "#", "# "]), ints, ints).map(
        lambda t: _join([t[0], t[1] + t[2]] + ([t[3]] if extra else [])))


def _shape(*slots: str) -> st.SearchStrategy[str]:
    parts: list[st.SearchStrategy[str]] = []
    for slot in slots:
        parts.append(names if slot == "N" else ints if slot == "I" else _case(slot))
    return st.tuples(*parts).map(lambda t: _join(list(t)))


plain_lines = st.one_of(
    _bid(), _purchase(), _values(), _many("TIEBREAK"), _many("DRAW"),
    _ticket("WITHDRAW", False), _ticket("TAKE", True),
    st.tuples(_case("ACCEPT"), st.lists(st.sampled_from(["Y", "n", "?", "YN", "y?n"]),
                                        min_size=1, max_size=4)).map(
        lambda t: _join([t[0], *t[1]])),
    _shape("NOBID", "N"), _shape("ISSUE", "N", "I"), _shape("NOISSUE", "N"),
    _shape("SETUP", "N", "SHARES", "I", "PRICE", "I"), _shape("PRICE", "N", "I"),
    _shape("APPROVE", "N"), _shape("REJECT", "N"), _shape("CAP", "I"), _shape("NOCAP"),
    _shape("NOPURCHASE"), _shape("VOTE", "N", "N"), _shape("DIVIDEND", "N", "I"),
    _shape("TRANSFER", "I", "TO", "N"), _shape("ASK", "N", "I", "AT", "I"),
    _shape("LEDGER", "N"), _shape("NODRAW", "N"),
)


@SETTINGS
@given(plain_lines, st.sampled_from([" ", "  ", "\t", " \t "]), st.sampled_from(["", " ", "\t"]))
def test_plain_lines_take_the_shortcut_and_agree(line: str, space: str, edge: str) -> None:
    text = edge + line.replace(" ", space) + edge
    assert agrees(text), text
    assert read_command(text) == grammar(text)


NOISE = [*sorted(KEYWORDS), "#", "*", "2*", "*FRANCE", "2*FRANCE", "2**FRANCE", "100SHARES",
         "FRANCE100", "-5", "1.5", "x", "?", "??", "", "K", "\u212a", "\u017f", "é", "５",
         "\u00b2", "1" * 30, "1" * 19 + "*FRANCE", "TO", "shares", "Price", "#", "##5", "#x",
         "FRANCE,", "(FRANCE)", "a$b", "_A", "9A", "A9", "\x00"]
SPACES = [" ", "\t", "\f", "\r", "\n", "\x0b", "\x1c", "\x1f", "\xa0", "\u2003", ""]


@SETTINGS
@given(plain_lines, st.lists(st.tuples(st.integers(0, 4), st.integers(0, 9),
                                       st.sampled_from(NOISE)), min_size=1, max_size=3),
       st.sampled_from(SPACES))
def test_changed_lines_agree(line: str, edits: list[tuple[int, int, str]], space: str) -> None:
    words = line.split(" ")
    for what, where, word in edits:
        i = where % (len(words) + 1)
        if what == 0:
            words.insert(i, word)
        elif what == 1 and i < len(words):
            words[i] = word
        elif what == 2 and i < len(words):
            del words[i]
        elif what == 3 and i + 1 < len(words):
            words[i], words[i + 1] = words[i + 1], words[i]
        elif i + 1 < len(words):
            words[i:i + 2] = [words[i] + space + words[i + 1]]  # glued, or odd whitespace
    text = " ".join(words)
    agrees(text)
    assert read_command(text) == grammar(text) or command_word(text.strip()) is None


ALPHABET = "BIDSHAREPCTOKNWVLUQXY0123456789 *#?_.@'/-\t\x0b\xa0\u212ae"


@SETTINGS
@given(st.sampled_from(sorted(KEYWORDS - {"SHARES", "TO", "AT"})), st.text(ALPHABET, max_size=40))
def test_random_tails_agree(word: str, tail: str) -> None:
    agrees(f"{word} {tail}")
    agrees(f"{word}{tail}")



@settings(max_examples=3000, deadline=None)
@given(st.sampled_from(["WITHDRAW", "TAKE", "PURCHASE", "BID", "ACCEPT", "VALUES", "CAP"]),
       st.text("#*1 F?\t", max_size=8))
def test_short_tails_of_few_characters_agree(word: str, tail: str) -> None:
    """Tickets (``#1``, ``# 1``, ``##1``), items (``1*F``, ``1 *F``), glued words."""
    agrees(f"{word} {tail}")


TRICKY = ["WITHDRAW ##5", "WITHDRAW # 5", "WITHDRAW #5", "WITHDRAW #", "WITHDRAW 5#",
          "TAKE ##5 1", "TAKE # 5 1", "TAKE #5 #1", "TAKE 5", "PURCHASE 2**F", "PURCHASE *F",
          "PURCHASE 2*", "PURCHASE 2 *F", "PURCHASE 2* F", "PURCHASE 2*F*3", "PURCHASE 2*3",
          "BID F 1 SHARES 2 SHARES 3", "BID F 1 PRICE 2 SHARES 3", "BID F 1 SHARES", "BID F",
          "BID F 1SHARES 2", "VALUES F", "VALUES F PAR", "VALUES F PAR 1 MAR", "ACCEPT ? ?",
          "ACCEPT Y1", "CAP 01", "CAP 1 2", "NOCAP NOCAP", "TRANSFER 5 TO", "TRANSFER 5TO B",
          "ASK F 1 AT", "DRAW F", "TIEBREAK F", "VOTE F G H", "SETUP F SHARES 1 PRICE",
          "VOTE FRANCE TO", "ACCEPT AT Y", "LEDGER PRICE", "PURCHASE 2*SHARES BID",
          "CAP \u0665", "CAP \u00b2", "VOTE \u212aING B", "CAP 1\x0b", "VOTE A\x1cB",
          "VOTE A\u00a0B", "CAP " + "9" * 40, "PURCHASE " + "9" * 20 + "*F"]


@pytest.mark.parametrize("line", TRICKY)
def test_tricky_lines_agree(line: str) -> None:
    agrees(line)
