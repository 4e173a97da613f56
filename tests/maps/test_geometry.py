"""The standard board's drawing (judge/engine/maps/standard_geometry.json) is a map of
the board: valid polygons that do not overlap, that touch exactly where standard.json
has an edge, and that hold their own unit, centre and label points.

The exceptions, each explained in docs/maps.md, are the ``EXCEPTIONS`` below."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from shapely import STRtree
from shapely.geometry import MultiPolygon, Point, Polygon, box
from shapely.geometry.base import BaseGeometry

ROOT = Path(__file__).resolve().parent.parent.parent
MAPS = ROOT / "judge" / "engine" / "maps"
NATURAL_EARTH = ROOT.parent / "shared" / "data" / "naturalearth"
OVERLAP = 1.0   # board units squared: what rounding to 0.1 may leave
TOUCH = 1.5     # board units: a shorter shared border is a corner, not a border
LABEL = (24.0, 11.0)
# Switzerland is impassable: it has no edge, yet it is land between its neighbours.
EXCEPTIONS = {frozenset(("SWI", p)) for p in ("MAR", "BUR", "MUN", "TYR", "PIE")}


def _shape(rings: list[list[list[list[float]]]]) -> MultiPolygon:
    return MultiPolygon([Polygon(polygon[0], polygon[1:]) for polygon in rings])


@pytest.fixture(scope="module")
def board() -> dict[str, Any]:
    return json.loads((MAPS / "standard.json").read_text(encoding="utf-8"))


@pytest.fixture(scope="module")
def geometry() -> dict[str, Any]:
    return json.loads((MAPS / "standard_geometry.json").read_text(encoding="utf-8"))


@pytest.fixture(scope="module")
def shapes(geometry: dict[str, Any]) -> dict[str, MultiPolygon]:
    return {abbr: _shape(p["shape"]) for abbr, p in geometry["provinces"].items()}


def _province(location: str) -> str:
    return location.split("/")[0]


def edges(board: dict[str, Any]) -> set[frozenset[str]]:
    """standard.json's army and fleet edges, between provinces (coasts folded)."""
    return {frozenset((_province(a), _province(b)))
            for a, b in board["army_edges"] + board["fleet_edges"]}


def touching(shapes: dict[str, BaseGeometry]) -> set[frozenset[str]]:
    """The pairs of provinces whose drawings share a border longer than ``TOUCH``."""
    names = sorted(shapes)
    tree = STRtree([shapes[n] for n in names])
    pairs = set()
    for a in names:
        for j in tree.query(shapes[a].buffer(0.5)):
            b = names[int(j)]
            if b <= a:
                continue
            band = shapes[a].buffer(0.3).intersection(shapes[b].buffer(0.3))
            if band.area / 0.6 > TOUCH:
                pairs.add(frozenset((a, b)))
    return pairs


def test_every_province_and_coast_is_drawn(board: dict[str, Any],
                                           geometry: dict[str, Any]) -> None:
    assert set(geometry["provinces"]) == {p["abbr"] for p in board["provinces"]}
    split = {f"{p['abbr']}/{c}" for p in board["provinces"] for c in p.get("coasts", ())}
    assert set(geometry["coasts"]) == split
    assert len(geometry["provinces"]) == 76 and len(split) == 6
    for p in board["provinces"]:
        assert geometry["provinces"][p["abbr"]]["terrain"] == p["terrain"]


def test_polygons_are_valid_and_inside_the_frame(geometry: dict[str, Any],
                                                 shapes: dict[str, MultiPolygon]) -> None:
    frame = box(0, 0, geometry["width"], geometry["height"]).buffer(0.1)
    for abbr, shape in shapes.items():
        assert shape.is_valid, abbr
        assert shape.area > 300, abbr
        assert frame.contains(shape), abbr
    for coast, data in geometry["coasts"].items():
        assert _shape(data["shape"]).is_valid, coast


def test_no_two_provinces_overlap(shapes: dict[str, MultiPolygon]) -> None:
    names = sorted(shapes)
    tree = STRtree([shapes[n] for n in names])
    for a in names:
        for j in tree.query(shapes[a]):
            b = names[int(j)]
            if b > a:
                assert shapes[a].intersection(shapes[b]).area < OVERLAP, (a, b)


