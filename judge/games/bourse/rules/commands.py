"""The Bourse's commands as typed values (spec 4); the text layer reads lines into them.

``SELL``, ``BUY`` and ``NOTRADE`` are the market's trade commands
(``judge.money.trades``), checked by the rules every market shares; ``JOIN BOURSE`` is the
Bourse's own.
"""

from __future__ import annotations

from dataclasses import dataclass

from judge.money import trades


@dataclass(frozen=True, slots=True)
class JoinBourse:
    """``JOIN BOURSE <pseudonym>``: the pseudonym as written (checked by the desk)."""

    pseudonym: str


class Sell(trades.Sell):
    """``SELL <n> <currency>``: the currency as the player named it."""

    __slots__ = ()


class Buy(trades.Buy):
    """``BUY <n> <currency>``: the currency as the player named it."""

    __slots__ = ()


class NoTrade(trades.NoTrade):
    """``NOTRADE``: empties what the mail has built so far (D31)."""

    __slots__ = ()


Trade = Sell | Buy
Command = JoinBourse | Sell | Buy | NoTrade
