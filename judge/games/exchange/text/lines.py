"""Reading Exchange Diplomacy command lines (grammar/exchange.lark) into the typed
commands of judge.games.exchange.rules.commands; the batch and the mail interface share it."""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from typing import cast

from lark import Token, Transformer
from lark.exceptions import LarkError

from judge.engine.board import Map
from judge.games import EXCHANGE
from judge.games.exchange.rules import commands as c
from judge.games.exchange.text.canonical import read_plain
from judge.money.payola.sheets import SheetError, WrittenLine
from judge.text.grammar import load_parser
from judge.text.hints import command_hint
from judge.text.offers import CLEAR_WORDS, LineError, is_clear, read_line
from judge.text.orders import ParseProblem, read_order

WORDS = frozenset({
    "BID", "NOBID", "ISSUE", "NOISSUE", "SETUP", "PRICE", "VALUES", "APPROVE", "REJECT",
    "PURCHASE", "CAP", "NOCAP", "NOPURCHASE", "VOTE", "TIEBREAK", "DIVIDEND", "TRANSFER",
    "ASK", "WITHDRAW", "TAKE", "LEDGER", "DRAW", "NODRAW", "ACCEPT",
})
LINE_WORDS = WORDS | CLEAR_WORDS  # the first words of an Exchange line (a sheet's CLEAR)


def _name(token: Token) -> str:
    return str(token).upper()


class _Commands(Transformer):
    """Parse tree -> command value; numbers stay unsigned integers."""

    def bid(self, items: list) -> c.BidFor:
        power, amount, *terms = items
        shares = price = None
        for kind, value in terms:
            if kind == "shares":
                shares = value
            else:
                price = value
        return c.BidFor(_name(power), int(amount), shares, price)

    def bid_shares(self, items: list) -> tuple[str, int]:
        return ("shares", int(items[0]))

    def bid_price(self, items: list) -> tuple[str, int]:
        return ("price", int(items[0]))

    def nobid(self, items: list) -> c.NoBid:
        return c.NoBid(_name(items[0]))

    def issue(self, items: list) -> c.Issue:
        return c.Issue(_name(items[0]), int(items[1]))

    def noissue(self, items: list) -> c.NoIssue:
        return c.NoIssue(_name(items[0]))

    def setup(self, items: list) -> c.Setup:
        return c.Setup(_name(items[0]), int(items[1]), int(items[2]))

    def price(self, items: list) -> c.Price:
        return c.Price(_name(items[0]), int(items[1]))

    def values(self, items: list) -> c.Values:
        rest = items[1:]
        pairs = tuple((_name(rest[i]), int(rest[i + 1])) for i in range(0, len(rest), 2))
        return c.Values(_name(items[0]), pairs)

    def approve(self, items: list) -> c.Approve:
        return c.Approve(_name(items[0]), True)

    def reject(self, items: list) -> c.Approve:
        return c.Approve(_name(items[0]), False)

    def purchase(self, items: list) -> c.Purchase:
        return c.Purchase(tuple(items))

    def item(self, items: list) -> tuple[int, str]:
        if len(items) == 2:
            return (int(items[0]), _name(items[1]))
        return (1, _name(items[0]))

    def cap(self, items: list) -> c.Cap:
        return c.Cap(int(items[0]))

    def nocap(self, items: list) -> c.NoCap:
        return c.NoCap()

    def nopurchase(self, items: list) -> c.NoPurchase:
        return c.NoPurchase()

    def vote(self, items: list) -> c.Vote:
        return c.Vote(_name(items[0]), _name(items[1]))

    def tiebreak(self, items: list) -> c.Tiebreak:
        return c.Tiebreak(_name(items[0]), tuple(_name(x) for x in items[1:]))

    def dividend(self, items: list) -> c.Dividend:
        return c.Dividend(_name(items[0]), int(items[1]))

    def transfer(self, items: list) -> c.Transfer:
        return c.Transfer(int(items[0]), _name(items[1]))

    def ask(self, items: list) -> c.AskShares:
        return c.AskShares(_name(items[0]), int(items[1]), int(items[2]))

    def withdraw(self, items: list) -> c.Withdraw:
        return c.Withdraw(int(items[0]))

    def take(self, items: list) -> c.Take:
        return c.Take(int(items[0]), int(items[1]))

    def ledger(self, items: list) -> c.Ledger:
        return c.Ledger(_name(items[0]))

    def draw(self, items: list) -> c.Draw:
        return c.Draw(_name(items[0]), tuple(_name(x) for x in items[1:]))

    def nodraw(self, items: list) -> c.NoDraw:
        return c.NoDraw(_name(items[0]))

    def accept(self, items: list) -> c.Accept:
        return c.Accept("".join(str(x) for x in items).upper())


