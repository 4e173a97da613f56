"""Make the standard board's geometry: judge/engine/maps/standard_geometry.json.

A generator, run by hand when the drawing changes (never by the judge): it reads
Natural Earth's public-domain 1:50m land and lakes (``--naturalearth``, by default
../shared/data/naturalearth/), projects them, and cuts the land and the sea into the
board's provinces around the seed points below. Each province is the union of the
Voronoi cells of its seeds, clipped to the land (or the sea); a piece of a province cut
off from its main body is given to the neighbour it shares the longest border with.
The straits the board closes (the Danish belts, the Sound, the Sea of Marmara) are
filled with land first. docs/maps.md tells how it was made and lists every place
where the drawing and the board's adjacencies part.

Needs shapely (a development dependency: ``pip install shapely``); the judge reads only
the JSON it writes.

    .venv/bin/python bin/make_geometry.py [--naturalearth DIR] [--preview out.png]
"""

from __future__ import annotations

import argparse
import json
import math
from pathlib import Path
from typing import Any

from shapely import transform, voronoi_polygons
from shapely.geometry import LineString, MultiPoint, Point, Polygon, box, shape
from shapely.geometry.base import BaseGeometry
from shapely.ops import polylabel, unary_union
from shapely.prepared import prep

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "judge" / "engine" / "maps" / "standard_geometry.json"
MAP = ROOT / "judge" / "engine" / "maps" / "standard.json"

# Lambert azimuthal equal-area projection centred on central Europe.
LON0, LAT0 = 15.0, 50.0
# The board's frame in projected units, and the drawing's width in board units (pixels
# at the renderer's default width).
FRAME = (-0.40, -0.285, 0.405, 0.405)
WIDTH = 1200.0
SCALE = WIDTH / (FRAME[2] - FRAME[0])
HEIGHT = round((FRAME[3] - FRAME[1]) * SCALE)
SIMPLIFY = 0.9          # board units: the coastline's detail
MIN_ISLAND = 30.0       # board units squared: smaller islands are left out
MIN_LAKE = 60.0

