"""1901-Shareholders' chart: its share prices as published each January."""

from __future__ import annotations

from collections.abc import Sequence

from judge.games.market.mail.charts import series_of, year_of
from judge.games.shareholders.mail.reader import Kept
from judge.maps import Panel


def shareholders_chart(entries: Sequence[tuple[str, Kept]]) -> list[Panel]:
    """Share prices as published each January (the kept state's ``prices``)."""
    points = [(str(year_of(phase) + (1 if phase.startswith("W") else 0)), kept.prices)
              for phase, kept in entries if kept.prices]
    steps, series = series_of(points)
    return [Panel("Share prices, each January", "price ($)", steps, series)]
