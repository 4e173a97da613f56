"""Share prices (spec 5.1) and net worth (5.9)."""

from __future__ import annotations

from judge.games.shareholders.rules.params import Params
from judge.games.shareholders.rules.state import ShareholdersGame

FIRST_YEAR = 1901


def share_price(game: ShareholdersGame, country: str, params: Params, january_of: int) -> int:
    """The price of one share of ``country`` in the January of year ``january_of``:
    $100 per centre owned and unit on the board, plus the bonus in the first game year
    (D31) or when last February's revenue was kept; 0 when the country has neither."""
    k = len(game.centers_of(country)) + len(game.units_of(country))
    if k == 0:
        return 0
    c = game.countries[country]
    kept = c.revenue_last > 0 and not c.dividend_last
    bonus = params.price_bonus if january_of == FIRST_YEAR or kept else 0
    return params.share_unit * k + bonus


def prices(game: ShareholdersGame, params: Params, january_of: int) -> dict[str, int]:
    """Every country's price in the January of year ``january_of``."""
    return {c: share_price(game, c, params, january_of) for c in game.countries}


def net_worths(game: ShareholdersGame, price: dict[str, int]) -> dict[str, int]:
    """Cash plus shares at ``price`` for every player (5.9)."""
    return {
        name: p.cash + sum(n * price.get(c, 0) for c, n in p.holdings.items())
        for name, p in game.players.items()
    }
