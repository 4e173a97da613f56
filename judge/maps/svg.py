"""A scene as SVG text: one element per shape, its ``role`` as the class and its data
as ``data-*`` attributes; the board's units are the view box, so any width is a scale."""

from __future__ import annotations

from functools import cache
from xml.sax.saxutils import escape, quoteattr

from judge.maps.geometry import Point, Shape
from judge.maps.scene import Area, Circle, Group, Item, Line, Polygon, Scene

FONT = "DejaVu Sans, Verdana, Arial, Helvetica, sans-serif"
_ANCHOR = {"start": "start", "middle": "middle", "end": "end"}


def _n(value: float) -> str:
    text = f"{value:.1f}"
    return text[:-2] if text.endswith(".0") else text


def _pts(points: tuple[Point, ...]) -> str:
    return " ".join(f"{_n(x)},{_n(y)}" for x, y in points)


@cache
def _path(shape: Shape) -> str:
    """A shape's path data (cached: the board's provinces are the same every map)."""
    parts = []
    for polygon in shape:
        for ring in polygon:
            parts.append("M" + " L".join(f"{_n(x)} {_n(y)}" for x, y in ring) + "Z")
    return "".join(parts)


def _attrs(role: str, data: tuple[tuple[str, str], ...]) -> str:
    out = f' class="{role}"' if role else ""
    return out + "".join(f" data-{k}={quoteattr(v)}" for k, v in data)


def _paint(fill: str | None, stroke: str | None, width: float, dash: tuple[float, ...]) -> str:
    out = f' fill="{fill or "none"}"'
    if stroke and width:
        out += f' stroke="{stroke}" stroke-width="{_n(width)}"'
        if dash:
            out += f' stroke-dasharray="{" ".join(_n(d) for d in dash)}"'
    return out


def _item(item: Item | Group, out: list[str]) -> None:
    if isinstance(item, Group):
        move = f' transform="translate({_n(item.offset[0])},{_n(item.offset[1])})"' \
            if item.offset != (0.0, 0.0) else ""
        out.append(f"<g{_attrs(item.role, item.data)}{move}>")
        for inner in item.items:
            _item(inner, out)
        out.append("</g>")
    elif isinstance(item, Area):
        out.append(f'<path{_attrs(item.role, item.data)} d="{_path(item.shape)}"'
                   f' fill-rule="evenodd"{_paint(item.fill, item.stroke, item.width, ())}/>')
    elif isinstance(item, Line):
        out.append(f'<polyline{_attrs(item.role, item.data)} points="{_pts(item.points)}"'
                   f'{_paint(None, item.stroke, item.width, item.dash)}'
                   ' stroke-linecap="round"/>')
    elif isinstance(item, Polygon):
        out.append(f'<polygon{_attrs(item.role, item.data)} points="{_pts(item.points)}"'
                   f'{_paint(item.fill, item.stroke, item.width, item.dash)}/>')
    elif isinstance(item, Circle):
        out.append(f'<circle{_attrs(item.role, item.data)} cx="{_n(item.center[0])}"'
                   f' cy="{_n(item.center[1])}" r="{_n(item.radius)}"'
                   f'{_paint(item.fill, item.stroke, item.width, item.dash)}/>')
    else:
        weight = ' font-weight="bold"' if item.bold else ""
        out.append(f'<text{_attrs(item.role, item.data)} x="{_n(item.at[0])}"'
                   f' y="{_n(item.at[1])}" font-size="{_n(item.size)}"'
                   f' text-anchor="{_ANCHOR[item.anchor]}" dominant-baseline="central"'
                   f' fill="{item.fill}"{weight}>{escape(item.text)}</text>')


def scene_svg(scene: Scene, width: int) -> str:
    height = round(scene.height * width / scene.width)
    out = ['<?xml version="1.0" encoding="UTF-8"?>',
           f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}"'
           f' viewBox="0 0 {_n(scene.width)} {_n(scene.height)}"'
           f' font-family="{FONT}">',
           f"<title>{escape(scene.title)}</title>"]
    for item in scene.items:
        _item(item, out)
    out.append("</svg>")
    return "\n".join(out) + "\n"
