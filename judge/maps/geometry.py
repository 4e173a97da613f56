"""The standard board's drawing, read once from judge/engine/maps/standard_geometry.json.

The file is data made by bin/make_geometry.py (see docs/maps.md): the judge reads it and
never the sources it was made from. Coordinates are board units: the drawing is
``width`` (1,200) units wide, y downwards.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import cache
from importlib import resources

from judge.engine.maps import STANDARD_MAP

Point = tuple[float, float]
Ring = tuple[Point, ...]
Shape = tuple[tuple[Ring, ...], ...]  # polygons, each its exterior ring then its holes


@dataclass(frozen=True, slots=True)
class Area:
    """A province (or a coast of one) as drawn."""

    abbr: str
    terrain: str          # land, coast, sea, impassable (a coast area: "coast")
    shape: Shape
    unit: Point           # where a unit stands
    label: Point | None   # the middle of the province's name
    center: Point | None  # the supply centre's marker
    leader: Point | None  # a label drawn outside: the end of its line in the province


@dataclass(frozen=True, slots=True)
class Geometry:
    name: str
    width: float
    height: float
    areas: dict[str, Area]      # provinces and coasts ("STP/NC") by abbreviation
    land: Shape                 # land of no province (islands, the desert)
    lakes: tuple[Ring, ...]

    def point(self, location: str) -> Point:
        """Where a unit at ``location`` (``PAR``, ``STP/NC``) stands; a coast the
        drawing does not know falls back on its province."""
        area = self.areas.get(location) or self.areas[location.split("/")[0]]
        return area.unit

    def provinces(self) -> list[Area]:
        return [a for a in self.areas.values() if "/" not in a.abbr]


def _point(raw: list[float] | None) -> Point | None:
    return None if raw is None else (float(raw[0]), float(raw[1]))


def _shape(raw: list[list[list[list[float]]]]) -> Shape:
    return tuple(tuple(tuple((float(x), float(y)) for x, y in ring) for ring in polygon)
                 for polygon in raw)


def geometry_text(name: str = STANDARD_MAP) -> str:
    """The drawing's file as it is (judge.maps.kept knows a painted ground by it)."""
    return resources.files("judge.engine").joinpath(
        "maps", f"{name}_geometry.json").read_text(encoding="utf-8")


@cache
def load_geometry(name: str = STANDARD_MAP) -> Geometry:
    data = json.loads(geometry_text(name))
    areas: dict[str, Area] = {}
    for abbr, p in data["provinces"].items():
        unit = _point(p["unit"])
        assert unit is not None
        areas[abbr] = Area(abbr, p["terrain"], _shape(p["shape"]), unit,
                           _point(p.get("label")), _point(p.get("center")),
                           _point(p.get("leader")))
    for abbr, c in data["coasts"].items():
        unit = _point(c["unit"])
        assert unit is not None
        areas[abbr] = Area(abbr, "coast", _shape(c["shape"]), unit, None, None, None)
    lakes = tuple(tuple((float(x), float(y)) for x, y in ring) for ring in data["lakes"])
    return Geometry(data["name"], float(data["width"]), float(data["height"]), areas,
                    _shape(data["land"]), lakes)
