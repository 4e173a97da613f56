"""Payola offer sheets read with grammar/offers.lark; every syntax fault becomes a numbered
sheet error (spec 3.3, 3.9: E1, E2, E5-E8, E10)."""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache, partial
from typing import cast

from lark import Lark, Token, Tree
from lark.exceptions import UnexpectedCharacters, UnexpectedInput, UnexpectedToken

from judge.engine.board import Map
from judge.engine.orders import Convoy, Hold, Move, MovementOrder, SupportHold, SupportMove
from judge.money.offers import (
    Comment,
    Offer,
    OfferSheet,
    OfferType,
    Savings,
    Signal,
    Term,
)
from judge.money.sheets import SheetContext, SheetError, WrittenLine, check_sheet
from judge.text.grammar import load_parser
from judge.text.orders import ParseProblem, read_order

_CLEAR = {"CLEAR", "NMR", "(NMR)", "(CLEAR)"}
_UNIT_WORDS = {"A", "F", "ARMY", "FLEET"}
_MOVEMENT = (Hold, Move, SupportHold, SupportMove, Convoy)


class LineError(Exception):
    """A line refused while reading it; carries the sheet error number."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code, self.message = code, message


def _parser() -> Lark:
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
    for number, raw in enumerate(text.splitlines(), start=1):
        try:
            value = read_line(raw, board)
        except LineError as e:
            errors.append(SheetError(e.code, number, raw, e.message))
            continue
        if value is not None:
            lines.append(WrittenLine(number, raw, value))
    return lines, errors


def read_sheet(text: str, ctx: SheetContext) -> OfferSheet | list[SheetError]:
    """A whole submission read and checked: the sheet, or all its errors, in line order."""
    lines, errors = read_lines(text, ctx.board)
    checked = check_sheet(lines, ctx)
    if isinstance(checked, OfferSheet) and not errors:
        return checked
    errors += checked if isinstance(checked, list) else []
    return sorted(errors, key=lambda e: e.line)


Line = Offer | Savings | Comment | None
# Lines read, per map: a sheet is read when it arrives and again when its phase is
# processed (about 1,000 lines for a heavy phase, most of its processing time), and lines
# repeat from phase to phase. The values are immutable; a hit is a dictionary lookup.
_CACHE_SIZE = 1 << 14
_READ: dict[str, tuple[Map, Callable[[str], Line | LineError]]] = {}


def read_line(text: str, board: Map) -> Line:
    """One line as a value (None for a blank line); raise LineError with its E-number."""
    entry = _READ.get(board.name)
    if entry is None or entry[0] is not board:
        entry = _READ[board.name] = (board, lru_cache(maxsize=_CACHE_SIZE)(
            partial(_read_or_refuse, board=board)))
    value = entry[1](text)
    if isinstance(value, LineError):
        raise LineError(value.code, value.message)
    return value


def _read_or_refuse(text: str, board: Map) -> Line | LineError:
    try:
        return _read_line(text, board)
    except LineError as e:
        return LineError(e.code, e.message)


def _read_line(text: str, board: Map) -> Line:
    try:
        tree = _parser().parse(text)
    except UnexpectedInput as e:
        raise _syntax_error(e, text) from None
    node = tree.children[0] if tree.data == "line" and tree.children else tree
    if not isinstance(node, Tree):
        return Comment(str(node)[1:].strip())
    if node.data == "blank":
        return None
    if node.data == "comment_line":
        return Comment(str(node.children[0])[1:].strip())
    parts = {c.data: c for c in node.children if isinstance(c, Tree)}
    tokens = {c.type: c for c in node.children if isinstance(c, Token)}
    comment = _comment(tokens.get("COMMENT"))
    if node.data == "savings":
        terms = _terms(parts["amount"])
        if any(t.plateau_written for t in terms):
            raise LineError("E5", "PLATEAU AMOUNT ON SAVINGS REQUEST")
        return Savings(terms, comment)
    written = "amount" in parts
    terms = _terms(parts["amount"]) if written else (Term(0),)
    kind = OfferType(str(tokens["TYPE"])) if "TYPE" in tokens else OfferType.DIRECT
    if "body" not in parts:
        raise LineError("E7", "INCOMPLETE OFFER")
    orders = _orders(parts["body"], board)
    unit = orders[0].order.unit if isinstance(orders[0], Signal) else orders[0].unit
    return Offer(terms, kind, unit, orders, comment, written)


def _comment(token: Token | None) -> str | None:
    return None if token is None else str(token)[1:].strip()


def _terms(amount: Tree) -> tuple[Term, ...]:
    terms: list[Term] = []
    children = list(amount.children)
    for i, child in enumerate(children):
        if isinstance(child, Token) and child.type == "PLUS":
            if i + 1 >= len(children) or not isinstance(children[i + 1], Tree):
                raise LineError("E2", "ADDITIONAL BRIBE NOT GIVEN")
            continue
        terms.append(_term(child))
    return tuple(terms)


def _term(term: Tree) -> Term:
    tokens = [c for c in term.children if isinstance(c, Token)]
    count, plateau, written = 1, 0, False
    if any(t.type == "STAR" for t in tokens):
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
    return Term(amount, count, plateau, written)


def _orders(body: Tree[Token], board: Map) -> tuple[MovementOrder | Signal, ...]:
    first_text = str(body.children[0])
    first = _order(first_text, board, None)
    orders = [first]
    unit = first.order.unit if isinstance(first, Signal) else first.unit
    children = cast(list[Token], body.children[1:])  # bars and alternatives
    for i, child in enumerate(children):
        if child.type == "BAR":
            if i + 1 >= len(children) or children[i + 1].type != "ALTERNATIVE":
                raise LineError("E8", "NO ALTERNATIVE ORDER GIVEN")
            continue
        orders.append(_order(str(child), board, str(unit)))
    return tuple(orders)


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
