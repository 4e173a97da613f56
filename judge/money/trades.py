"""A player's trade set for one market turn, built from his command lines as a mail gives
them (capitalist.md 4.1, D24, D36; bourse.md section 4, D19, D31).

The accepted lines of one mail are applied in order to a new, empty set; ``NOTRADE``
empties what the mail has built so far. Each ``SELL`` or ``BUY`` is checked, in this
order, against what the mail has built: the number (at least 1), the currency (known,
not dead), the sale limit and the holding (counted over the set's sales of that
currency), and no buying and selling of one currency. The first failed check is the
reason. A mail with at least one accepted line replaces the sender's set; one whose
lines are all refused leaves it. A game whose mail mixes other lines in (the Bourse's
``JOIN``) checks those itself and gives the trade lines to a ``MailSet`` one by one.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from enum import Enum

from judge.money.currencies import Currencies
from judge.money.names import did_you_mean

UNREADABLE = "cannot understand this command"
TRADE_WORDS = ("SELL", "BUY", "NOTRADE")  # the words that start a trade line


def unreadable(text: str, words: Iterable[str] = TRADE_WORDS) -> str:
    """The reason a line that reads as no command is refused with, and the command words
    (``words``) its first word may be a near miss of: ``SEL`` -> ``SELL`` (issue 23)."""
    first = text.split()[0] if text.split() else ""
    return UNREADABLE + did_you_mean(first, words)


@dataclass(frozen=True, slots=True)
class Sell:
    """``SELL <units> <of>`` as read. ``of`` is what is sold: a currency still as the
    player wrote it (Capitalist, the Bourse), or the country whose shares he sells, as
    the reader named it (1901-Shareholders)."""

    units: int
    of: str


@dataclass(frozen=True, slots=True)
class Buy:
    """``BUY <units> <of>`` as read, ``of`` as in ``Sell``."""

    units: int
    of: str


@dataclass(frozen=True, slots=True)
class NoTrade:
    """``NOTRADE``: nothing so far in this mail."""


TradeCommand = Sell | Buy | NoTrade

# the fields of Sell and Buy as readings kept before they were shared wrote them
# (1901-Shareholders' ``count`` and ``country``, the currency markets' ``currency``),
# for a codec's ``renamed``
FORMER_FIELDS = {kind.__name__: {"count": "units", "country": "of", "currency": "of"}
                 for kind in (Sell, Buy)}


class Side(Enum):
    SELL = "SELL"
    BUY = "BUY"


@dataclass(frozen=True, slots=True)
class Trade:
    """One accepted trade line: a sale or purchase of units of a power's currency."""

    side: Side
    power: str
    units: int


@dataclass(frozen=True, slots=True)
class TradeTerms:
    """What the lines of one mail are checked against: the sender's holdings, the sale
    limit, the currencies, those no longer traded and the reason given for them, and the
    powers whose currencies the market has (None: every power of ``currencies``)."""

    holdings: Mapping[str, int]
    sell_limit: int
    currencies: Currencies
    dead: frozenset[str]
    dead_reason: Callable[[str], str]
    traded: frozenset[str] | None = None


@dataclass(frozen=True, slots=True)
class Refusal:
    """A refused line: its place among the mail's lines and the reason."""

    index: int
    reason: str


@dataclass(frozen=True, slots=True)
class BuiltSet:
    """What one mail did: the set it built (None when no line was accepted, so the
    sender's set stays) and its refused lines."""

    trades: tuple[Trade, ...] | None
    refusals: tuple[Refusal, ...]
    undone: tuple[int, ...] = ()  # accepted lines a later NOTRADE emptied (by index)


class MailSet:
    """The set one mail builds, a line at a time: new and empty, each accepted line applied
    in order, ``NOTRADE`` emptying it."""

    __slots__ = ("_built", "_accepted", "_lines", "_since", "_undone")

    def __init__(self) -> None:
        self._built: list[Trade] = []
        self._accepted = False
        self._lines = 0  # the lines taken so far, accepted or not
        self._since: list[int] = []  # the accepted trades since the last NOTRADE
        self._undone: list[int] = []  # the accepted trades a later NOTRADE emptied

    def take(self, command: TradeCommand | None, terms: TradeTerms) -> str | None:
        """Check the mail's next line (None: one that could not be read) and apply it when
        accepted; the reason when it is refused, else None."""
        index, self._lines = self._lines, self._lines + 1
        checked = check_line(command, self._built, terms)
        if isinstance(checked, str):
            return checked
        self._accepted = True
        if checked is None:
            self._built.clear()
            self._undone += self._since
            self._since = []
        else:
            self._built.append(checked)
            self._since.append(index)
        return None

    @property
    def undone(self) -> tuple[int, ...]:
        """The accepted trade lines (by index) a later ``NOTRADE`` of the mail emptied."""
        return tuple(self._undone)

    @property
    def trades(self) -> tuple[Trade, ...] | None:
        """The set built, or None when no line was accepted (the sender's set stays)."""
        return tuple(self._built) if self._accepted else None


def build_trade_set(commands: Iterable[TradeCommand | None], terms: TradeTerms) -> BuiltSet:
    """Check a mail's lines in order (None: a line that could not be read)."""
    built = MailSet()
    refusals: list[Refusal] = []
    for index, command in enumerate(commands):
        reason = built.take(command, terms)
        if reason is not None:
            refusals.append(Refusal(index, reason))
    return BuiltSet(built.trades, tuple(refusals), built.undone)


def check_line(
    command: TradeCommand | None, built: Iterable[Trade], terms: TradeTerms
) -> Trade | None | str:
    """The trade a line adds, None for ``NOTRADE``, or the reason it is refused."""
    if command is None:
        return UNREADABLE
    if isinstance(command, NoTrade):
        return None
    if command.units < 1:
        return "number must be at least 1"
    power = terms.currencies.named(command.of)
    if power is None or (terms.traded is not None and power not in terms.traded):
        names = [terms.currencies.name_of(p) for p in terms.currencies.powers
                 if terms.traded is None or p in terms.traded]
        return "no such currency" + did_you_mean(command.of, names)
    if power in terms.dead:
        return terms.dead_reason(power)
    name = terms.currencies.name_of(power)
    same = [t for t in built if t.power == power]
    if isinstance(command, Sell):
        total = command.units + sum(t.units for t in same if t.side is Side.SELL)
        if total > terms.sell_limit:
            return f"you may sell at most {terms.sell_limit} {name} this turn"
        held = terms.holdings.get(power, 0)
        if total > held:
            return f"you hold only {held} {name}"
    side = Side.SELL if isinstance(command, Sell) else Side.BUY
    if any(t.side is not side for t in same):
        return f"you cannot buy and sell {name} in the same turn"
    return Trade(side, power, command.units)
