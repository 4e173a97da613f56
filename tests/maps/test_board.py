"""The board renderer, read back: the SVG is parsed (one arrow per move, one line per
support, the owner's colour on each centre, a mark on each failed order) and the PNG
decoded (the owner's colour at each centre's point), on DATC cases and on every phase
of a game the engine played."""

from __future__ import annotations

import io
import json
import xml.etree.ElementTree as ET
from collections import Counter
from pathlib import Path
from typing import Any

import pytest
from PIL import Image

from judge.batch import run_case
from judge.engine.phase import PhaseKind
from judge.maps import board_png, board_svg
from judge.maps.board import FAILED, TOP
from judge.maps.geometry import load_geometry
from judge.maps.palette import power_colour, rgb
from judge.maps.played import played
from judge.maps.reading import read_order
from tests.maps.phases import picture as shown
from tests.maps.phases import played_game

DATC = Path(__file__).resolve().parent.parent / "datc" / "datc.jsonl"
SVG = "{http://www.w3.org/2000/svg}"


def _cases() -> list[dict[str, Any]]:
    return [json.loads(line) for line in DATC.read_text(encoding="utf-8").splitlines()]


def _unit_orders(case: dict[str, Any]) -> dict[str, str]:
    """A case's orders keyed by unit, as the map takes them."""
    out = {}
    for lines in case.get("orders", {}).values():
        for line in lines:
            words = line.upper().split()
            if words[0] in ("BUILD", "REMOVE"):
                out[" ".join(words[1:3])] = line
            elif words[0] in ("A", "F") and len(words) > 2:
                out[" ".join(words[:2])] = line
    return out


def groups(svg: str, role: str) -> list[ET.Element]:
    root = ET.fromstring(svg)
    return [e for e in root.iter() if e.get("class") == role]


def check(state: dict[str, Any], orders: dict[str, str], results: dict[str, str],
          svg: str | None = None) -> None:
    """The map of one phase (``svg``, else drawn here) shows exactly its orders and
    results."""
    svg = svg or board_svg(state, orders=orders, results=results, title="test")
    geometry = load_geometry()
    units = Counter(u for us in state.get("units", {}).values() for u in us)
    units.update(d["unit"] for ds in state.get("dislodged", {}).values() for d in ds)
    retreat = state["phase"].endswith("R")

    def known(place: str | None) -> bool:
        """A location, or a unit at one, that the drawing knows."""
        return place is not None and place.split()[-1].split("/")[0] in geometry.areas

    drawn = {u: read_order(u, t) for u, t in orders.items()}
    moves = Counter(u for u, d in drawn.items()
                    if d.kind == "move" and u in units and known(d.dest))
    arrows = Counter(g.get("data-unit") for g in groups(svg, "retreat" if retreat else "move"))
    assert arrows == moves
    supports = Counter(u for u, d in drawn.items()
                       if d.kind == "support" and u in units and known(d.target)
                       and (d.dest is None or known(d.dest)))
    assert Counter(g.get("data-unit") for g in groups(svg, "support")) == supports
    convoys = Counter(u for u, d in drawn.items()
                      if d.kind == "convoy" and u in units and known(d.target) and known(d.dest))
    assert Counter(g.get("data-unit") for g in groups(svg, "convoy")) == convoys
    failed = Counter(u for u, r in results.items() if r in FAILED
                     and (u in units or known(u)))
    assert Counter(g.get("data-unit") for g in groups(svg, "failed")) == failed
    owner = {c: p for p, cs in state.get("centers", {}).items() for c in cs}
    marks = groups(svg, "center")
    assert len(marks) == 34
    for mark in marks:
        who = owner.get(mark.get("data-province", ""))
        assert mark.get("data-owner") == (who or "")
        assert mark.get("fill") == (power_colour(who) if who else "#FFFFFF")
    shown = Counter(g.get("data-unit") for g in groups(svg, "unit"))
    shown += Counter(g.get("data-unit") for g in groups(svg, "dislodged"))
    assert shown == units
    builds = {d.unit for d in drawn.values() if d.kind == "build" and known(d.unit)}
    assert {g.get("data-unit") for g in groups(svg, "build")} == builds


