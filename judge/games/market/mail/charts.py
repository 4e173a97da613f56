"""The markets' charts: the game so far as a picture, with each year-end's letters.

Each market kind says what its chart shows (its ``chart`` part, in its folder's
``mail/chart.py``): Exchange its share prices (not the treasuries, which only a
corporation's shareholders and leader may see), 1901-Shareholders its share prices,
Capitalist and the Bourse their currency rates. A market kind's chart is read from the
states the game's phases opened with (oldest first, each typed with its phase's name) and
the state the next phase opens with; it goes out as a public letter of its own, whose
text gives the same figures, when the phase played ends a year (the kind's
``year_end``); the Bourse's (drawn by judge.games.bourse.mail.turns with the same
pieces) rides on its Fall turn letter. What they share is here: the series and the
picture."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any, TypeVar

from judge.maps import Panel, chart_png

E = TypeVar("E")


def year_of(phase: str) -> int:
    """The year a phase's name gives (``W1901A``: 1901); 0 for a name without one."""
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








def chart_picture(title: str, chart: Callable[[Sequence[E]], list[Panel]],
                  entries: Sequence[E], name: str) -> tuple[tuple[bytes, str],
                                                                list[Panel]] | None:
    """The chart as a PNG (and its panels, for the letter's text); None when it would
    show nothing yet."""
    panels = [p for p in chart(entries) if p.steps and p.series]
    if not panels:
        return None
    return (chart_png(title, panels), name), panels
