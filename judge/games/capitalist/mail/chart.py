"""Capitalist's chart: each currency's rate at each commerce phase."""

from __future__ import annotations

from collections.abc import Sequence

from judge.games.capitalist.rules.state import CapitalistGame
from judge.games.market.mail.charts import series_of
from judge.maps import Panel


def capitalist_chart(entries: Sequence[tuple[str, CapitalistGame]]) -> list[Panel]:
    """Each currency's rate as published at each commerce phase (centimes as francs)."""
    points = [(phase[:5], {p: r / 100 for p, r in game.economy.rates.items()})
              for phase, game in entries]
    steps, series = series_of(points)
    return [Panel("Currency rates", "rate (SFr)", steps, series, "season")]
