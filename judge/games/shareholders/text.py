"""1901-Shareholders command lines (spec 4) read into typed commands.

January and February lines are read with grammar/shareholders.lark; anything else, and
the units of BUILD, DISSOLVE and REMOVE, with the order reader, so a unit is spelled as in
every other order. The reader knows neither the turn nor who sent the line: the rules
(judge/games/shareholders/rules) decide whether a command fits.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

from lark import Lark, Token, Tree
from lark.exceptions import UnexpectedInput

from judge.engine.board import Map
from judge.engine.orders import Build, Hold, Order, Remove
from judge.engine.position import Unit
from judge.games import SHAREHOLDERS
from judge.games.shareholders.rules.commands import (
    Command,
    Dividend,
    Unreadable,
)
from judge.money.names import did_you_mean
from judge.money.trades import Buy, NoTrade, Sell
from judge.text.grammar import load_parser
from judge.text.hints import command_hint
from judge.text.normalize import normalize_line
from judge.text.orders import ParseProblem, read_order

_WORDS = ("SELL", "BUY", "NOTRADE", "NO", "DIVIDEND", "NODIVIDEND", "DISSOLVE", "BUILD")
WORDS = frozenset((*_WORDS, "REMOVE"))  # the first words of a 1901-Shareholders line


def _parser() -> Lark:
    return load_parser(SHAREHOLDERS.grammar or "")


@lru_cache(maxsize=8192)  # a phase is read again with each new mail: lines repeat
def read_command(text: str, board: Map) -> Command | Unreadable:
    """The command a line spells on this map, or why it cannot be read."""
    line = normalize_line(text)
    if not line:
        return Unreadable("empty line")
    try:
        tree = _parser().parse(line)
    except UnexpectedInput:
        return _as_order(line, board)
    return _command(tree, line, board)


def read_commands(lines: list[str], board: Map) -> list[Command | Unreadable]:
    return [read_command(line, board) for line in lines]


def read_mail_lines(lines: Sequence[str],
                    board: Map) -> list[tuple[int, str, Command | Unreadable]]:
    """A mail's non-blank lines, each with its place in the mail (from 0), as a turn
    reads them."""
    placed = [(i, text) for i, text in enumerate(lines) if text.strip()]
    commands = read_commands([text for _, text in placed], board)
    return [(i, text, command) for (i, text), command in zip(placed, commands, strict=True)]


def _command(tree: Tree, line: str, board: Map) -> Command | Unreadable:
    kind = tree.data
    tokens = [c for c in tree.children if isinstance(c, Token)]
    if kind in ("sell", "buy"):
        count, word = int(tokens[1]), str(tokens[2])
        country = board.power_named(word)
        if country is None:
            return Unreadable(f"{word} is not a country{did_you_mean(word, board.powers)}")
        return Sell(count, country) if kind == "sell" else Buy(count, country)
    if kind == "notrade":
        return NoTrade()
    if kind in ("dividend", "no_dividend"):
        return Dividend(kind == "dividend")
    rest = str(tokens[-1])
    if kind == "build":
        order = read_order(f"BUILD {rest}", board)
        return order if isinstance(order, Build) else _problem(order, line)
    unit = _unit(rest, board)
    return Remove(unit) if isinstance(unit, Unit) else unit


def _unit(text: str, board: Map) -> Unit | Unreadable:
    """A unit as written (its type may be left out): ``A PAR``, ``F STP/NC``, ``PAR``."""
    order = read_order(f"{text} H", board)
    if isinstance(order, Hold):
        return order.unit
    return _problem(order, text)


def _as_order(line: str, board: Map) -> Order | Unreadable:
    order = read_order(line, board)
    if isinstance(order, ParseProblem):
        first = line.split()[0]
        if first in _WORDS:
            return Unreadable(f"cannot read this {first} command")
        hint = command_hint(line, _WORDS + ("REMOVE",), board)
        if hint:
            return Unreadable(f"{first} is not a command{hint}")
        return Unreadable(order.message)
    if isinstance(order, Remove):
        return Unreadable("write DISSOLVE <unit> or REMOVE <unit>")
    return order


def _problem(order: Order | ParseProblem, text: str) -> Unreadable:
    if isinstance(order, ParseProblem):
        return Unreadable(order.message)
    return Unreadable(f"cannot read the unit in {text}")
