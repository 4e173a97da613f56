"""Exchange's chart: each corporation's share price as each year's bidding opens."""

from __future__ import annotations

from collections.abc import Sequence

from judge.games.exchange.rules.game import ExchangeGame, Status
from judge.games.market.mail.charts import series_of, year_of
from judge.maps import Panel


def exchange_chart(entries: Sequence[tuple[str, ExchangeGame]]) -> list[Panel]:
    """Each corporation's share price when each year's bidding opens. Not its
    treasury: that reaches only its shareholders and its leader (exchange.md 7), and
    the chart is public."""
    points = [(str(year_of(phase) + 1),
               {p: c.price for p, c in game.corporations.items()
                if c.status is not Status.UNSTARTED})
              for phase, game in entries if phase.startswith("W") and game.corporations]
    steps, prices = series_of(points)
    return [Panel("Share prices", "price (AgP)", steps, prices)]