@pytest.mark.parametrize("case", _cases(), ids=lambda c: c["id"])
def test_a_datc_case_is_drawn_as_adjudicated(case: dict[str, Any]) -> None:
    result = run_case(case)
    check(case["state"], _unit_orders(case), result["results"])


def test_every_phase_of_a_played_game_is_drawn_as_adjudicated() -> None:
    kinds: Counter[PhaseKind] = Counter()
    seen: Counter[str] = Counter()
    for result in played_game():
        phase = played(result)
        check(phase.state, phase.orders, phase.results)
        kinds[result.position.phase.kind] += 1
        seen.update(phase.results.values())
    # the game had all that a map draws
    assert set(kinds) == set(PhaseKind)
    assert {"bounce", "dislodged", "cut", "built", "removed"} <= set(seen)


def test_the_check_sees_a_missing_arrow_or_mark() -> None:
    """Self-test: a map drawn without one move, or without the results, fails the check."""
    result = next(r for r in played_game() if r.position.phase.year == 1903)
    phase = played(result)
    one = next(u for u, t in phase.orders.items() if read_order(u, t).kind == "move")
    fewer = {u: t for u, t in phase.orders.items() if u != one}
    with pytest.raises(AssertionError):
        check(phase.state, phase.orders, phase.results,
              board_svg(phase.state, orders=fewer, results=phase.results))
    assert any(r in FAILED for r in phase.results.values())
    with pytest.raises(AssertionError):
        check(phase.state, phase.orders, phase.results,
              board_svg(phase.state, orders=phase.orders))


def test_the_png_shows_each_centre_in_its_owners_colour() -> None:
    geometry = load_geometry()
    for result in list(played_game())[-4:]:
        state = played(result).state
        image = Image.open(io.BytesIO(board_png(state))).convert("RGB")
        assert image.width == 1200
        k = image.width / geometry.width
        owner = {c: p for p, cs in state["centers"].items() for c in cs}
        for area in geometry.provinces():
            if area.center is None:
                continue
            x, y = area.center
            got = image.getpixel((round(x * k), round((y + TOP) * k)))
            who = owner.get(area.abbr)
            want = rgb(power_colour(who)) if who else (255, 255, 255)
            assert max(abs(a - b) for a, b in zip(got, want, strict=True)) <= 12, \
                (area.abbr, who, got, want)


def test_the_png_is_small_and_any_width() -> None:
    result = next(r for r in played_game() if r.position.phase.year == 1905)
    phase = played(result)
    png = board_png(phase.state, orders=phase.orders, results=phase.results, width=600)
    image = Image.open(io.BytesIO(png))
    assert image.size[0] == 600
    full = board_png(phase.state, orders=phase.orders, results=phase.results)
    assert len(full) < 150_000
    svg = board_svg(phase.state, orders=phase.orders, results=phase.results, width=600)
    assert ET.fromstring(svg).get("width") == "600"


def test_the_painted_ground_never_keeps_a_phase_in_the_next_picture() -> None:
    """The PNG painter keeps the board's ground painted between pictures: a picture drawn
    after a busy phase is the one drawn in a fresh process, and shows none of its units."""
    from judge.maps import png

    game = list(played_game())
    busy = played(next(r for r in game if r.position.phase.year == 1905))
    first = played(game[0])
    assert set(busy.state["centers"]) - {"ITALY"}  # the busy phase tints other provinces
    for cached in (png._painted, png._piece, png._fills, png._mask, png._palette):
        cached.cache_clear()
    fresh = board_png(first.state, orders=first.orders, results=first.results)
    board_png(busy.state, orders=busy.orders, results=busy.results)
    again = board_png(first.state, orders=first.orders, results=first.results)
    assert shown(again) == shown(fresh)
    # and the fresh picture itself: where a busy phase's unit stood and the first has
    # none, no unit's ink ring (the busy phase's own picture has one there)
    geometry = load_geometry()
    picture = Image.open(io.BytesIO(fresh)).convert("RGB")
    busy_picture = Image.open(io.BytesIO(board_png(busy.state))).convert("RGB")
    k = picture.width / geometry.width
    standing = {u.split()[-1] for us in first.state["units"].values() for u in us}
    checked = 0
    for power, units in busy.state["units"].items():
        for unit in units:
            where = unit.split()[-1]
            if where.split("/")[0] in {s.split("/")[0] for s in standing}:
                continue
            x, y = geometry.point(where)
            at = (round(x * k), round((y + TOP) * k))
            assert picture.getpixel(at) != busy_picture.getpixel(at), (power, unit)
            checked += 1
    assert checked > 10


