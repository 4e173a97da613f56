"""A drawing as a list of plain shapes, in board units: what the SVG writer and the PNG
painter both draw, so the two pictures are one picture.

Every shape carries a ``role`` (``unit``, ``move``, ``support``, ``failed``, ...) and
``data`` (the unit or province it stands for): the SVG writes them as ``class`` and
``data-*`` attributes, which is how the tests read a map."""

from __future__ import annotations

from dataclasses import dataclass, field

from judge.maps.geometry import Point, Shape


@dataclass(frozen=True, slots=True)
class Area:
    shape: Shape
    fill: str
    stroke: str | None = None
    width: float = 0.0
    role: str = ""
    data: tuple[tuple[str, str], ...] = ()


@dataclass(frozen=True, slots=True)
class Line:
    points: tuple[Point, ...]
    stroke: str
    width: float
    dash: tuple[float, ...] = ()
    role: str = ""
    data: tuple[tuple[str, str], ...] = ()


@dataclass(frozen=True, slots=True)
class Polygon:
    points: tuple[Point, ...]
    fill: str
    stroke: str | None = None
    width: float = 0.0
    dash: tuple[float, ...] = ()
    role: str = ""
    data: tuple[tuple[str, str], ...] = ()


@dataclass(frozen=True, slots=True)
class Circle:
    center: Point
    radius: float
    fill: str | None
    stroke: str | None = None
    width: float = 0.0
    dash: tuple[float, ...] = ()
    role: str = ""
    data: tuple[tuple[str, str], ...] = ()


@dataclass(frozen=True, slots=True)
class Text:
    at: Point
    text: str
    size: float
    fill: str
    anchor: str = "middle"   # middle, start or end; ``at`` is on the text's middle line
    bold: bool = False
    role: str = ""
    data: tuple[tuple[str, str], ...] = ()


Item = Area | Line | Polygon | Circle | Text


@dataclass(frozen=True, slots=True)
class Group:
    """Shapes that stand for one thing (an arrow: its shaft and its head)."""

    items: tuple[Item | Group, ...]
    role: str = ""
    data: tuple[tuple[str, str], ...] = ()
    offset: Point = (0.0, 0.0)   # where the group's origin is in its parent


@dataclass(slots=True)
class Scene:
    width: float
    height: float
    items: list[Item | Group] = field(default_factory=list)
    title: str = ""

    def add(self, item: Item | Group) -> None:
        self.items.append(item)


def flat(items: list[Item | Group] | tuple[Item | Group, ...], offset: Point = (0.0, 0.0)
         ) -> list[tuple[Item, Point]]:
    """The shapes in drawing order, groups opened, each with the offset it is drawn at."""
    out: list[tuple[Item, Point]] = []
    for item in items:
        if isinstance(item, Group):
            out += flat(item.items, (offset[0] + item.offset[0], offset[1] + item.offset[1]))
        else:
            out.append((item, offset))
    return out
