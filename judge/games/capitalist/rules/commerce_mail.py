"""One player's commerce mail checked line by line (capitalist.md 4.1, D23-D25, D31, D36):
the set it builds, the refused lines with the spec's reasons, and the over-spending
warning the judge can give at once, since rates, holdings and SFr cannot change during
the phase."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from judge.games.capitalist.rules.currency import CURRENCIES
from judge.games.capitalist.rules.params import Params
from judge.games.capitalist.rules.state import Economy, Player, centimes
from judge.money.trades import Refusal, Side, Trade, TradeCommand, TradeTerms, build_trade_set


def annihilated_reason(power: str) -> str:
    """Why an annihilated power's currency is refused (4.1)."""
    return f"{power} is annihilated; its currency cannot be traded"


@dataclass(frozen=True, slots=True)
class CommerceMail:
    """What a commerce mail did: the order set it built (None: the player's set stays),
    its refused lines (by index) and the warning for the set, if any."""

    trades: tuple[Trade, ...] | None
    refusals: tuple[Refusal, ...]
    warning: str | None
    undone: tuple[int, ...] = ()  # accepted lines a later NOTRADE emptied (by index)


def check_commerce(
    commands: Sequence[TradeCommand | None], player: Player, economy: Economy, params: Params
) -> CommerceMail:
    """A player's commerce lines (None: unreadable) checked against his account."""
    terms = TradeTerms(
        holdings=player.holdings,
        sell_limit=params.sell_limit,
        currencies=CURRENCIES,
        dead=economy.annihilated,
        dead_reason=annihilated_reason,
    )
    built = build_trade_set(commands, terms)
    warning = None
    if built.trades is not None:
        warning = overspending(built.trades, player.cash, economy.rates)
    return CommerceMail(built.trades, built.refusals, warning, built.undone)


def overspending(trades: Sequence[Trade], sfr: int, rates: Mapping[str, int]) -> str | None:
    """The 4.1 warning when the purchases cost more than the SFr plus the sales' proceeds."""
    funds = sfr + sum(t.units * rates[t.power] for t in trades if t.side is Side.SELL)
    cost = sum(t.units * rates[t.power] for t in trades if t.side is Side.BUY)
    if cost <= funds:
        return None
    return (
        f"WARNING: your purchases cost {centimes(cost)} SFr but you will have "
        f"{centimes(funds)} SFr; they will be reduced as the rules require"
    )
