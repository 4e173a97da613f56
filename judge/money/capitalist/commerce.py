"""Processing a commerce phase (capitalist.md 3.1, 5.1-5.3): each player's trades at the
published rates, purchases cut down when the funds run short, then the rates moved by the
net units bought."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from judge.money.capitalist.params import Params
from judge.money.capitalist.state import Player
from judge.money.market import executor
from judge.money.market.rates import moved_rate
from judge.money.trades import Side, Trade


@dataclass(frozen=True, slots=True)
class Executed:
    """A trade as carried out: the units actually moved (fewer than ordered when a
    purchase was reduced)."""

    trade: Trade
    units: int

    @property
    def reduced(self) -> bool:
        return self.units < self.trade.units


@dataclass(frozen=True, slots=True)
class Account:
    """One player after his trades, and what was executed."""

    player: Player
    executed: tuple[Executed, ...]


@dataclass(frozen=True, slots=True)
class RateMove:
    """One currency's market of the phase: units bought and sold, old and new rate."""

    bought: int
    sold: int
    old: int
    new: int


def execute(player: Player, trades: Sequence[Trade], rates: Mapping[str, int]) -> Account:
    """Sales credited first (D2), then purchases in the order written, each reduced to what
    the funds still pay for (5.2, D3); the SFr left is never negative."""
    run = executor.execute(trades, player.holdings, player.sfr, rates)
    done = list(zip(trades, run.done, strict=True))
    executed = [Executed(trade, units) for side in (Side.SELL, Side.BUY)
                for trade, units in done if trade.side is side]
    return Account(Player(player.name, run.funds, run.holdings), tuple(executed))


def move_rates(
    rates: Mapping[str, int], accounts: Sequence[Account], annihilated: frozenset[str],
    params: Params,
) -> dict[str, RateMove]:
    """Every surviving currency's move: whole steps of net units bought, truncated toward
    zero, never below the floor (5.3, D6); an annihilated one stays at 0."""
    bought = dict.fromkeys(rates, 0)
    sold = dict.fromkeys(rates, 0)
    for account in accounts:
        for done in account.executed:
            tally = sold if done.trade.side is Side.SELL else bought
            tally[done.trade.power] += done.units
    moves: dict[str, RateMove] = {}
    for power, old in rates.items():
        if power in annihilated:
            moves[power] = RateMove(0, 0, 0, 0)
            continue
        moves[power] = RateMove(bought[power], sold[power], old,
                                moved_rate(old, bought[power] - sold[power],
                                           params.STEP_UNITS, params.MIN_RATE))
    return moves
