"""The commands of 1901-Shareholders as values (spec 4), and what checking one answers.

Movement and retreat orders are the engine's Order values, and so are February's builds
and dissolutions (``BUILD <unit>``: ``Build``; ``DISSOLVE <unit>`` or ``REMOVE <unit>``,
the unit's type may be left out: ``Remove``). The rest are January's dealing (the trade
lines every market reads) and February's dividend.
"""

from __future__ import annotations

from dataclasses import dataclass

from judge.engine.orders import Build, Order, Remove
from judge.money.trades import Buy, NoTrade, Sell


@dataclass(frozen=True, slots=True)
class Dividend:
    """``DIVIDEND`` (paid) or ``NO DIVIDEND``."""

    paid: bool


JanuaryCommand = Sell | Buy | NoTrade
FebruaryCommand = Dividend | Remove | Build
Command = JanuaryCommand | FebruaryCommand | Order


@dataclass(frozen=True, slots=True)
class Refused:
    """A line refused: nothing changes; ``reason`` goes back as ``<line>: <reason>``."""

    reason: str


@dataclass(frozen=True, slots=True)
class Unreadable:
    """A line the reader could not make a command of."""

    reason: str
