"""Payola offer sheets read with grammar/offers.lark; every syntax fault becomes a numbered
sheet error (spec 3.3, 3.9: E1, E2, E5-E8, E10)."""

from __future__ import annotations

import re
from functools import lru_cache
from typing import TYPE_CHECKING, Any, NamedTuple

from judge.engine.board import Map
from judge.engine.orders import Convoy, Hold, Move, MovementOrder, SupportHold, SupportMove
from judge.money.payola.offers import (
    Comment,
    Offer,
    OfferSheet,
    OfferType,
    Savings,
    Signal,
    Term,
    new_offer,
    new_term,
)
from judge.money.payola.sheets import (
    SheetContext,
    SheetError,
    WrittenLine,
    check_sheet,
    written_line,
)
from judge.text.orders import (
    OFFER_CACHE_SIZE,
    ParseProblem,
    offer_memo,
    offer_orders,
    read_order,
)

if TYPE_CHECKING:
    from lark import Lark
    from lark.exceptions import UnexpectedInput

_CLEAR = {"CLEAR", "NMR", "(NMR)", "(CLEAR)"}
CLEAR_WORDS = frozenset(_CLEAR)  # a line of one of these alone empties a sheet
_UNIT_WORDS = {"A", "F", "ARMY", "FLEET"}
_MOVEMENT = (Hold, Move, SupportHold, SupportMove, Convoy)
_TYPES = {t.value: t for t in OfferType}


class LineError(Exception):
    """A line refused while reading it; carries the sheet error number."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code, self.message = code, message


def _parser() -> Lark:
    from judge.text.grammar import load_parser

    return load_parser("offers", start="line", positions=True)


def is_clear(text: str) -> bool:
    """A submission that is only ``CLEAR`` or ``NMR`` (optionally in brackets) empties the
    sheet (spec 3.1)."""
    words = [w for w in text.split() if w]
    return len(words) == 1 and words[0].upper() in _CLEAR


def read_lines(text: str, board: Map) -> tuple[list[WrittenLine], list[SheetError]]:
    """Every non-blank line read into a value, and every line that could not be read."""
    lines: list[WrittenLine] = []
    errors: list[SheetError] = []
    memo, orders = offer_memo(board), offer_orders(board)
    for number, raw in enumerate(text.splitlines(), start=1):
        found = memo.get(raw)  # _remembered, inlined: a sheet has 150 lines
        if found is None:
            found = _read_new(raw, board, memo, orders)
        if found.__class__ is tuple:
            errors.append(SheetError(found[0], number, raw, found[1]))
        elif found is not _BLANK:
            lines.append(written_line(number, raw, found))
    return lines, errors


def read_sheet(text: str, ctx: SheetContext) -> OfferSheet | list[SheetError]:
    """A whole submission read and checked: the sheet, or all its errors, in line order."""
    lines, errors = read_lines(text, ctx.board)
    checked = check_sheet(lines, ctx)
    if isinstance(checked, OfferSheet) and not errors:
        return checked
    errors += checked if isinstance(checked, list) else []
    return sorted(errors, key=lambda e: e.line)


def read_line(text: str, board: Map) -> Offer | Savings | Comment | None:
    """One line as a value (None for a blank line); raise LineError with its E-number.

    Each line is read once per map: the value (or the error) is remembered with the
    map's order lines (judge.text.orders), so a repeated line costs a dictionary lookup.
    """
    return _remembered(text, board, offer_memo(board))


def _remembered(text: str, board: Map, memo: dict[str, Any]) -> Offer | Savings | Comment | None:
    found: Offer | Savings | Comment | _Blank | tuple[str, str] | None = memo.get(text)
    if found is None:
        found = _read_new(text, board, memo)
    if isinstance(found, tuple):
        raise LineError(*found)
    return None if isinstance(found, _Blank) else found


def _read_new(text: str, board: Map, memo: dict[str, Any],
              orders: dict[tuple[str, str | None], Any] | None = None) -> Any:
    """A line not read yet on this map: its value, or its error's (E-number, message),
    now remembered (``orders``: offer_orders(board), looked up now if not given)."""
    try:
        found: Any = _value(line_syntax(text), board,
                            offer_orders(board) if orders is None else orders)
    except LineError as e:
        found = (e.code, e.message)
    if len(memo) >= OFFER_CACHE_SIZE:
        memo.clear()
    memo[text] = found
    return found


class LineSyntax(NamedTuple):
    """What the offer grammar reads on a line, token by token: ``kind`` is ``blank``,
    ``comment_line``, ``savings``, ``offer`` or ``bare``; ``amount`` holds ``"+"`` and each
    term's tokens (``("3", "*", "12", "#", "4")``); ``body`` the first order's text, then
    ``"|"`` and each alternative's text; ``comment`` the comment with its ``%``."""

    kind: str
    amount: tuple[str | tuple[str, ...], ...] | None = None
    type: str | None = None
    body: tuple[str, ...] | None = None
    comment: str | None = None


