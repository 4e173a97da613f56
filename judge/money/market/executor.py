"""Carrying out one player's set of trades at the rates in force (capitalist.md 5.2,
bourse.md 5.2): every sale first, its proceeds added to the funds, then each purchase in
the order written, cut down to the whole units the funds still pay for."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from judge.money.trades import Side, Trade


@dataclass(frozen=True, slots=True)
class Execution:
    """A set carried out: the units done for each line in the order written (fewer than
    asked for a reduced purchase), the holdings after and the funds left (never
    negative)."""

    done: tuple[int, ...]
    holdings: dict[str, int]
    funds: int


def execute(trades: Sequence[Trade], holdings: Mapping[str, int], funds: int,
            rates: Mapping[str, int]) -> Execution:
    """Sell, then buy with what ``funds`` (plus the sales' proceeds) still cover."""
    held = dict(holdings)
    for trade in trades:
        if trade.side is Side.SELL:
            held[trade.power] = held.get(trade.power, 0) - trade.units
            funds += trade.units * rates[trade.power]
    done: list[int] = []
    for trade in trades:
        if trade.side is Side.SELL:
            done.append(trade.units)
            continue
        rate = rates[trade.power]
        bought = min(trade.units, funds // rate)
        funds -= bought * rate
        held[trade.power] = held.get(trade.power, 0) + bought
        done.append(bought)
    return Execution(tuple(done), held, funds)