@pytest.mark.parametrize("width", [1200, 600])
def test_the_pieces_stay_readable_at_600_pixels(width: int) -> None:
    """At 600 pixels a unit's letter is still 9 pixels high or more, a unit 16 or more
    across and a province's name 7 or more (drawn for 1,200 they would be half those)."""
    result = next(r for r in played_game() if r.position.phase.year == 1905)
    phase = played(result)
    svg = board_svg(phase.state, orders=phase.orders, results=phase.results, width=width)
    k = width / float(ET.fromstring(svg).get("viewBox", "").split()[2])
    units = groups(svg, "unit")
    assert units
    for unit in units:
        letter = next(e for e in unit.iter() if e.tag == SVG + "text")
        assert float(letter.get("font-size", 0)) * k >= 9, unit.get("data-unit")
        body = next(e for e in unit.iter() if e.tag in (SVG + "circle", SVG + "polygon"))
        if body.tag == SVG + "circle":
            assert 2 * float(body.get("r", 0)) * k >= 16
    for label in groups(svg, "label"):
        assert float(label.get("font-size", 0)) * k >= 7
    png = Image.open(io.BytesIO(board_png(phase.state, orders=phase.orders,
                                          results=phase.results, width=width)))
    assert png.width == width


def test_a_tinted_province_painted_alone_is_the_whole_tinted_grounds_piece() -> None:
    """The painter paints a tinted province's box from the ground's shapes that reach
    into it (judge.maps.png._piece), not the whole ground in each tint: the same pixels
    as the box cut from the whole ground painted in that tint, at 1,200 pixels and at
    600 (painted at 1,200 to be halved), for every centre's province."""
    from judge.maps import png
    from judge.maps.board import tinted_ground

    geometry = load_geometry()
    centres = [a.abbr for a in geometry.provinces() if a.center is not None]
    for grow, size in (("1.0", (1200, 1151)), ("1.6", (1200, 1214))):
        tint = "#F6C9A9"
        whole = png._painted(tinted_ground, ("standard", grow), tint, size,
                             geometry.width, (0.0, 40.0))
        for province in centres:
            box, mask = png._mask(tinted_ground, ("standard", grow), province, size,
                                  geometry.width, (0.0, 40.0))
            piece = png._piece(tinted_ground, ("standard", grow), tint, province, size,
                               geometry.width, (0.0, 40.0))
            # what is pasted: the province's pixels (its mask), not the box's rim
            cut, kept = (Image.new("RGB", piece.size) for _ in range(2))
            cut.paste(whole.crop(box), (0, 0), mask)
            kept.paste(piece, (0, 0), mask)
            assert kept.tobytes() == cut.tobytes(), province


def test_the_legend_counts_in_words() -> None:
    """``1 centre, 1 unit``, never ``1 units`` (the demo's map read ``1 units``)."""
    state = {"phase": "F1901M", "units": {"ENGLAND": ["F NTH"], "FRANCE": ["A PAR", "A MAR"]},
             "centers": {"ENGLAND": ["LON"], "FRANCE": ["PAR", "MAR"], "ITALY": ["ROM"]}}
    legend = {g.get("data-power"): " ".join(t.text or "" for t in g.iter(f"{SVG}text"))
              for g in groups(board_svg(state, title="test"), "legend")}
    assert "1 centre, 1 unit" in legend["ENGLAND"], legend
    assert "2 centres, 2 units" in legend["FRANCE"], legend
    assert "1 centre, 0 units" in legend["ITALY"], legend
