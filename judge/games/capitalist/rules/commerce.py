"""Processing a commerce phase (capitalist.md 3.1, 5.1-5.3): each player's trades at the
published rates, purchases cut down when the funds run short, then the rates moved by the
net units bought."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from judge.games.capitalist.rules.params import Params
from judge.games.capitalist.rules.state import Player
from judge.money.market import executor
from judge.money.market.rates import RateMove, rate_moves
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


def execute(player: Player, trades: Sequence[Trade], rates: Mapping[str, int]) -> Account:
    """Sales credited first (D2), then purchases in the order written, each reduced to what
    the funds still pay for (5.2, D3); the SFr left is never negative."""
    run = executor.execute(trades, player.holdings, player.cash, rates)
    done = list(zip(trades, run.done, strict=True))
    executed = [Executed(trade, units) for side in (Side.SELL, Side.BUY)
                for trade, units in done if trade.side is side]
    return Account(Player(player.name, run.funds, run.holdings), tuple(executed))


def move_rates(
    rates: Mapping[str, int], accounts: Sequence[Account], annihilated: frozenset[str],
    params: Params,
) -> dict[str, RateMove]:
    """Every currency's move: whole steps of net units bought, truncated toward zero,
    never below the floor (5.3, D6); an annihilated one stays at 0."""
    traded = ((done.trade.power, -done.units if done.trade.side is Side.SELL else done.units)
              for account in accounts for done in account.executed)
    moved = rate_moves(rates, traded, [p for p in rates if p not in annihilated],
                       params.step_units, params.min_rate)
    return {p: moved.get(p) or RateMove(p, 0, 0, 0, 0) for p in rates}
