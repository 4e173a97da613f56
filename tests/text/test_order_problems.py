"""Where a refused order went wrong (column, excerpt, expected), the batch reader, the
normalisation in front of the grammar, and the per-map cache of read lines."""

from __future__ import annotations

import time
from dataclasses import replace

import pytest

from judge.engine.board import Map
from judge.engine.orders import Hold, Move
from judge.text import command_line, offers
from judge.text.grammar import grammar_names, load_parser
from judge.text.normalize import normalize_line
from judge.text.orders import (
    OrderSyntaxError,
    ParseProblem,
    parse_order,
    parse_orders,
    read_order,
)
from judge.text.problems import TextSyntaxError


def problem(text: str, board: Map) -> ParseProblem:
    with pytest.raises(OrderSyntaxError) as caught:
        parse_order(text, board)
    return caught.value.problem


@pytest.mark.parametrize(
    ("text", "column", "excerpt", "expected"),
    [
        ("A PAR - XYZ", 9, "XYZ", ("a province",)),
        ("A PAR -", 8, "", ("a province",)),
        ("A PAR - - BUR", 9, "-", ("a province",)),
        ("A MAR S", 8, "", ("A or F", "a province")),
        ("F STP/EC H", 7, "EC", ("NC", "SC")),
        ("F STP/", 7, "", ("a coast",)),
        ("A PAR H H", 9, "H", ("end of line",)),
        ("A PAR BUR", 3, "PAR BUR", ("a province",)),
        (
            "A PAR # BUR",
            7,
            "#",
            ("a province", "a coast", "H", "-", "S", "C", "D", "BUILD", "REMOVE"),
        ),
        ("F ENG C A LON", 14, "", ("a province", "a coast", "-")),
        ("BUILD PAR", 7, "PAR", ("A or F",)),
        ("A PAR - BUR VIA FOO", 17, "FOO", ("CONVOY", "end of line")),
    ],
    ids=repr,
)
def test_problem_points_at_the_trouble(
    board: Map, text: str, column: int, excerpt: str, expected: tuple[str, ...]
) -> None:
    found = problem(text, board)
    assert (found.column, found.excerpt, found.expected) == (column, excerpt, expected)
    assert found.line == text


def test_problem_line_is_the_normalised_line(board: Map) -> None:
    found = problem("  1.  a par \u2013 xyz.", board)
    assert found.line == "A PAR - XYZ"
    assert found.line[found.column - 1 :].startswith(found.excerpt)


def test_problem_in_a_hyphenated_name_shows_the_players_hyphen(board: Map) -> None:
    found = problem("F Mid-Atlantic H H", board)
    assert found.line == "F MID-ATLANTIC H H"
    assert "'F MID-ATLANTIC H'" in found.message


def test_pointer_puts_a_caret_under_the_column(board: Map) -> None:
    assert problem("A PAR - XYZ", board).pointer() == "A PAR - XYZ\n        ^"


def test_order_syntax_error_is_a_value_error_with_the_message() -> None:
    found = ParseProblem("A PAR -", 8, "", ("a province",), "expected a destination after '-'")
    error = OrderSyntaxError(found)
    assert isinstance(error, TextSyntaxError)
    assert isinstance(error, ValueError)
    assert str(error) == found.message
    assert error == OrderSyntaxError(found)
    assert error != OrderSyntaxError(replace(found, column=7))


def test_parse_orders_reads_each_line_on_its_own(board: Map) -> None:
    results = parse_orders(["A PAR - BUR", "A PAR - XYZ", "", "F BRE H"], board)
    assert [str(r) for r in results] == [
        "A PAR - BUR",
        "unknown province 'XYZ'",
        "empty order",
        "F BRE H",
    ]
    assert isinstance(results[0], Move)
    assert isinstance(results[1], OrderSyntaxError)
    assert isinstance(results[3], Hold)


def test_read_order_returns_the_problem_instead_of_raising(board: Map) -> None:
    assert read_order("A PAR -", board) == problem("A PAR -", board)
    assert read_order("A PAR H", board) == parse_order("A PAR H", board)


def test_a_refused_line_raises_a_fresh_error_each_time(board: Map) -> None:
    with pytest.raises(OrderSyntaxError) as first:
        parse_order("A PAR - QQQ", board)
    with pytest.raises(OrderSyntaxError) as second:
        parse_order("A PAR - QQQ", board)
    assert first.value is not second.value
    assert first.value.problem == second.value.problem


def test_a_repeated_line_is_read_once(board: Map) -> None:
    first = parse_order("A Mun - Boh", board)
    assert parse_order("A Mun - Boh", board) is first
    assert parse_order(" a mun  -  boh ", board) is first  # same line once normalised


def test_a_cached_line_costs_microseconds(board: Map) -> None:
    lines = [f"A {p} H" for p in sorted(board.provinces)]
    parse_orders(lines, board)
    start = time.perf_counter()
    for _ in range(100):
        for line in lines:
            parse_order(line, board)
    per_line = (time.perf_counter() - start) / (100 * len(lines))
    assert per_line < 20e-6  # measured near 0.3 microseconds; generous for a busy machine


def test_parser_is_built_once_per_process() -> None:
    assert load_parser("orders") is load_parser("orders")
    assert {"board", "orders"} <= set(grammar_names())


def test_command_and_offer_parsers_come_from_the_grammar_folder() -> None:
    """Every reader takes its parser from load_parser, which reads the shipped grammars
    (judge.resources), so an installed judge parses as a source checkout does."""
    assert command_line._parser() is load_parser("mail", start="line", positions=True)
    assert offers._parser() is load_parser("offers", start="line", positions=True)
    assert {"mail", "offers"} <= set(grammar_names())


@pytest.mark.parametrize(
    ("text", "normalised"),
    [
        ("a par - bur", "A PAR - BUR"),
        ("A\tPAR  -\u00a0BUR", "A PAR - BUR"),
        ("A PAR \u2013 BUR", "A PAR - BUR"),
        ("A PAR \u2192 BUR", "A PAR > BUR"),
        ("\uff21 \uff30\uff21\uff32", "A PAR"),
        ("A PAR\u200b H", "A PAR H"),
        ("A PAR H.", "A PAR H"),
        ("A PAR H ,;", "A PAR H"),
        ("1. A PAR H", "A PAR H"),
        ("3) A PAR H", "A PAR H"),
        ("\u2022 A PAR H", "A PAR H"),
        ("* A PAR H", "A PAR H"),
        ("- A MUN", "- A MUN"),  # a removal, not a bullet
        ("1.A PAR H", "1.A PAR H"),  # not clearly numbering: left for the grammar to refuse
        ("F St\u2019 Pete H", "F ST' PETE H"),
    ],
    ids=repr,
)
def test_normalisation(text: str, normalised: str) -> None:
    assert normalize_line(text) == normalised