def test_provinces_touch_exactly_where_the_board_has_an_edge(
        board: dict[str, Any], shapes: dict[str, MultiPolygon]) -> None:
    drawn = touching(shapes)
    assert drawn - EXCEPTIONS == edges(board), (
        sorted(map(sorted, (drawn - EXCEPTIONS) - edges(board))),
        sorted(map(sorted, edges(board) - drawn)))
    assert EXCEPTIONS <= drawn


def test_the_touch_check_sees_a_wrong_drawing(board: dict[str, Any],
                                              shapes: dict[str, MultiPolygon]) -> None:
    """Self-test: Holland drawn where Belgium is, and the check fails."""
    wrong = dict(shapes)
    wrong["HOL"], wrong["BEL"] = shapes["BEL"], shapes["HOL"]
    assert touching(wrong) - EXCEPTIONS != edges(board)


def test_each_coast_lies_in_its_province_on_its_own_seas(
        board: dict[str, Any], geometry: dict[str, Any],
        shapes: dict[str, MultiPolygon]) -> None:
    for coast, data in geometry["coasts"].items():
        area = _shape(data["shape"])
        assert area.difference(shapes[_province(coast)]).area < OVERLAP, coast
        seas = {b if a == coast else a for a, b in board["fleet_edges"] if coast in (a, b)}
        seas = {s for s in seas if geometry["provinces"][s]["terrain"] == "sea"}
        near = {abbr for abbr, shape in shapes.items()
                if geometry["provinces"][abbr]["terrain"] == "sea"
                and shape.distance(area) < 0.5}
        assert seas <= near, (coast, seas, near)
        assert area.contains(Point(data["unit"]).buffer(5)), coast


def test_every_point_lies_in_its_own_province(board: dict[str, Any],
                                              geometry: dict[str, Any],
                                              shapes: dict[str, MultiPolygon]) -> None:
    centers = {p["abbr"] for p in board["provinces"] if p.get("center")}
    lakes = MultiPolygon([Polygon(r) for r in geometry["lakes"]])
    for abbr, data in geometry["provinces"].items():
        shape = shapes[abbr]
        unit = Point(data["unit"])
        assert shape.contains(unit.buffer(8)), abbr
        assert not lakes.contains(unit), abbr
        assert ("center" in data) == (abbr in centers), abbr
        if "center" in data:
            mark = Point(data["center"])
            assert shape.contains(mark.buffer(4)), abbr
            assert mark.distance(unit) >= 12, abbr
        # the unit of a split-coast province and those of its coasts stand apart
        for coast, c in geometry["coasts"].items():
            if _province(coast) == abbr:
                assert Point(c["unit"]).distance(unit) >= 16, coast


def test_every_label_fits_or_has_a_leader_line(geometry: dict[str, Any],
                                               shapes: dict[str, MultiPolygon]) -> None:
    land = MultiPolygon([p for abbr, data in geometry["provinces"].items()
                         if data["terrain"] != "sea" for p in shapes[abbr].geoms])
    labels = {}
    for abbr, data in geometry["provinces"].items():
        x, y = data["label"]
        label = box(x - LABEL[0] / 2, y - LABEL[1] / 2, x + LABEL[0] / 2, y + LABEL[1] / 2)
        labels[abbr] = label
        unit = Point(data["unit"]).buffer(10)
        assert not label.intersects(unit), abbr
        if "leader" in data:
            assert shapes[abbr].contains(Point(data["leader"])), abbr
            assert land.intersection(label).area < OVERLAP, abbr
        else:
            assert shapes[abbr].contains(label), abbr
    names = sorted(labels)
    for i, a in enumerate(names):
        for b in names[i + 1:]:
            assert not labels[a].intersects(labels[b]), (a, b)
    assert sum("leader" in d for d in geometry["provinces"].values()) <= 5


@pytest.mark.slow
@pytest.mark.skipif(not NATURAL_EARTH.is_dir(), reason="no Natural Earth data beside the repo")
def test_the_drawing_is_what_the_generator_makes(tmp_path: Path) -> None:
    out = tmp_path / "geometry.json"
    subprocess.run([sys.executable, str(ROOT / "bin" / "make_geometry.py"), "--out", str(out)],
                   check=True, capture_output=True)
    assert out.read_bytes() == (MAPS / "standard_geometry.json").read_bytes()