# Seeds, (longitude, latitude): each province is the union of its seeds' Voronoi cells.
LAND_SEEDS: dict[str, list[tuple[float, float]]] = {
    "CLY": [(-4.6, 56.0), (-5.3, 57.2), (-4.8, 58.3), (-5.2, 56.6)],
    "EDI": [(-3.2, 56.1), (-2.6, 57.2), (-3.6, 58.0), (-2.4, 55.6)],
    "LVP": [(-2.9, 53.6), (-3.0, 54.6), (-4.4, 55.0)],
    "YOR": [(-1.2, 54.0), (-1.6, 53.0), (-1.6, 54.8), (-2.1, 52.5)],
    "WAL": [(-3.6, 52.3), (-4.0, 51.7), (-4.3, 52.9), (-4.4, 50.5), (-3.0, 51.0)],
    "LON": [(-0.1, 51.5), (0.8, 52.3), (-1.3, 51.2)],
    "BRE": [(-3.5, 48.2), (-1.2, 48.6), (0.0, 49.2)],
    "PIC": [(2.2, 49.9), (1.0, 49.8), (3.3, 50.1)],
    "PAR": [(2.3, 48.6), (1.0, 47.8), (3.0, 47.8)],
    "GAS": [(-0.6, 44.5), (0.5, 46.0), (-0.5, 43.4), (1.5, 44.5)],
    "BUR": [(4.8, 47.5), (5.5, 49.0), (4.2, 46.2), (6.5, 48.3)],
    "MAR": [(5.4, 43.6), (3.3, 43.5), (6.5, 44.3), (5.2, 44.8)],
    "BEL": [(4.5, 50.6), (5.7, 50.0), (3.3, 51.0)],
    "HOL": [(5.5, 52.2), (6.5, 53.0), (4.6, 52.0)],
    "KIE": [(9.5, 53.6), (8.0, 53.0), (10.0, 54.3), (7.6, 52.2)],
    "RUH": [(7.0, 51.2), (7.8, 50.3), (6.3, 50.5)],
    "MUN": [(11.5, 48.5), (10.0, 49.8), (11.5, 50.5), (9.0, 48.3)],
    "BER": [(13.4, 52.5), (12.8, 53.9), (11.5, 52.6)],
    "PRU": [(17.5, 54.0), (20.5, 54.7), (15.5, 53.6), (22.0, 54.3)],
    "SIL": [(16.5, 51.2), (15.0, 51.8), (18.3, 51.2)],
    "DEN": [(9.3, 56.1), (12.0, 55.5), (9.3, 55.2), (10.2, 57.3)],
    "NWY": [(10.7, 60.0), (6.5, 60.5), (8.0, 58.5), (13.0, 65.5), (17.5, 68.8),
            (25.0, 70.3), (10.5, 62.5), (28.5, 70.0), (15.0, 67.5), (19.5, 69.5),
            (12.0, 64.5)],
    "SWE": [(15.0, 59.0), (16.5, 62.0), (13.5, 56.6), (20.0, 66.0), (18.0, 60.0),
            (14.5, 64.0)],
    "FIN": [(25.5, 61.5), (26.0, 64.5), (26.5, 68.0), (22.5, 61.5)],
    "STP": [(30.3, 59.9), (34.0, 63.5), (33.0, 68.0), (40.0, 64.5), (37.5, 67.0),
            (45.0, 66.5), (29.0, 61.5), (48.0, 65.0), (44.0, 63.0), (52.0, 67.0)],
    "LVN": [(24.0, 57.0), (25.5, 58.8), (26.5, 56.8), (22.0, 56.2)],
    "MOS": [(37.6, 55.8), (33.0, 55.0), (45.0, 59.5), (42.0, 52.5), (38.0, 60.0),
            (30.5, 56.5), (48.0, 55.0), (29.5, 54.0)],
    "WAR": [(21.0, 52.2), (22.5, 51.0), (19.5, 52.5), (23.5, 53.0), (25.5, 52.5)],
    "UKR": [(30.5, 50.4), (28.0, 49.0), (33.0, 49.0), (26.5, 50.5), (35.0, 50.8)],
    "SEV": [(34.0, 45.0), (38.0, 47.0), (42.0, 48.0), (40.0, 44.5), (32.0, 46.8),
            (45.0, 46.0), (36.0, 47.5)],
    "GAL": [(24.0, 49.8), (22.0, 49.5), (25.5, 48.3), (20.5, 49.8), (19.4, 49.3)],
    "BOH": [(14.5, 50.0), (13.5, 49.3), (15.8, 49.6), (17.5, 49.6), (13.8, 48.9)],
    "VIE": [(16.3, 48.2), (15.0, 47.3), (14.5, 47.7), (18.5, 48.5)],
    "TYR": [(11.4, 47.3), (12.0, 46.4), (10.3, 46.5), (13.2, 47.9)],
    "BUD": [(19.0, 47.5), (21.5, 47.0), (22.5, 48.3), (17.5, 46.5)],
    "TRI": [(14.5, 45.5), (16.5, 44.5), (18.0, 43.4), (15.5, 45.2)],
    "SER": [(20.5, 44.0), (21.5, 43.0), (19.5, 44.5)],
    "ALB": [(20.0, 41.0), (19.8, 42.0)],
    "GRE": [(22.5, 39.5), (22.0, 37.5), (23.0, 40.7), (21.2, 39.8)],
    "BUL": [(25.0, 42.6), (27.0, 42.8), (23.5, 42.2), (26.0, 43.5), (25.5, 41.1)],
    "RUM": [(25.0, 45.0), (28.0, 45.5), (23.5, 46.5), (29.5, 46.3), (27.0, 47.3)],
    "CON": [(29.0, 41.0), (27.0, 41.3), (30.0, 40.5), (26.5, 40.3)],
    "ANK": [(33.0, 40.0), (36.0, 41.0), (31.5, 40.6), (34.0, 41.6)],
    "SMY": [(27.5, 38.5), (31.0, 37.5), (35.0, 37.2), (28.5, 39.5), (33.0, 38.3)],
    "ARM": [(41.0, 40.0), (39.0, 40.5), (44.0, 41.0), (43.0, 38.5)],
    "SYR": [(37.0, 35.0), (39.0, 36.2), (42.0, 35.0), (36.0, 33.0), (44.0, 34.0)],
    "PIE": [(7.7, 45.0), (8.5, 44.6), (9.3, 45.9)],
    "VEN": [(12.0, 45.5), (11.0, 45.0), (12.3, 44.2), (10.0, 45.2)],
    "TUS": [(11.0, 43.5), (10.3, 44.0)],
    "ROM": [(12.5, 42.0), (13.5, 41.5)],
    "NAP": [(15.5, 40.5), (16.3, 39.0), (14.0, 37.5), (15.2, 37.5)],
    "APU": [(16.5, 41.0), (15.0, 41.7), (14.2, 42.3)],
    "POR": [(-8.0, 39.5), (-8.2, 41.3), (-8.0, 37.5)],
    "SPA": [(-3.7, 40.4), (-5.0, 42.5), (0.0, 41.0), (-4.0, 37.5), (-1.0, 38.5)],
    "NAF": [(-5.0, 33.0), (2.0, 34.0), (-1.0, 35.0), (5.5, 35.0), (-8.0, 31.0)],
    "TUN": [(9.5, 35.5), (10.0, 33.0), (13.0, 31.5), (17.0, 30.5)],
    "SWI": [(8.2, 46.8), (7.0, 46.5), (9.5, 46.7)],
}
# Land that is in no province: the Nile's country and the desert east of Tunis.
NEUTRAL_SEEDS = [(24.0, 31.0), (30.0, 30.5), (34.5, 30.3), (21.0, 30.0)]
# Islands drawn as land of no province (a point inside each).
NEUTRAL_ISLANDS = [(-8.0, 53.0), (-6.8, 54.6), (-19.0, 64.8), (9.1, 42.1), (9.0, 40.0),
                   (3.0, 39.6), (4.1, 40.0), (1.4, 39.0), (25.0, 35.2), (33.0, 35.0),
                   (-7.0, 62.0), (20.0, 60.2), (15.0, 78.0)]
