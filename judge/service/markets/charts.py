"""The markets' charts: the game so far as a picture, with each year-end's letters.

Each market kind says what its chart shows (its ``chart`` part): Exchange its share
prices (not the treasuries, which only a corporation's shareholders and leader may
see), 1901-Shareholders its share prices, Capitalist and the Bourse their currency
rates. A chart is read from the states the game's phases opened with (oldest first)
and the state the next phase opens with; it goes out as a public letter of its own,
whose text gives the same figures, when the phase played ends a year (the kind's
``year_end``); the Bourse's rides on its Fall turn letter."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from judge.maps import Panel, chart_png
from judge.service.markets.capitalist_reader import kept as capitalist_kept
from judge.service.markets.shareholders_reader import kept as shareholders_kept

Entry = Mapping[str, Any]  # {"phase": ..., "state": ...}: a phase and the state it opened with


def _year(phase: str) -> int:
    return int(phase[1:5]) if len(phase) >= 5 and phase[1:5].isdigit() else 0


def _series(points: Sequence[tuple[str, Mapping[str, Any]]]) -> tuple[tuple[str, ...],
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


def shareholders_chart(entries: Sequence[Entry]) -> list[Panel]:
    """Share prices as published each January (the kept state's ``prices``, typed)."""
    kept = [(e["phase"], shareholders_kept(e["state"]).prices) for e in entries]
    points = [(str(_year(phase) + (1 if phase.startswith("W") else 0)), prices)
              for phase, prices in kept if prices]
    steps, series = _series(points)
    return [Panel("Share prices, each January", "price ($)", steps, series)]


def exchange_chart(entries: Sequence[Entry]) -> list[Panel]:
    """Each corporation's share price when each year's bidding opens. Not its
    treasury: that reaches only its shareholders and its leader (exchange.md 7), and
    the chart is public."""
    points = [(str(_year(e["phase"]) + 1),
               {p: c.get("price") for p, c in e["state"].get("corporations", {}).items()
                if c.get("status", "UNSTARTED") != "UNSTARTED"})
              for e in entries if e["phase"].startswith("W")
              and e["state"].get("corporations")]
    steps, prices = _series(points)
    return [Panel("Share prices", "price (AgP)", steps, prices)]


def capitalist_chart(entries: Sequence[Entry]) -> list[Panel]:
    """Each currency's rate as published at each commerce phase (centimes as francs)."""
    games = [(e["phase"], capitalist_kept(e["state"])) for e in entries]
    points = [(phase[:5], {p: r / 100 for p, r in game.economy.rates.items()})
              for phase, game in games]
    steps, series = _series(points)
    return [Panel("Currency rates", "rate (SFr)", steps, series, "season")]


def bourse_chart(entries: Sequence[Entry]) -> list[Panel]:
    """The Bourse's currency rates (cents as dollars) as each host phase opened."""
    points = [(e["phase"][:5] if e["phase"] != "after" else "now",
               {p: r / 100 for p, r in e["state"].get("rates", {}).items()})
              for e in entries if e["state"].get("rates")]
    steps, series = _series(points)
    return [Panel("Currency rates", "rate ($)", steps, series, "season")]


def chart_picture(title: str, chart: Callable[[Sequence[Entry]], list[Panel]],
                  entries: Sequence[Entry], name: str) -> tuple[tuple[bytes, str],
                                                                list[Panel]] | None:
    """The chart as a PNG (and its panels, for the letter's text); None when it would
    show nothing yet."""
    panels = [p for p in chart(entries) if p.steps and p.series]
    if not panels:
        return None
    return (chart_png(title, panels), name), panels
