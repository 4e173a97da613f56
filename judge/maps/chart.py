"""A market's chart: one or more panels of lines, one line per power in the power's map
colour, over the game's years, with labelled axes and a legend. The same scene as the
board (judge.maps.scene), so the same SVG writer and PNG painter draw it."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

import judge.maps.palette as palette
from judge.maps.scene import Circle, Group, Line, Polygon, Scene, Text

WIDTH = 800.0
PANEL = 230.0      # a panel's plot height
LEFT, RIGHT = 70.0, 130.0
TOP = 40.0
GAP = 64.0         # below a panel: its x axis labels and the next panel's title


@dataclass(frozen=True, slots=True)
class Panel:
    """``series``: for each power its value at each of ``steps`` (None: no value)."""

    title: str
    unit: str                      # the y axis: "price ($)", "treasury (AgP)"
    steps: tuple[str, ...]         # the x axis: "1901", "1902", ...
    series: Mapping[str, Sequence[float | None]]
    along: str = "year"            # what the steps are


def _ticks(top: float) -> list[float]:
    """Round values from 0 to at least ``top`` for the y axis (4 to 6 of them)."""
    if top <= 0:
        return [0.0, 1.0]
    step = 1.0
    while top / step > 5:
        for factor in (2, 2.5, 2):
            step *= factor
            if top / step <= 5:
                break
    while top / step < 2 and step > 1e-9:
        step /= 2
    n = int(top / step + 0.999999)
    return [i * step for i in range(n + 1)]


def _label(value: float) -> str:
    return f"{value:.0f}" if value == int(value) else f"{value:.2f}".rstrip("0")


def chart_scene(title: str, panels: Sequence[Panel]) -> Scene:
    height = TOP + len(panels) * (PANEL + GAP) + 10
    scene = Scene(WIDTH, height, title=title)
    scene.add(Polygon(((0, 0), (WIDTH, 0), (WIDTH, height), (0, height)), palette.PAPER))
    scene.add(Text((14, 20), title, 17.0, palette.INK, "start", True, role="title"))
    powers = tuple(sorted({p for panel in panels for p in panel.series}))
    right = WIDTH - RIGHT
    for i, panel in enumerate(panels):
        top = TOP + i * (PANEL + GAP) + 24
        bottom = top + PANEL
        scene.add(Text((LEFT, top - 12), panel.title, 13.0, palette.INK, "start", True))
        values = [v for s in panel.series.values() for v in s if v is not None]
        ticks = _ticks(max(values, default=0.0))
        high = ticks[-1] or 1.0

        def y_of(value: float, bottom: float = bottom, high: float = high) -> float:
            return bottom - value / high * PANEL

        for tick in ticks:
            y = y_of(tick)
            scene.add(Line(((LEFT, y), (right, y)), "#DDDDDD", 0.8))
            scene.add(Text((LEFT - 6, y), _label(tick), 10.0, palette.INK, "end"))
        scene.add(Line(((LEFT, top), (LEFT, bottom), (right, bottom)), palette.INK, 1.2,
                       role="axis"))
        scene.add(Text((right, top - 12), f"y: {panel.unit}", 11.0, palette.INK, "end",
                       role="y-label"))
        scene.add(Text((right, bottom + 28), f"x: {panel.along}", 11.0, palette.INK, "end",
                       role="x-axis"))
        n = len(panel.steps)
        span = (right - LEFT - 20) / max(n - 1, 1)

        def x_of(k: int, span: float = span) -> float:
            return LEFT + 10 + k * span

        for k, step in enumerate(panel.steps):
            scene.add(Text((x_of(k), bottom + 12), step, 10.0, palette.INK, role="x-label"))
        for power in powers:
            values_of = panel.series.get(power)
            if not values_of:
                continue
            colour = palette.power_colour(power, powers)
            points = [(x_of(k), y_of(v)) for k, v in enumerate(values_of) if v is not None]
            items: list[Line | Circle] = []
            if len(points) > 1:
                items.append(Line(tuple(points), colour, 3.0))
            items += [Circle(p, 3.2, colour, palette.INK, 0.8) for p in points]
            scene.add(Group(tuple(items), "series", (("power", power),
                                                     ("panel", panel.title))))
    for k, power in enumerate(powers):
        y = TOP + 30 + k * 22
        scene.add(Group((Line(((right + 14, y), (right + 34, y)),
                              palette.power_colour(power, powers), 3.0),
                         Text((right + 40, y), power.title(), 12.0, palette.INK, "start")),
                        "legend", (("power", power),)))
    return scene
