"""The markets' charts: the game so far as a picture, with each year-end's letters.

Each market kind says what its chart shows (its ``chart`` part): Exchange its share
prices (not the treasuries, which only a corporation's shareholders and leader may
see), 1901-Shareholders its share prices, Capitalist and the Bourse their currency
rates. A market kind's chart is read from the states the game's phases opened with
(oldest first, each typed with its phase's name) and the state the next phase opens
with; it goes out as a public letter of its own,
whose text gives the same figures, when the phase played ends a year (the kind's
``year_end``); the Bourse's (drawn by judge.service.markets.bourse.turns with the
same pieces) rides on its Fall turn letter."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any, TypeVar

from judge.maps import Panel, chart_png
from judge.money.capitalist.state import CapitalistGame
from judge.money.exchange.game import ExchangeGame, Status
from judge.service.markets.shareholders_reader import Kept

E = TypeVar("E")


def _year(phase: str) -> int:
    return int(phase[1:5]) if len(phase) >= 5 and phase[1:5].isdigit() else 0


def series_of(points: Sequence[tuple[str, Mapping[str, Any]]]) -> tuple[tuple[str, ...],
                                                                     dict[str, list[float | None]]]:
    """Steps and each power's values, from (step, {power: value}) pairs (a step once:
    its last values)."""
    kept: dict[str, Mapping[str, Any]] = {}
    for step, values in points:
        kept[step] = values
    steps = tuple(kept)
    powers = sorted({p for values in kept.values() for p in values})
    series: dict[str, list[float | None]] = {
        p: [float(kept[s][p]) if isinstance(kept[s].get(p), (int, float)) else None
            for s in steps] for p in powers}
    return steps, series


def shareholders_chart(entries: Sequence[tuple[str, Kept]]) -> list[Panel]:
    """Share prices as published each January (the kept state's ``prices``)."""
    points = [(str(_year(phase) + (1 if phase.startswith("W") else 0)), kept.prices)
              for phase, kept in entries if kept.prices]
    steps, series = series_of(points)
    return [Panel("Share prices, each January", "price ($)", steps, series)]


def exchange_chart(entries: Sequence[tuple[str, ExchangeGame]]) -> list[Panel]:
    """Each corporation's share price when each year's bidding opens. Not its
    treasury: that reaches only its shareholders and its leader (exchange.md 7), and
    the chart is public."""
    points = [(str(_year(phase) + 1),
               {p: c.price for p, c in game.corporations.items()
                if c.status is not Status.UNSTARTED})
              for phase, game in entries if phase.startswith("W") and game.corporations]
    steps, prices = series_of(points)
    return [Panel("Share prices", "price (AgP)", steps, prices)]


def capitalist_chart(entries: Sequence[tuple[str, CapitalistGame]]) -> list[Panel]:
    """Each currency's rate as published at each commerce phase (centimes as francs)."""
    points = [(phase[:5], {p: r / 100 for p, r in game.economy.rates.items()})
              for phase, game in entries]
    steps, series = series_of(points)
    return [Panel("Currency rates", "rate (SFr)", steps, series, "season")]


def chart_picture(title: str, chart: Callable[[Sequence[E]], list[Panel]],
                  entries: Sequence[E], name: str) -> tuple[tuple[bytes, str],
                                                                list[Panel]] | None:
    """The chart as a PNG (and its panels, for the letter's text); None when it would
    show nothing yet."""
    panels = [p for p in chart(entries) if p.steps and p.series]
    if not panels:
        return None
    return (chart_png(title, panels), name), panels
