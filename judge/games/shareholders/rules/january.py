"""The January turn (``W{Y-1}D``): share dealing (spec 3.1, 4.1) and the new offices."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace

from judge.games.shareholders.rules.commands import Command, Refused
from judge.games.shareholders.rules.offices import office_holders
from judge.games.shareholders.rules.params import Params
from judge.games.shareholders.rules.prices import prices
from judge.games.shareholders.rules.state import Country, Player, ShareholdersGame, Step, Turn
from judge.money.counted import counted
from judge.money.trades import Buy, NoTrade, Sell


@dataclass(frozen=True, slots=True)
class Dealing:
    """A player's January set: at most one sale and any purchases, in line order."""

    sale: Sell | None = None
    purchases: tuple[Buy, ...] = ()


def opening_prices(game: ShareholdersGame, params: Params) -> dict[str, int]:
    """The prices published at the opening of this January (fixed for the turn, D2)."""
    return prices(game, params, game.turn.year)


class JanuaryDesk:
    """Checks one player's January lines against the opening prices."""

    def __init__(self, game: ShareholdersGame, params: Params, player: str) -> None:
        self.params = params
        self.player: Player = game.players[player]
        self.price = opening_prices(game, params)

    def check(self, dealing: Dealing, command: Command) -> tuple[Dealing, str | None] | Refused:
        """``dealing`` with ``command`` added (and a warning), or why it is refused."""
        if isinstance(command, NoTrade):
            return Dealing(), None
        if isinstance(command, Sell):
            refusal = self._sale_refusal(dealing, command)
            if refusal is not None:
                return Refused(refusal)
            dealing = replace(dealing, sale=command)
        elif isinstance(command, Buy):
            if command.units < 1:
                return Refused("number must be at least 1")
            if self.price.get(command.of, 0) <= 0:
                return Refused(f"{command.of} shares are worthless and cannot be bought")
            dealing = replace(dealing, purchases=(*dealing.purchases, command))
        else:
            return Refused("not a January order: January orders are SELL, BUY and NOTRADE")
        return dealing, self._warning(dealing)

    def _sale_refusal(self, dealing: Dealing, sell: Sell) -> str | None:
        held = self.player.holding(sell.of)
        if sell.units < 1:
            return "number must be at least 1"
        if sell.units > self.params.max_sell:
            return f"you may sell at most {counted(self.params.max_sell, 'share')}"
        if sell.units > held:
            return f"you hold only {counted(held, f'{sell.of} share')}"
        if dealing.sale is not None:
            return "you may sell shares of one country only"
        return None

    def _warning(self, dealing: Dealing) -> str | None:
        cost = purchase_cost(dealing, self.price)
        have = self.player.cash + sale_proceeds(dealing, self.price)
        if cost > have:
            return (f"WARNING: your purchases cost {cost} but you will have {have}; "
                    "as written, no purchase will be made")
        return None


def purchase_cost(dealing: Dealing, price: Mapping[str, int]) -> int:
    return sum(b.units * price.get(b.of, 0) for b in dealing.purchases)


def sale_proceeds(dealing: Dealing, price: Mapping[str, int]) -> int:
    sale = dealing.sale
    return 0 if sale is None else sale.units * price.get(sale.of, 0)


def deal(game: ShareholdersGame, params: Params, dealings: Mapping[str,
         Dealing]) -> ShareholdersGame:
    """The January deadline: every sale, then each player's purchases if he can pay for
    all of them (D3), then the offices (5.2); the game moves to February."""
    price = opening_prices(game, params)
    players: dict[str, Player] = {}
    for name, player in game.players.items():
        dealing = dealings.get(name, Dealing())
        cash = player.cash + sale_proceeds(dealing, price)
        shares = dict(player.holdings)
        if dealing.sale is not None:
            sold = dealing.sale.of
            shares[sold] = shares.get(sold, 0) - dealing.sale.units
        cost = purchase_cost(dealing, price)
        if cost <= cash:
            cash -= cost
            for buy in dealing.purchases:
                shares[buy.of] = shares.get(buy.of, 0) + buy.units
        players[name] = Player(name, cash, {c: n for c, n in shares.items() if n > 0})
    countries: dict[str, Country] = {}
    for name, country in game.countries.items():
        holdings = {p.name: p.holding(name) for p in players.values()}
        office = office_holders(holdings, country.office)
        countries[name] = replace(country, office=office, last_office=country.office)
    dealt = replace(game, players=players, countries=countries)
    return dealt.at(Turn(game.turn.year, Step.FEBRUARY))