_TRANSFORMER = _Commands()


def command_word(line: str) -> str | None:
    """The line's command word (upper case) when it starts with one, else None."""
    words = line.split()
    if not words:
        return None
    word = words[0].upper()
    return word if word in WORDS else None


@lru_cache(maxsize=8192)  # a market phase is read again with each new mail: lines repeat
def read_command(line: str) -> c.Command:
    """One line as a command. A line starting with no command word is a UnitLine (an offer
    or unit order, or an unknown command, as the phase decides); a known word whose line
    cannot be read is Unreadable (``cannot parse this command``, D31). Lines repeat (the
    mail service plays a phase's mail again for every new mail), and commands are frozen
    values, so each line is read once."""
    return _read_command(line.strip())


@lru_cache(maxsize=8192)
def _read_command(line: str) -> c.Command:
    word = command_word(line)
    if word is None:
        return c.UnitLine(line.strip())
    plain = read_plain(line)  # most lines: what the grammar would make, without Lark
    if plain is not None:
        return plain
    return read_by_grammar(line, word)


def read_by_grammar(line: str, word: str) -> c.Command:
    """The command ``grammar/exchange.lark`` makes of a line starting with ``word``."""
    parser = load_parser(EXCHANGE.grammar or "", transformer=_TRANSFORMER, start="start")
    try:
        value = parser.parse(line.strip())
    except LarkError:
        return c.Unreadable(word)
    return cast(c.Command, value)


def read_mail_line(line: str, board: Map, kind: str, number: int = 1) -> c.Command:
    """A line as the phase of kind ``kind`` (``B``, ``M``, ``R``...) reads it: a line with
    no command word is an offer line in a movement phase and a unit order in a retreat or
    adjustment phase; ``number`` is its place in the mail (for offer sheet errors)."""
    command = read_command(line)
    if not isinstance(command, c.UnitLine):
        return command
    if kind == "M":
        if not _may_be_offer(line, board):
            # a word that starts no offer: an unknown command (D44)
            return c.UnitLine(command.text, command_hint(line, WORDS, board))
        if is_clear(line):
            return c.OfferLine(line)  # CLEAR / NMR: the sheet is emptied (payola.md 3.1)
        try:
            value = read_line(line, board)
        except LineError as e:
            return c.OfferLine(line, error=SheetError(e.code, number, line, e.message))
        if value is None:
            return command
        return c.OfferLine(line, written=WrittenLine(number, line, value))
    if kind in ("R", "A"):
        order = read_order(line, board)
        if isinstance(order, ParseProblem):
            hint = command_hint(line, WORDS, board)
            problem = f"unknown command{hint}" if hint else order.message
            return c.UnitOrder(line, problem=problem, hint=hint)
        return c.UnitOrder(line, order=order)
    return c.UnitLine(command.text, command_hint(line, WORDS, board))


def read_mail_lines(lines: Sequence[str], board: Map,
                    kind: str) -> list[tuple[int, str, c.Command]]:
    """A mail's non-blank lines as a phase of kind ``kind`` reads them: each with its
    place in the mail (from 0) and its text."""
    return [(i, text, read_mail_line(text, board, kind, i + 1))
            for i, text in enumerate(lines) if text.strip()]


_UNIT_WORDS = frozenset({"A", "F", "ARMY", "FLEET"})


def _may_be_offer(line: str, board: Map) -> bool:
    """Whether a line can start an offer: an amount, a comment, CLEAR, a unit type or a
    province (a bare order); ``HELLO`` cannot."""
    text = line.strip()
    if not text or not text[0].isalpha() or is_clear(text):
        return True
    word = text.split()[0].upper().rstrip(":!>@&")
    return word in _UNIT_WORDS or board.canonical(word.split("/")[0]) is not None