SEA_SEEDS: dict[str, list[tuple[float, float]]] = {
    "NAO": [(-20.0, 58.0), (-15.0, 53.0), (-25.0, 62.0), (-12.0, 58.5), (-7.5, 56.0),
            (-28.0, 52.0), (-6.0, 55.6)],
    "NWG": [(2.0, 65.0), (-3.0, 62.8), (-3.5, 59.6), (10.0, 69.0), (-8.0, 67.0), (5.0, 63.0),
            (16.0, 71.5), (-12.0, 70.0)],
    "BAR": [(40.0, 71.0), (30.0, 72.0), (38.5, 65.5), (47.0, 69.0), (24.0, 73.0),
            (42.0, 67.0)],
    "NTH": [(3.0, 56.0), (2.0, 54.0), (4.0, 58.5), (0.0, 58.0), (3.5, 53.0), (1.0, 60.0),
            (2.8, 51.6), (7.2, 56.5)],
    "SKA": [(9.5, 57.8), (11.5, 57.0), (10.8, 58.6), (11.8, 56.2)],
    "HEL": [(7.5, 54.2), (8.2, 54.8), (6.5, 53.7)],
    "BAL": [(17.0, 55.5), (14.0, 54.8), (19.5, 57.5), (20.0, 55.5), (11.5, 54.3),
            (22.5, 57.6)],
    "BOT": [(20.5, 63.0), (23.0, 65.0), (20.0, 60.8), (25.0, 59.9), (28.0, 60.2),
            (18.8, 60.0)],
    "ENG": [(-2.0, 50.0), (-5.0, 49.6), (0.8, 50.5), (1.3, 50.9)],
    "IRI": [(-5.0, 53.5), (-6.5, 51.5), (-4.5, 53.9), (-5.5, 52.3)],
    "MAO": [(-12.0, 45.0), (-15.0, 40.0), (-10.0, 36.0), (-6.0, 46.0), (-20.0, 47.0),
            (-13.0, 33.0), (-6.5, 36.2), (-9.0, 49.5), (-4.0, 44.0)],
    "WES": [(2.0, 39.0), (-2.0, 36.7), (5.0, 38.5), (7.5, 38.0), (-4.2, 36.1)],
    "GOL": [(4.5, 42.5), (7.0, 42.8), (8.6, 43.8), (3.4, 41.5)],
    "TYS": [(12.0, 40.0), (11.0, 38.6), (10.5, 42.0), (13.5, 39.2)],
    "ION": [(18.0, 37.0), (20.0, 34.0), (14.0, 34.5), (19.0, 39.5), (16.0, 36.5),
            (22.0, 35.0), (12.5, 35.5)],
    "ADR": [(15.0, 43.0), (17.5, 42.0), (13.3, 44.6), (18.7, 41.3)],
    "AEG": [(25.0, 39.0), (24.5, 37.0), (25.5, 40.3), (26.0, 36.0), (23.5, 40.2)],
    "BLA": [(34.0, 43.0), (31.0, 43.5), (38.0, 42.5), (30.0, 42.0), (37.0, 45.5)],
    "EAS": [(32.0, 34.0), (34.5, 35.5), (28.0, 34.5), (30.5, 36.0)],
}
# Water the board closes, filled with land: (polygon in lon/lat, its province).
FILLS: list[tuple[list[tuple[float, float]], str]] = [
    # the Sea of Marmara with the Dardanelles and the Bosporus: Constantinople's
    ([(26.2, 40.05), (26.6, 39.97), (27.5, 40.2), (29.95, 40.2), (29.95, 41.22),
      (28.0, 41.2), (26.95, 40.75), (26.6, 40.45), (26.2, 40.15)], "CON"),
]
# Land bridges where the board joins land the sea parts (width in board units).
BRIDGES: list[tuple[tuple[float, float], tuple[float, float], str]] = [
    ((9.6, 55.55), (10.0, 55.45), "DEN"),    # the Little Belt
    ((10.7, 55.3), (11.3, 55.35), "DEN"),    # the Great Belt
    ((12.45, 55.75), (13.05, 55.62), "SWE"),  # the Sound: Denmark and Sweden touch
]
BRIDGE_WIDTH = 5.0
# The split coasts: the seas each coast lies on.
COASTS = {
    "STP/NC": ["BAR"], "STP/SC": ["BOT"],
    "SPA/NC": ["MAO"], "SPA/SC": ["WES", "GOL"],
    "BUL/EC": ["BLA"], "BUL/SC": ["AEG"],
}
COAST_DEPTH = 22.0    # board units: how far inland a coast's area reaches
UNIT_ROOM = 12.0      # board units: the room a unit takes around its point
CENTER_ROOM = 6.0     # the room a centre marker takes
LABEL = (24.0, 11.0)  # a label's box


