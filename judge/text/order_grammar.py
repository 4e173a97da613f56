"""The Lark side of reading order lines: ``grammar/orders.lark`` with a transformer that
builds spelled orders while the LALR parser runs (no tree). Imported only when a line is
not canonical (see ``judge.text.canonical``), so a run of canonical lines never loads Lark.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import cast

from lark import Lark, Token, Transformer
from lark.exceptions import UnexpectedInput

from judge.engine.board import UnitType
from judge.engine.orders import (
    Build,
    Convoy,
    Disband,
    Hold,
    Move,
    Remove,
    SupportHold,
    SupportMove,
    Waive,
)
from judge.text.grammar import load_parser
from judge.text.problems import ParseProblem, problem_from_lark
from judge.text.spelled import Place, Spelled, SpelledUnit


@dataclass(frozen=True, slots=True)
class _Via:
    """The move asked to go by convoy."""


def _spelled(kind: type) -> Callable[[Transformer, list], Spelled]:
    """The Lark callback for one kind of order."""

    def callback(self: Transformer, children: list) -> Spelled:
        return Spelled(
            kind,
            tuple(c for c in children if isinstance(c, SpelledUnit)),
            tuple(c for c in children if isinstance(c, Place)),
            any(isinstance(c, _Via) for c in children),
        )

    return callback


class _Spelling(Transformer):
    """Builds spelled orders while the LALR parser runs; knows nothing about any map."""

    hold = _spelled(Hold)
    move = _spelled(Move)
    support_hold = _spelled(SupportHold)
    support_move = _spelled(SupportMove)
    convoy = _spelled(Convoy)
    disband = _spelled(Disband)
    build = _spelled(Build)
    remove = _spelled(Remove)
    waive = _spelled(Waive)

    def via(self, children: list[Token]) -> _Via:
        return _Via()

    def unit_type(self, children: list[Token]) -> UnitType:
        return UnitType(children[0][0])  # A, ARMY -> "A"; F, FLEET -> "F"

    def unit(self, children: list) -> SpelledUnit:
        return SpelledUnit(children[0] if len(children) == 2 else None, children[-1])

    def province(self, words: list[Token]) -> Place:
        # "_" stood in for the hyphen of a name such as MID-ATLANTIC (see orders._Reader)
        return Place(" ".join(words).replace("_", "-"), _column(words[0]))

    def coast(self, children: list[Token]) -> Token:
        return children[0]

    bare_coast = coast_abbr = coast_direction = coast_letter = coast

    def location(self, children: list) -> Place:
        place: Place = children[0]
        if len(children) == 1:
            return place
        mark: Token = children[1]  # NC, N or NORTH all start with the coast's letter
        return place._replace(
            coast=f"{mark[0]}C", coast_text=str(mark), coast_column=_column(mark)
        )


def _column(token: Token) -> int:
    """Where a token starts (from 1): the lexer gives every token it makes a column."""
    assert token.column is not None
    return token.column


_SPELLING = _Spelling()


def _parser() -> Lark:
    return load_parser("orders", _SPELLING)


def spell(text: str, unknown_name: Callable[[str], str | None]) -> Spelled | ParseProblem:
    """The order ``text`` spells, or the problem the grammar finds with it;
    ``unknown_name`` says what is wrong with a province name (see problem_from_lark)."""
    parser = _parser()
    try:
        return cast(Spelled, parser.parse(text))  # _SPELLING made it
    except UnexpectedInput:
        return problem_from_lark(parser, text, unknown_name)