_BLANK_SYNTAX = LineSyntax("blank")
# The canonical offer line, the form the judge prints (``3*12#4+2 ! A PAR - BUR | H``):
# one amount without spaces, a type, the orders, maybe a comment.
_CANONICAL = re.compile(r" *([0-9][0-9*#+]*) *([:!>@&]) *([A-Za-z][^|%]*)((?:\|[^|%]*)*)(%.*)?")
_CANONICAL_TERM = re.compile(r"(?:([0-9]+)\*)?([0-9]+)(?:#([0-9]*))?")
_new_syntax = tuple.__new__


def canonical_syntax(text: str) -> LineSyntax | None:
    """The syntax of a blank line, a comment line or a canonical offer line (printable
    ASCII only) read without Lark, or None for any other line, which then goes to the
    grammar. A property test checks it against ``grammar/offers.lark``
    (``tests/text/test_canonical_offers.py``)."""
    if not (text.isascii() and text.isprintable()):
        return None
    m = _CANONICAL.fullmatch(text)
    if m is None:  # a canonical offer starts with a digit after its spaces: none of these
        # a blank line or a comment line (what " *(%.*)?" matches): spaces, then nothing or %
        rest = text.lstrip(" ")
        if not rest:
            return _BLANK_SYNTAX
        if rest[0] == "%":
            return LineSyntax("comment_line", comment=rest)
        return None
    written, kind, first, rest, comment = m.groups()
    amount: tuple[str | tuple[str, ...], ...]
    if written.isdigit():  # ASCII digits only (checked above): one plain amount
        amount = ((written,),)
    else:
        pieces: list[str | tuple[str, ...]] = []
        for piece in written.split("+"):
            if piece.isdigit():
                tokens: tuple[str, ...] = (piece,)
            else:
                term = _CANONICAL_TERM.fullmatch(piece)
                if term is None:
                    return None
                count, value, plateau = term.groups()
                tokens = (value,) if count is None else (count, "*", value)
                if plateau is not None:
                    tokens += ("#", plateau) if plateau else ("#",)
            if pieces:
                pieces.append("+")
            pieces.append(tokens)
        amount = tuple(pieces)
    if rest:
        body = [first]
        for piece in rest.split("|")[1:]:
            body.append("|")
            alternative = piece.lstrip(" ")
            if alternative:
                body.append(alternative)
        orders = tuple(body)
    else:  # a single order (most lines)
        orders = (first,)
    # tuple.__new__: the named tuple's own __new__ is a Python function
    return _new_syntax(LineSyntax, ("offer", amount, kind, orders, comment))


def grammar_syntax(text: str) -> LineSyntax:
    """The syntax of any line as ``grammar/offers.lark`` reads it (Lark, loaded now);
    raise LineError with its E-number when the grammar refuses the line."""
    from lark import Token, Tree
    from lark.exceptions import UnexpectedInput

    try:
        tree = _parser().parse(text)
    except UnexpectedInput as e:
        raise _syntax_error(e, text) from None
    node = tree.children[0] if tree.data == "line" and tree.children else tree
    if not isinstance(node, Tree):
        return LineSyntax("comment_line", comment=str(node))
    if node.data == "blank":
        return _BLANK_SYNTAX
    if node.data == "comment_line":
        return LineSyntax("comment_line", comment=str(node.children[0]))
    parts = {c.data: c for c in node.children if isinstance(c, Tree)}
    tokens = {c.type: c for c in node.children if isinstance(c, Token)}
    amount = None
    if "amount" in parts:
        amount = tuple(
            str(c) if isinstance(c, Token)
            else tuple(str(t) for t in c.children if isinstance(t, Token))
            for c in parts["amount"].children
        )
    body = None
    if "body" in parts:
        body = tuple(str(c) for c in parts["body"].children)
    kind = str(node.data)
    return LineSyntax(kind, amount, str(tokens["TYPE"]) if "TYPE" in tokens else None, body,
                      str(tokens["COMMENT"]) if "COMMENT" in tokens else None)