def project(lon: float, lat: float) -> tuple[float, float]:
    """Lambert azimuthal equal-area, then into board units (y down)."""
    lam, phi, phi0 = math.radians(lon - LON0), math.radians(lat), math.radians(LAT0)
    k = math.sqrt(2 / (1 + math.sin(phi0) * math.sin(phi)
                       + math.cos(phi0) * math.cos(phi) * math.cos(lam)))
    x = k * math.cos(phi) * math.sin(lam)
    y = k * (math.cos(phi0) * math.sin(phi) - math.sin(phi0) * math.cos(phi) * math.cos(lam))
    return (x - FRAME[0]) * SCALE, (FRAME[3] - y) * SCALE


def _project_geometry(geometry: BaseGeometry) -> BaseGeometry:
    def fn(coords: Any) -> Any:
        return [project(x, y) for x, y in coords]
    return transform(geometry, fn)


def _polygons(geometry: BaseGeometry) -> list[Polygon]:
    if isinstance(geometry, Polygon):
        return [geometry] if not geometry.is_empty else []
    if hasattr(geometry, "geoms"):
        return [p for g in geometry.geoms for p in _polygons(g)]
    return []


def load_features(path: Path) -> list[BaseGeometry]:
    data = json.loads(path.read_text(encoding="utf-8"))
    return [shape(feature["geometry"]) for feature in data["features"]]


