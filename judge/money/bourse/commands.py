"""The Bourse's commands as typed values (spec 4); the text layer reads lines into them."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class JoinBourse:
    """``JOIN BOURSE <pseudonym>``: the pseudonym as written (checked by the desk)."""

    pseudonym: str


@dataclass(frozen=True, slots=True)
class Sell:
    """``SELL <n> <currency>``: the currency as the player named it."""

    units: int
    currency: str


@dataclass(frozen=True, slots=True)
class Buy:
    """``BUY <n> <currency>``: the currency as the player named it."""

    units: int
    currency: str


@dataclass(frozen=True, slots=True)
class NoTrade:
    """``NOTRADE``: empties what the mail has built so far (D31)."""


Trade = Sell | Buy
Command = JoinBourse | Sell | Buy | NoTrade