def line_syntax(text: str) -> LineSyntax:
    """The syntax of a line: the canonical shortcut where it applies, else the grammar."""
    found = canonical_syntax(text)
    return grammar_syntax(text) if found is None else found


class _Blank:
    """The remembered value of a blank line."""


_BLANK = _Blank()


def _value(syntax: LineSyntax, board: Map,
           orders_memo: dict[tuple[str, str | None], Any]) -> Offer | Savings | Comment | _Blank:
    kind, amount, type_, body, token = syntax  # the fields at once, not one by one
    if kind == "blank":
        return _BLANK
    comment = None if token is None else token[1:].strip()  # _comment, inlined
    if kind == "comment_line":
        return Comment(comment or "")
    if kind == "savings":
        assert amount is not None
        terms = _terms(amount)
        if any(t.plateau_written for t in terms):
            raise LineError("E5", "PLATEAU AMOUNT ON SAVINGS REQUEST")
        return Savings(terms, comment)
    written = amount is not None
    terms = _terms(amount) if amount is not None else (Term(0),)
    kind_of = _TYPES[type_] if type_ is not None else OfferType.DIRECT
    if body is None:
        raise LineError("E7", "INCOMPLETE OFFER")
    orders = _orders(body, board, orders_memo)
    first = orders[0]
    unit = first.order.unit if first.__class__ is Signal else first.unit
    return new_offer(terms, kind_of, unit, orders, comment, written)


@lru_cache(maxsize=4096)
def _terms(amount: tuple[str | tuple[str, ...], ...]) -> tuple[Term, ...]:
    """The terms of an amount (remembered: sheets repeat a few amounts many times)."""
    if len(amount) == 1 and not isinstance(amount[0], str):  # one term (most amounts)
        return (_term(amount[0]),)
    terms: list[Term] = []
    for i, child in enumerate(amount):
        if isinstance(child, str):  # a "+"
            if i + 1 >= len(amount) or isinstance(amount[i + 1], str):
                raise LineError("E2", "ADDITIONAL BRIBE NOT GIVEN")
            continue
        terms.append(_term(child))
    return tuple(terms)


def _term(tokens: tuple[str, ...]) -> Term:
    if len(tokens) == 1:  # a plain amount
        amount = int(tokens[0])
        if not 0 <= amount <= 9999:
            raise LineError("E1", "INVALID OFFER AMOUNT: amounts go from 0 to 9999")
        return new_term(amount, 1, 0, False)
    count, plateau, written = 1, 0, False
    if "*" in tokens:
        count = int(tokens[0])
        tokens = tokens[2:]
    amount = int(tokens[0])
    if len(tokens) > 1:
        written = True
        plateau = int(tokens[2]) if len(tokens) > 2 else amount
    if not 0 <= amount <= 9999:
        raise LineError("E1", "INVALID OFFER AMOUNT: amounts go from 0 to 9999")
    if not 1 <= count <= 99:
        raise LineError("E1", "INVALID OFFER AMOUNT: a repetition count goes from 1 to 99")
    if plateau > amount:
        raise LineError("E1", "INVALID OFFER AMOUNT: a plateau cannot exceed its amount")
    return new_term(amount, count, plateau, written)