def read_land(folder: Path) -> tuple[BaseGeometry, list[Polygon]]:
    """The projected, clipped, simplified land, and the lakes worth drawing."""
    frame = box(0, 0, WIDTH, HEIGHT)
    # project in lon/lat pieces clipped to a generous window first (the azimuthal
    # projection of far-away land is of no use)
    window = box(-40, 25, 70, 82)
    land = unary_union([_project_geometry(g.intersection(window))
                        for g in load_features(folder / "ne_50m_land_europe.geojson")
                        if g.intersects(window)])
    land = land.intersection(frame.buffer(40))
    for ring, _ in FILLS:
        land = land.union(_project_geometry(Polygon(ring)))
    for a, b, _ in BRIDGES:
        land = land.union(LineString([project(*a), project(*b)]).buffer(BRIDGE_WIDTH / 2))
    land = land.simplify(SIMPLIFY, preserve_topology=True).intersection(frame)
    land = unary_union([p for p in _polygons(land) if p.area >= MIN_ISLAND])
    lakes = []
    for g in load_features(folder / "ne_50m_lakes_europe.geojson"):
        if not g.intersects(window):
            continue
        lake = _project_geometry(g.intersection(window)).simplify(SIMPLIFY)
        lake = lake.intersection(land)
        lakes += [p for p in _polygons(lake) if p.area >= MIN_LAKE]
    return land, lakes


def partition(area: BaseGeometry, seeds: dict[str, list[tuple[float, float]]],
              neutral: list[tuple[float, float]]) -> dict[str, BaseGeometry]:
    """Cut ``area`` among the provinces by the Voronoi cells of their seeds; the cells of
    the ``neutral`` seeds stay out of every province (key ``""``)."""
    points: list[tuple[float, float]] = []
    owners: list[str] = []
    for abbr, where in seeds.items():
        for lon, lat in where:
            points.append(project(lon, lat))
            owners.append(abbr)
    for lon, lat in neutral:
        points.append(project(lon, lat))
        owners.append("")
    cells = voronoi_polygons(MultiPoint(points), extend_to=box(-500, -500, WIDTH + 500,
                                                                 HEIGHT + 500))
    parts: dict[str, list[BaseGeometry]] = {owner: [] for owner in owners}
    for cell in cells.geoms:
        for i, pt in enumerate(points):
            if cell.contains(Point(pt)):
                parts[owners[i]].append(cell)
                break
    regions = {owner: unary_union(cs).intersection(area) for owner, cs in parts.items()}
    return _tidy(regions, {o: [project(*p) for p in seeds.get(o, neutral)] for o in regions})


def _tidy(regions: dict[str, BaseGeometry],
          seeds: dict[str, list[tuple[float, float]]]) -> dict[str, BaseGeometry]:
    """Give each piece of a province cut off from its seeds to the neighbour it shares
    the longest border with (islands that touch nothing stay where they are)."""
    for _ in range(3):
        moved = False
        for owner in list(regions):
            pieces = _polygons(regions[owner])
            if len(pieces) <= 1:
                continue
            keep, stray = [], []
            for piece in pieces:
                if any(piece.buffer(0.5).contains(Point(s)) for s in seeds[owner]):
                    keep.append(piece)
                else:
                    stray.append(piece)
            if not keep:
                keep = [max(pieces, key=lambda p: p.area)]
                stray = [p for p in pieces if p is not keep[0]]
            new_keep = list(keep)
            for piece in stray:
                best, length = None, 0.0
                for other, geometry in regions.items():
                    if other == owner:
                        continue
                    shared = piece.boundary.intersection(geometry.buffer(0.01)).length
                    if shared > length:
                        best, length = other, shared
                if best is None or length < 0.5:
                    new_keep.append(piece)      # an island: it stays with its seed
                else:
                    regions[best] = regions[best].union(piece)
                    moved = True
            regions[owner] = unary_union(new_keep)
        if not moved:
            break
    return regions


