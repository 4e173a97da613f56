"""A member's set of trades for one turn: the lines his last accepted mail built (D31).

The lines are the market's ``Trade`` values, built and checked by the rules every market
shares (``judge.money.trades``); the set keeps them in the order written for the turn.
"""

from __future__ import annotations

from dataclasses import dataclass

from judge.money.trades import Side, Trade

__all__ = ["Side", "TradeSet"]


@dataclass(frozen=True, slots=True)
class TradeSet:
    """The accepted lines of a set, in the order written."""

    lines: tuple[Trade, ...] = ()

    @property
    def sales(self) -> tuple[Trade, ...]:
        return tuple(t for t in self.lines if t.side is Side.SELL)
