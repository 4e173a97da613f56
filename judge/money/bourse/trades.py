"""A member's set of trades for one turn, built line by line from a mail (D31).

The set only records what was accepted, in the order written; the checks that decide
whether a line is accepted live with each game (for the Bourse in ``checks``). The set
answers the questions those checks ask: how much of a currency this set already sells,
whether it buys it.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum


class Side(Enum):
    SELL = "SELL"
    BUY = "BUY"


@dataclass(frozen=True, slots=True)
class TradeLine:
    """One accepted line: sell or buy ``units`` of ``power``'s currency."""

    side: Side
    power: str
    units: int


@dataclass(frozen=True, slots=True)
class TradeSet:
    """The accepted lines of a set, in the order written."""

    lines: tuple[TradeLine, ...] = ()

    def with_line(self, line: TradeLine) -> TradeSet:
        """This set with one more accepted line."""
        return TradeSet((*self.lines, line))

    @property
    def sales(self) -> tuple[TradeLine, ...]:
        return tuple(t for t in self.lines if t.side is Side.SELL)

    @property
    def purchases(self) -> tuple[TradeLine, ...]:
        return tuple(t for t in self.lines if t.side is Side.BUY)

    def sold(self, power: str) -> int:
        """Units of ``power``'s currency this set sells so far."""
        return sum(t.units for t in self.sales if t.power == power)

    def sells(self, power: str) -> bool:
        return any(t.power == power for t in self.sales)

    def buys(self, power: str) -> bool:
        return any(t.power == power for t in self.purchases)
