"""A player's trade set for one market turn, built from his command lines as a mail gives
them (capitalist.md 4.1, D24, D36; the same rules as the Bourse's trade table).

The accepted lines of one mail are applied in order to a new, empty set; ``NOTRADE``
empties what the mail has built so far. Each ``SELL`` or ``BUY`` is checked, in this
order, against what the mail has built: the number (at least 1), the currency (known,
not dead), the sale limit and the holding (counted over the set's sales of that
currency), and no buying and selling of one currency. The first failed check is the
reason. A mail with at least one accepted line replaces the sender's set; one whose
lines are all refused leaves it.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from enum import Enum

from judge.money.currencies import Currencies

UNREADABLE = "cannot understand this command"


@dataclass(frozen=True, slots=True)
class Sell:
    """``SELL <units> <currency>`` as read: the currency still as the player wrote it."""

    units: int
    currency: str


@dataclass(frozen=True, slots=True)
class Buy:
    """``BUY <units> <currency>`` as read."""

    units: int
    currency: str


@dataclass(frozen=True, slots=True)
class NoTrade:
    """``NOTRADE``: nothing so far in this mail."""


TradeCommand = Sell | Buy | NoTrade


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
    limit, the currencies, those no longer traded and the reason given for them."""

    holdings: Mapping[str, int]
    sell_limit: int
    currencies: Currencies
    dead: frozenset[str]
    dead_reason: Callable[[str], str]


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


def build_trade_set(commands: Iterable[TradeCommand | None], terms: TradeTerms) -> BuiltSet:
    """Check a mail's lines in order (None: a line that could not be read)."""
    built: list[Trade] = []
    accepted = False
    refusals: list[Refusal] = []
    for index, command in enumerate(commands):
        checked = check_line(command, built, terms)
        if isinstance(checked, str):
            refusals.append(Refusal(index, checked))
            continue
        accepted = True
        if checked is None:
            built.clear()
        else:
            built.append(checked)
    return BuiltSet(tuple(built) if accepted else None, tuple(refusals))


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
    power = terms.currencies.named(command.currency)
    if power is None:
        return "no such currency"
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