def _ring(coords: Any) -> list[list[float]]:
    return [[round(x, 1), round(y, 1)] for x, y in list(coords)[:-1]]


def _rounded(geometry: BaseGeometry) -> list[list[list[list[float]]]]:
    """A polygon set: a list of polygons, each a list of rings of [x, y], the exterior
    first and then its holes (the islands in a sea)."""
    return [[_ring(p.exterior.coords), *(_ring(h.coords) for h in p.interiors)]
            for p in _polygons(geometry)]


def _spot(geometry: BaseGeometry, avoid: list[BaseGeometry]) -> Point:
    """The point of ``geometry`` farthest from its edges and from ``avoid``."""
    area = geometry
    for a in avoid:
        area = area.difference(a)
    biggest = max(_polygons(area) or _polygons(geometry), key=lambda p: p.area)
    return polylabel(biggest, tolerance=0.5)


def _label_box(x: float, y: float) -> Polygon:
    return box(x - LABEL[0] / 2, y - LABEL[1] / 2, x + LABEL[0] / 2, y + LABEL[1] / 2)


def _spots(region: BaseGeometry, center: bool, taken: list[BaseGeometry] | None
           ) -> dict[str, tuple[Point, BaseGeometry | None]] | None:
    """A province's unit point, centre marker and label, each clear of the others;
    None when the label does not fit inside (``taken=None``: no label then)."""
    for label_first in (False, True):
        spots: dict[str, tuple[Point, BaseGeometry | None]] = {}
        rooms: list[BaseGeometry] = []
        if label_first and taken is not None:
            label = _fit_label(region, rooms)
            if label is None:
                return None
            spots["label"] = (label.centroid, label)
            rooms.append(label.buffer(1))
        unit = _spot(region, rooms)
        if taken is not None and label_first and (
                not region.contains(unit.buffer(UNIT_ROOM - 2)) or any(
                r.intersects(unit.buffer(UNIT_ROOM - 2)) for r in rooms)):
            return None
        spots["unit"] = (unit, unit.buffer(UNIT_ROOM))
        rooms.append(unit.buffer(UNIT_ROOM))
        if center:
            mark = _spot(region, rooms)
            spots["center"] = (mark, mark.buffer(CENTER_ROOM))
            rooms.append(mark.buffer(CENTER_ROOM))
        if taken is None:
            return spots
        if not label_first:
            label = _fit_label(region, rooms)
            if label is None:
                continue
            spots["label"] = (label.centroid, label)
        return spots
    return None


def _fit_label(region: BaseGeometry, rooms: list[BaseGeometry]) -> Polygon | None:
    """The label's box inside ``region`` clear of ``rooms``, as near the region's
    middle as can be."""
    prepared = prep(region)
    clear = unary_union(rooms) if rooms else Polygon()
    pole = _spot(region, [])
    x0, y0, x1, y1 = region.bounds
    best: tuple[float, Polygon] | None = None
    for i in range(int((x1 - x0) / 3) + 1):
        for j in range(int((y1 - y0) / 3) + 1):
            x, y = x0 + 3 * i, y0 + 3 * j
            label = _label_box(x, y)
            if prepared.contains(label) and not label.intersects(clear):
                d = pole.distance(Point(x, y))
                if best is None or d < best[0]:
                    best = (d, label)
    return None if best is None else best[1]


def _place_label(region: BaseGeometry, taken: list[BaseGeometry],
                 land: BaseGeometry) -> tuple[Polygon, Point]:
    """A label that fits nowhere in its province: in the nearest clear water, clear of
    the labels and units placed before, with a leader line to the province (its end,
    the province's middle, returned)."""
    clear = unary_union(taken) if taken else Polygon()
    pole = _spot(region, [])
    prepared_land = prep(land)
    frame = box(0, 0, WIDTH, HEIGHT)
    for r in range(16, 200, 3):
        for k in range(36):
            label = _label_box(pole.x + r * math.cos(k * math.pi / 18),
                               pole.y + r * math.sin(k * math.pi / 18))
            if (not prepared_land.intersects(label) and not label.intersects(clear)
                    and frame.contains(label)):
                return label, pole
    raise SystemExit("no room for a label")