def _orders(body: tuple[str, ...], board: Map,
            memo: dict[tuple[str, str | None], Any]) -> tuple[MovementOrder | Signal, ...]:
    """The orders of a line's body (``memo``: offer_orders(board)), each remembered per
    map: sheets name the same orders on many lines."""
    if len(memo) >= OFFER_CACHE_SIZE:
        memo.clear()
    first = memo.get((body[0], None))
    if first is None:
        first = _remember_order(body[0], board, None, memo)
    if first.__class__ is tuple:
        raise LineError(*first)
    if len(body) == 1:
        return (first,)
    orders = [first]
    # Unit.text is str(unit)
    unit = first.order.unit.text if first.__class__ is Signal else first.unit.text
    children = body[1:]  # bars and alternatives (an alternative never holds a bar)
    for i, child in enumerate(children):
        if child == "|":
            if i + 1 >= len(children) or children[i + 1] == "|":
                raise LineError("E8", "NO ALTERNATIVE ORDER GIVEN")
            continue
        found = memo.get((child, unit))
        if found is None:
            found = _remember_order(child, board, unit, memo)
        if found.__class__ is tuple:
            raise LineError(*found)
        orders.append(found)
    return tuple(orders)


def _remember_order(text: str, board: Map, unit: str | None,
                    memo: dict[tuple[str, str | None], Any]) -> Any:
    """_order, remembered per map: the order, or its error's (E-number, message)."""
    try:
        found: Any = _order(text, board, unit)
    except LineError as e:
        found = (e.code, e.message)
    memo[(text, unit)] = found
    return found


def _order(text: str, board: Map, unit: str | None) -> MovementOrder | Signal:
    """One alternative; ``unit`` is prefixed to alternatives after a vertical bar."""
    text = text.strip()
    signal = text.endswith("?")
    if signal:
        text = text[:-1].rstrip()
    if text[-1:] in ".;,!" and len(text) > 1:
        text = text[:-1].rstrip()  # spec 3.3 note 4: one trailing punctuation mark
    read = read_order(text if unit is None else f"{unit} {text}", board)
    order = None if isinstance(read, ParseProblem) else read
    if order is None and unit is None and _bare_unit(text, board):
        raise LineError("E8", "NO ORDER GIVEN")
    if order is None and unit is not None:
        again = read_order(text, board)  # the player repeated the unit after the bar
        order = None if isinstance(again, ParseProblem) else again
        if isinstance(order, _MOVEMENT) and unit not in (str(order.unit), order.unit.province):
            order = None
    if order is None:
        assert isinstance(read, ParseProblem)  # only an unreadable line leaves no order
        raise LineError("E10", read.message)
    if not isinstance(order, _MOVEMENT):
        # a build, removal, waive, retreat or disband is never bought (spec 5.8)
        raise LineError("E10", f"{order}: NOT A MOVEMENT ORDER, only holds, moves, supports "
                               "and convoys can be bought")
    if signal:
        if not isinstance(order, (SupportHold, SupportMove)):
            raise LineError("E10", "ONLY A SUPPORT CAN BE MARKED AS A SIGNAL ORDER")
        return Signal(order)
    return order


def _bare_unit(text: str, board: Map) -> bool:
    words = text.upper().split()
    if words and words[0] in _UNIT_WORDS:
        words = words[1:]
    place = " ".join(words).split("/")[0].split("(")[0].strip()
    return bool(place) and board.canonical(place) is not None


def _syntax_error(e: UnexpectedInput, text: str) -> LineError:
    """Name the fault by where the reading stopped (spec 3.9)."""
    from lark.exceptions import UnexpectedCharacters, UnexpectedToken

    column = max(1, getattr(e, "column", 1) or 1)
    before = text[: column - 1]
    at = text[column - 1 : column]
    seen_type = any(ch in before for ch in ":!>@&$")
    if isinstance(e, UnexpectedToken) and e.token.type == "$END" or not text[column - 1 :].strip():
        if before.rstrip().endswith("+"):
            return LineError("E2", "ADDITIONAL BRIBE NOT GIVEN")
        if seen_type:
            return LineError("E7", "INCOMPLETE OFFER")
        return LineError("E6", "BAD OFFER TYPE: expected one of : ! > @ & $")
    if not seen_type:
        after_plus = before.rstrip().endswith("+")
        if isinstance(e, UnexpectedToken) and e.token.type == "TYPE" and after_plus:
            return LineError("E2", "ADDITIONAL BRIBE NOT GIVEN")
        if at in "0123456789*#+-.," or (isinstance(e, UnexpectedCharacters) and at.isdigit()):
            return LineError("E1", "INVALID OFFER AMOUNT")
        return LineError("E6", "BAD OFFER TYPE: expected one of : ! > @ & $")
    return LineError("E10", f"cannot read {text[column - 1:].strip()!r}")
