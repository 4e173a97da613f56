"""The commands of 1901-Shareholders as values (spec 4), and what checking one answers.

Movement and retreat orders are the engine's Order values; these are the rest: January
dealing and February decisions.
"""

from __future__ import annotations

from dataclasses import dataclass

from judge.engine.orders import Order
from judge.engine.position import Unit
from judge.money.trades import Buy, NoTrade, Sell


@dataclass(frozen=True, slots=True)
class Dividend:
    """``DIVIDEND`` (paid) or ``NO DIVIDEND``."""

    paid: bool


@dataclass(frozen=True, slots=True)
class Dissolve:
    """``DISSOLVE <unit>`` or ``REMOVE <unit>``; the unit's type may be left out."""

    unit: Unit


@dataclass(frozen=True, slots=True)
class BuildUnit:
    unit: Unit


JanuaryCommand = Sell | Buy | NoTrade
FebruaryCommand = Dividend | Dissolve | BuildUnit
Command = JanuaryCommand | FebruaryCommand | Order


@dataclass(frozen=True, slots=True)
class Refused:
    """A line refused: nothing changes; ``reason`` goes back as ``<line>: <reason>``."""

    reason: str


@dataclass(frozen=True, slots=True)
class Unreadable:
    """A line the reader could not make a command of."""

    reason: str