def build(folder: Path) -> dict[str, Any]:
    board = json.loads(MAP.read_text(encoding="utf-8"))
    terrain = {p["abbr"]: p["terrain"] for p in board["provinces"]}
    centers = {p["abbr"] for p in board["provinces"] if p.get("center")}
    land, lakes = read_land(folder)
    islands = [p for p in _polygons(land)
               if any(p.contains(Point(project(*q))) for q in NEUTRAL_ISLANDS)]
    playable = land.difference(unary_union(islands)) if islands else land
    land_regions = partition(playable, LAND_SEEDS, NEUTRAL_SEEDS)
    neutral = unary_union([land_regions.pop(""), *islands])
    sea = box(0, 0, WIDTH, HEIGHT).difference(land)
    sea_regions = partition(sea, SEA_SEEDS, [])
    sea_regions.pop("", None)
    regions = {**land_regions, **sea_regions}
    missing = set(terrain) - set(regions)
    if missing:
        raise SystemExit(f"no seeds for {sorted(missing)}")
    lake_union = unary_union(lakes) if lakes else Polygon()
    provinces: dict[str, Any] = {}
    taken: list[BaseGeometry] = []
    later = []
    for abbr in sorted(regions, key=lambda a: regions[a].area):
        region = regions[abbr]
        inner = region.difference(lake_union)
        spots = _spots(inner, abbr in centers, taken)
        if spots is None:
            later.append(abbr)
            spots = _spots(inner, abbr in centers, None)
            assert spots is not None
        provinces[abbr] = {"terrain": terrain[abbr], "shape": _rounded(region)}
        for name, (point, room) in spots.items():
            provinces[abbr][name] = [round(point.x, 1), round(point.y, 1)]
            if room is not None:
                taken.append(room)
    land_union = unary_union([r for a, r in regions.items() if terrain[a] != "sea"])
    for abbr in later:      # the labels that fit nowhere inside: in the water, led
        label, leader = _place_label(regions[abbr].difference(lake_union), taken, land_union)
        taken.append(label)
        c = label.centroid
        provinces[abbr]["label"] = [round(c.x, 1), round(c.y, 1)]
        provinces[abbr]["leader"] = [round(leader.x, 1), round(leader.y, 1)]
    coasts: dict[str, Any] = {}
    for coast, seas in COASTS.items():
        abbr = coast.split("/")[0]
        water = unary_union([regions[s] for s in seas]).buffer(COAST_DEPTH)
        area = regions[abbr].intersection(water).difference(lake_union)
        area = max(_polygons(area), key=lambda p: p.area)
        label = _label_box(*provinces[abbr]["label"])
        unit = _spot(area, [Point(provinces[abbr]["unit"]).buffer(2 * UNIT_ROOM), label])
        coasts[coast] = {"shape": _rounded(area), "unit": [round(unit.x, 1), round(unit.y, 1)]}
    return {
        "name": "standard",
        "about": "Made by bin/make_geometry.py from Natural Earth 1:50m land and lakes "
                 "(public domain); see docs/maps.md.",
        "width": WIDTH, "height": HEIGHT,
        "provinces": provinces,
        "coasts": coasts,
        "land": _rounded(neutral),
        "lakes": [_ring(p.exterior.coords) for p in lakes],
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--naturalearth", type=Path,
                        default=ROOT.parent / "shared" / "data" / "naturalearth")
    parser.add_argument("--out", type=Path, default=OUT)
    args = parser.parse_args()
    geometry = build(args.naturalearth)
    args.out.write_text(json.dumps(geometry, separators=(",", ":")) + "\n", encoding="utf-8")
    print(f"wrote {args.out} ({args.out.stat().st_size} bytes)")


if __name__ == "__main__":
    main()
