"""A closing remark under a mail's orders ("Thanks, see you next turn"): prose, not orders."""

from __future__ import annotations

import re

from judge.engine.board import Map
from judge.text.commands import OrderLine
from judge.text.orders import ParseProblem, read_order

_WORD = re.compile(r"[^\W\d_]+")
_LONGEST_NAME = 3  # words in a province name ("Gulf of Lyon")


def is_prose(text: str, board: Map) -> bool:
    """Whether a line is plainly no attempt at an order: nothing in it reads as the start
    of an order, no word of it names a province, and it does not begin with a number
    (a Payola offer). Anything that might be a mistyped order is not prose, so that it
    is refused and reported, never quietly dropped."""
    if not text.strip() or text.lstrip()[:1].isdigit():
        return False
    read = read_order(text, board)
    if not isinstance(read, ParseProblem) or read.column > 1:
        return False  # an order, or its start read as one: a mistake in an order
    words = _WORD.findall(text)
    for size in range(1, _LONGEST_NAME + 1):
        for start in range(len(words) - size + 1):
            if board.canonical(" ".join(words[start:start + size])) is not None:
                return False
    return True


def closing_remark(
    lines: tuple[OrderLine, ...], board: Map
) -> tuple[tuple[OrderLine, ...], tuple[OrderLine, ...]]:
    """(orders, remark): the last paragraph of an order section, set off by a blank line
    from orders above it, when every line of it is prose. Players end their orders with
    greetings and names without a SIGNOFF, and refusing the whole set for that would
    cost them their orders; the reply names the lines left out."""
    start = next((i for i in range(len(lines) - 1, 0, -1)
                  if lines[i].line - lines[i - 1].line > 1), None)
    if start is None:
        return lines, ()  # one paragraph: no orders above a remark
    tail = lines[start:]
    if not all(is_prose(row.text, board) for row in tail):
        return lines, ()
    return lines[:start], tail
