"""Commerce lines of Capitalist Diplomacy read with grammar/capitalist.lark into the trade
commands of ``judge.money.trades`` (``SELL 500 LIRA``, ``buy 10 marks``, ``NOTRADE``).

Reading only: which power a currency word names, and whether the line may be accepted,
are the money layer's business. A line that is no command reads as None (D25).
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

from lark import Lark, Token, Transformer
from lark.exceptions import LarkError

from judge.engine.board import Map
from judge.engine.orders import Order
from judge.games import CAPITALIST
from judge.money.trades import Buy, NoTrade, Sell, TradeCommand
from judge.text.grammar import load_parser
from judge.text.normalize import normalize_line
from judge.text.orders import parse_order
from judge.text.problems import OrderSyntaxError


class _Commands(Transformer):
    """Tree nodes to trade commands, built while parsing."""

    def number(self, children: list[Token]) -> int:
        return int(children[0])

    def currency(self, words: list[Token]) -> str:
        return " ".join(str(w).upper() for w in words)

    def sell(self, children: list) -> Sell:
        return Sell(children[1], children[2])

    def buy(self, children: list) -> Buy:
        return Buy(children[1], children[2])

    def notrade(self, _: list) -> NoTrade:
        return NoTrade()


_TRANSFORMER = _Commands()


def _parser() -> Lark:
    return load_parser(CAPITALIST.grammar or "", transformer=_TRANSFORMER, start="start")


@lru_cache(maxsize=4096)
def read_trade(line: str) -> TradeCommand | None:
    """The command a line gives, or None when it is not one. The line is normalised
    first, as every reader of the judge does (a list bullet or a full stop, curly or
    invisible characters, a Unicode minus)."""
    try:
        value = _parser().parse(normalize_line(line))
    except LarkError:
        return None
    if isinstance(value, (Sell, Buy, NoTrade)):
        return value
    return None


def read_mail_lines(lines: Sequence[str], board: Map,
                    commerce: bool) -> list[tuple[int, str, TradeCommand | Order | str | None]]:
    """A mail's non-blank lines (a blank line is no command: neither accepted nor
    refused), each with its place in the mail (from 0), as the phase reads it: a trade
    in a commerce phase; in a military one an order, or the reason it is none."""
    placed = [(i, text) for i, text in enumerate(lines) if text.strip()]
    if commerce:
        return [(i, text, read_trade(text)) for i, text in placed]
    return [(i, text, _order(text, board)) for i, text in placed]


def _order(text: str, board: Map) -> Order | str:
    try:
        return parse_order(text, board)
    except OrderSyntaxError as e:
        return str(e)
