"""Maps: the board of a phase and the markets' charts, drawn as SVG and PNG.

Pure: a position (the adjudicate contract's state) with its orders and results in,
a picture out; no file, no database, no mail. The board's drawing is data
(judge/engine/maps/standard_geometry.json, made by bin/make_geometry.py)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from judge.maps.board import board_scene, tinted_ground
from judge.maps.chart import Panel, chart_scene
from judge.maps.kept import kept_ground
from judge.maps.png import scene_png
from judge.maps.svg import scene_svg

__all__ = ["Panel", "board_png", "board_svg", "chart_png", "chart_svg"]


def board_svg(state: Mapping[str, Any], *, orders: Mapping[str, str] | None = None,
              results: Mapping[str, str] | None = None, title: str = "",
              width: int = 1200) -> str:
    """The board of ``state`` as SVG, with ``orders`` (unit -> order text) drawn and
    their ``results`` (unit -> the contract's result) marked."""
    return scene_svg(board_scene(state, orders, results, title, width), width)


def board_png(state: Mapping[str, Any], *, orders: Mapping[str, str] | None = None,
              results: Mapping[str, str] | None = None, title: str = "",
              width: int = 1200) -> bytes:
    """The same map as :func:`board_svg`, as a PNG."""
    return scene_png(board_scene(state, orders, results, title, width), width,
                     tinted_ground, kept_ground)


def chart_svg(title: str, panels: Sequence[Panel], *, width: int = 800) -> str:
    """A market's chart (one panel or more of lines by power) as SVG."""
    return scene_svg(chart_scene(title, panels), width)


def chart_png(title: str, panels: Sequence[Panel], *, width: int = 800) -> bytes:
    """The same chart as :func:`chart_svg`, as a PNG."""
    return scene_png(chart_scene(title, panels), width)
