"""A closing remark under the orders is left out; anything that may be an order is kept."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from judge.engine.board import Map
from judge.text.commands import OrderLine
from judge.text.orders import parse_order
from judge.text.problems import OrderSyntaxError
from judge.text.remarks import closing_remark, is_prose

PROSE = ["Thanks, see you next turn", "Grüße,", "Karl", "Mit freundlichen Grüßen", "Pat",
         "Cheers", "Best regards, Ann", "hold everything else", "Bisous !"]
ORDER_ATTEMPTS = [
    "A PAR - BUR", "Fbre - MAO",  # a typo next to a province: refused, never dropped
    "A nice day",  # starts like an army order
    "Love from Paris", "Paris", "Den", "North Sea - HEL", "Gulf of Lyon",
    "5 : A PAR - BUR", "12 $", "BUILD A PAR", "WAIVE", "",
]


@pytest.mark.parametrize("text", PROSE)
def test_greetings_and_names_are_prose(text: str, board: Map) -> None:
    assert is_prose(text, board)


@pytest.mark.parametrize("text", ORDER_ATTEMPTS)
def test_anything_that_may_be_an_order_is_not_prose(text: str, board: Map) -> None:
    assert not is_prose(text, board)


def rows(*numbered: tuple[int, str]) -> tuple[OrderLine, ...]:
    return tuple(OrderLine(n, t) for n, t in numbered)


def test_the_last_paragraph_of_prose_is_the_remark(board: Map) -> None:
    lines = rows((2, "A PAR - BUR"), (3, "F BRE - MAO"), (5, "Thanks,"), (6, "Karl"))
    assert closing_remark(lines, board) == (lines[:2], lines[2:])


@pytest.mark.parametrize("lines", [
    rows((2, "A PAR - BUR"), (3, "Thanks")),  # no blank line between
    rows((2, "Thanks"), (3, "Karl")),  # nothing but prose: no orders above it
    rows((2, "A PAR - BUR"), (4, "Thanks"), (5, "Fbre - MAO")),  # an order attempt in it
    rows((2, "Thanks"), (4, "A PAR - BUR")),  # prose above orders is not a closing remark
    rows((2, "A PAR - BUR"),),
    (),
])
def test_nothing_else_is_a_remark(lines: tuple[OrderLine, ...], board: Map) -> None:
    assert closing_remark(lines, board) == (lines, ())


STANDARD_PROVINCES = ["PAR", "Burgundy", "mao", "St Petersburg", "nth", "Gulf of Lyon", "kie"]


@settings(max_examples=200, deadline=None)
@given(unit=st.sampled_from(["A", "F", "army", "fleet", ""]),
       where=st.sampled_from(STANDARD_PROVINCES), to=st.sampled_from(STANDARD_PROVINCES),
       junk=st.text(max_size=12), before=st.text(max_size=12))
def test_a_line_naming_a_province_is_never_prose(
        unit: str, where: str, to: str, junk: str, before: str) -> None:
    from judge.engine.maps import load_map

    board = load_map("standard")
    assert not is_prose(f"{unit} {where} - {to}{junk}", board)
    assert not is_prose(f"{before} {where} {junk}", board)


SHAPES = ["{u} {p} - {q}", "{u} {p} H", "{u} {p} S {u} {q}", "{u} {p} S {u} {q} - {p}",
          "BUILD {u} {p}", "{u} {p} holds", "disband {u} {p}", "{u} {p} C {u} {q} - {p}"]
# lines that read as orders (random text almost never does)
order_texts = st.builds(
    lambda shape, u, p, q: shape.format(u=u, p=p, q=q), st.sampled_from(SHAPES),
    st.sampled_from(["A", "F", "army", "fleet"]), st.sampled_from(STANDARD_PROVINCES),
    st.sampled_from(STANDARD_PROVINCES))


@settings(max_examples=200, deadline=None)
@given(st.one_of(st.text(max_size=40), order_texts))
def test_a_line_that_reads_as_an_order_is_never_prose(text: str) -> None:
    from judge.engine.maps import load_map

    board = load_map("standard")
    try:
        parse_order(text, board)
    except OrderSyntaxError:
        return
    assert not is_prose(text, board)
