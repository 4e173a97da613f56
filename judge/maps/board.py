"""The board of one phase as a scene: the provinces, the centres by owner, the units in
their owners' colours, the orders as arrows and lines, what failed, who was dislodged,
built or removed, a title and a legend of the powers with their centre counts.

``state`` is the adjudicate contract's state (phase, units, centers, dislodged,
contested), the position the phase was played from; ``orders`` maps each unit (``F
LON``) to its order's text, ``results`` each unit to the contract's result."""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping
from functools import cache, lru_cache
from typing import Any

import judge.maps.palette as palette
from judge.engine.maps import STANDARD_MAP
from judge.engine.phase import Phase
from judge.maps.geometry import Geometry, Point, load_geometry
from judge.maps.reading import Drawn, read_order
from judge.maps.scene import Area, Circle, Group, Item, Line, Polygon, Scene, Text

TOP = 44.0       # the title band
UNIT = 10.0      # a unit's radius
ASIDE = (15.0, 13.0)  # where a dislodged unit stands, from its province's unit point
# The results that mean an order did not do what it said.
FAILED = frozenset({"bounce", "cut", "dislodged", "void", "no convoy"})
_KINDS = {"M": "movement", "R": "retreats", "A": "adjustments"}


def _data(**values: str) -> tuple[tuple[str, str], ...]:
    return tuple(values.items())


def phase_name(phase: str) -> str:
    """``Fall 1901, movement`` for ``F1901M``; any other phase text as it is."""
    try:
        p = Phase.parse(phase)
    except ValueError:
        return phase
    return f"{p.season.name.title()} {p.year}, {_KINDS[p.kind.value]}"


class _Board:
    def __init__(self, state: Mapping[str, Any], orders: Mapping[str, str],
                 results: Mapping[str, str], geometry: Geometry, g: float = 1.0) -> None:
        self.geo = geometry
        self.g = g                  # how much larger the pieces are drawn (grow)
        self.r = UNIT * g           # a unit's radius
        self.state = state
        self.results = results
        self.phase = str(state.get("phase", ""))
        self.powers: tuple[str, ...] = tuple(
            sorted(set(state.get("units", {})) | set(state.get("centers", {}))
                   | set(state.get("dislodged", {}))))
        # who acts in this phase, by unit text (a dislodged unit in a retreat phase,
        # rather than the unit of the same text that dislodged it) and where it is drawn
        self.owner: dict[str, str] = {}
        self.where: dict[str, Point] = {}
        self.standing: list[tuple[str, str]] = []   # (unit, power) on the board
        self.aside: list[tuple[str, str]] = []      # (unit, power) dislodged
        for power, units in state.get("units", {}).items():
            for unit in units:
                self.owner[unit] = power
                self.where[unit] = self._point(unit)
                self.standing.append((unit, power))
        for power, entries in state.get("dislodged", {}).items():
            for entry in entries:
                unit = entry["unit"] if isinstance(entry, Mapping) else str(entry)
                self.owner[unit] = power
                x, y = self._point(unit)
                self.where[unit] = (x + ASIDE[0] * g, y + ASIDE[1] * g)
                self.aside.append((unit, power))
        self.orders = {unit: read_order(unit, text) for unit, text in orders.items()}
        self.center_owner = {c: p for p, cs in state.get("centers", {}).items() for c in cs}

    def _point(self, unit: str) -> Point:
        return self.geo.point(unit.split()[-1])

    def _known(self, unit: str) -> bool:
        location = unit.split()[-1]
        return location in self.geo.areas or location.split("/")[0] in self.geo.areas

    def colour(self, power: str) -> str:
        return palette.power_colour(power, self.powers)

    # -- the board --------------------------------------------------------------------

    def centers(self, scene: Scene) -> None:
        scene.items.extend(_centers(self.geo.name, frozenset(self.center_owner.items()),
                                    self.powers, self.g))

    # -- the units ----------------------------------------------------------------------

    def unit(self, unit: str, power: str, at: Point, role: str = "unit",
             dashed: bool = False) -> Group:
        colour = self.colour(power) if power else palette.PAPER
        x, y = at
        g = self.g
        dash = (3.0 * g, 2.0 * g) if dashed else ()
        body: Item
        if unit.startswith("F"):        # a hull, no wider than an army's disc
            body = Polygon(((x - UNIT * g, y - 5.5 * g), (x + UNIT * g, y - 5.5 * g),
                            (x + 7.0 * g, y + 7.5 * g), (x - 7.0 * g, y + 7.5 * g)),
                           colour, palette.INK, 1.5 * g, dash)
        else:
            body = Circle(at, UNIT * g, colour, palette.INK, 1.5 * g, dash)
        letter = Text((x, y + 0.5 * g), unit[0], 12.0 * g, palette.ink_on(colour), bold=True)
        return Group((body, letter), role, _data(unit=unit, power=power))

    def units(self, scene: Scene) -> None:
        for unit, power in self.standing:
            scene.add(self.unit(unit, power, self._point(unit)))
        for unit, power in self.aside:
            at = self.where[unit]
            scene.add(Line((self._point(unit), at), palette.INK, 1.0 * self.g,
                           (2.0 * self.g, 2.0 * self.g)))
            scene.add(self.unit(unit, power, at, "dislodged", dashed=True))

    # -- the orders ---------------------------------------------------------------------

    def _dest(self, location: str) -> Point | None:
        """Where an order leads (None: no place the drawing knows)."""
        if location not in self.geo.areas and location.split("/")[0] not in self.geo.areas:
            return None
        return self.geo.point(location)

    def _route(self, drawn: Drawn) -> tuple[Point, Point] | None:
        """Where a move's arrow starts and ends."""
        if drawn.dest is None or drawn.unit not in self.where:
            return None
        dest = self._dest(drawn.dest)
        return None if dest is None else (self.where[drawn.unit], dest)

    def orders_drawn(self, scene: Scene) -> None:
        retreat = self.phase.endswith("R")
        for unit, drawn in self.orders.items():
            power = self.owner.get(unit) or self._builder(unit)
            if power is None:
                continue
            colour = palette.mix(self.colour(power), palette.INK, 0.25)
            if drawn.kind == "move":
                route = self._route(drawn)
                if route is not None:
                    scene.add(arrow(*route, colour, "retreat" if retreat else "move",
                                    _data(unit=unit, dest=drawn.dest or ""), self.g))
            elif drawn.kind == "support":
                self._support(scene, unit, drawn, colour)
            elif drawn.kind == "convoy":
                self._convoy(scene, unit, drawn, colour)
            elif drawn.kind == "build" and self._known(drawn.unit):
                at = self._point(drawn.unit)
                scene.add(Group((self.unit(drawn.unit, power, at, "built"), plus(at, self.g)),
                                "build", _data(unit=drawn.unit, power=power)))
            elif drawn.kind in ("remove", "disband") and drawn.unit in self.where:
                at = self.where[drawn.unit]
                scene.add(cross(at, 9.0 * self.g,
                                "remove" if drawn.kind == "remove" else "disband",
                                _data(unit=drawn.unit), self.g))

    def _builder(self, unit: str) -> str | None:
        """The power building ``unit``: the owner of the centre it is built in."""
        return self.center_owner.get(unit.split()[-1].split("/")[0])

    def _support(self, scene: Scene, unit: str, drawn: Drawn, colour: str) -> None:
        start = self.where.get(unit)
        if start is None or drawn.target is None or not self._known(drawn.target):
            return
        target = self.where.get(drawn.target) or self._point(drawn.target)
        g = self.g
        line = (6.0 * g, 3.0 * g)
        if drawn.dest is None:          # to hold: a line to the unit, and a ring round it
            end = _towards(target, start, self.r + 3 * g)
            items: tuple[Item, ...] = (
                Line((_towards(start, target, self.r), end), colour, 2.0 * g, line),
                Circle(target, self.r + 3 * g, None, colour, 1.6 * g))  # dashed: dislodged
        else:                           # to move: a line to the middle of the move
            supported = self.orders.get(drawn.target)
            dest = self._dest(drawn.dest)
            if dest is None:
                return
            if supported is not None and supported.kind == "move" and \
                    supported.dest == drawn.dest:
                end = _along(target, dest, 0.55)
            else:
                end = _towards(dest, start, self.r)
            items = (Line((_towards(start, end, self.r), end), colour, 2.0 * g, line),
                     Circle(end, 2.8 * g, colour))
        scene.add(Group(items, "support", _data(unit=unit, target=drawn.target,
                                                dest=drawn.dest or "")))

    def _convoy(self, scene: Scene, unit: str, drawn: Drawn, colour: str) -> None:
        start = self.where.get(unit)
        if start is None or drawn.target is None or drawn.dest is None or \
                not self._known(drawn.target):
            return
        dest = self._dest(drawn.dest)
        if dest is None:
            return
        army = self.where.get(drawn.target) or self._point(drawn.target)
        middle = _along(army, dest, 0.5)
        g = self.g
        scene.add(Group((Line((_towards(start, middle, self.r), middle), colour, 2.2 * g,
                              (1.5 * g, 3.0 * g)),
                         Circle(middle, 3.0 * g, None, colour, 1.4 * g)),
                        "convoy", _data(unit=unit, target=drawn.target, dest=drawn.dest)))

    def failures(self, scene: Scene) -> None:
        for unit, result in self.results.items():
            if result not in FAILED:
                continue
            drawn = self.orders.get(unit)
            if unit not in self.where and not self._known(unit):
                continue
            at = self.where.get(unit) or self._point(unit)
            if drawn is not None and drawn.kind == "move" and (route := self._route(drawn)):
                mark = _along(*route, 0.72)
            else:
                mark = (at[0] + self.r, at[1] - self.r)
            scene.add(cross(mark, 5.5 * self.g, "failed", _data(unit=unit, result=result),
                            self.g))

    # -- the title and the legend -------------------------------------------------------

    def header(self, scene: Scene, title: str) -> None:
        w, top = self.geo.width, TOP * self.g
        scene.add(Polygon(((0, 0), (w, 0), (w, top), (0, top)), palette.PAPER))
        scene.add(Text((14, top / 2), title or phase_name(self.phase), 19.0 * self.g,
                       palette.INK, "start", True, role="title"))
        scene.add(Text((w - 14, top / 2), phase_name(self.phase), 15.0 * self.g, palette.INK,
                       "end", role="phase"))

    def legend(self, top: float) -> tuple[list[Item | Group], float]:
        """The legend below the board from ``top``: the powers with their centres and
        units, then the key to the pieces; in as many rows as the width needs (the pieces
        grown, fewer fit in one). Its shapes and its height."""
        g, w = self.g, self.geo.width
        out: list[Item | Group] = [Polygon(((0, top), (w, top), (w, top + 400 * g),
                                            (0, top + 400 * g)), palette.PAPER)]
        centers = self.state.get("centers", {})
        units = self.state.get("units", {})
        shown = [p for p in self.powers if centers.get(p) or units.get(p)]
        per_row = max(1, min(max(len(shown), 7), int((w - 14) // (165 * g))))
        step = w / per_row
        for i, power in enumerate(shown):
            x = 14 + (i % per_row) * step
            y = top + 4 * g + (i // per_row) * 42 * g
            out.append(Group((
                Circle((x + 8 * g, y + 13 * g), 8.0 * g, self.colour(power), palette.INK,
                       1.2 * g),
                Text((x + 22 * g, y + 13 * g), power.title(), 14.0 * g, palette.INK, "start",
                     True),
                Text((x + 22 * g, y + 31 * g),
                     f"{_count(len(centers.get(power, ())), 'centre')}, "
                     f"{_count(len(units.get(power, ())), 'unit')}", 12.0 * g, palette.INK,
                     "start")),
                "legend", _data(power=power, centers=str(len(centers.get(power, ()))))))
        rows = max(1, -(-len(shown) // per_row))
        key, y = _key(self.phase[-1:], g, self.geo.name, top + 4 * g + rows * 42 * g + 14 * g)
        out.append(key)
        return out, y + 18 * g - top

    def key_entries(self) -> list[tuple[float, Callable[[float, float], list[Item | Group]]]]:
        """The key's entries: each its width (ungrown) and its shapes at (x, y)."""
        g, kind = self.g, self.phase[-1:]

        def words(x: float, text: str) -> Text:
            return Text((x, 0.0), text, 12.0 * g, palette.INK, "start")

        def at(*items: Item | Group) -> Callable[[float, float], list[Item | Group]]:
            return lambda x, y: [Group(items, "", (), (x, y))]

        key = [(66.0, at(self.unit("A", "", (10 * g, 0.0), "key"), words(24 * g, "army"))),
               (70.0, at(self.unit("F", "", (10 * g, 0.0), "key"), words(26 * g, "fleet"))),
               (124.0, at(Circle((6 * g, 0.0), 5.5 * g, palette.UNOWNED, palette.INK, 1.4 * g),
                          words(16 * g, "supply centre")))]
        if kind == "A":
            return key + [
                (80.0, at(self.unit("A", "", (10 * g, 0.0), "key"), plus((10 * g, 0.0), g),
                          words(28 * g, "built"))),
                (90.0, at(self.unit("A", "", (10 * g, 0.0), "key"),
                          cross((10 * g, 0.0), 9.0 * g, "key", (), g),
                          words(26 * g, "removed")))]
        key.append((120.0, at(arrow((0.0, 0.0), (50 * g, 0.0), palette.INK, "key", (), g),
                              words(56 * g, "retreat" if kind == "R" else "move"))))
        if kind == "R":
            return key + [
                (250.0, at(Circle((10 * g, 0.0), self.r, None, palette.INK, 1.5 * g,
                                  (3.0 * g, 2.0 * g)),
                           words(26 * g, "dislodged, beside its province"))),
                (100.0, at(cross((10 * g, 0.0), 9.0 * g, "key", (), g),
                           words(26 * g, "disbanded")))]
        return key + [
            (112.0, at(Line(((0.0, 0.0), (40 * g, 0.0)), palette.INK, 2.0 * g,
                            (6.0 * g, 3.0 * g)), words(46 * g, "support"))),
            (114.0, at(Line(((0.0, 0.0), (40 * g, 0.0)), palette.INK, 2.2 * g,
                            (1.5 * g, 3.0 * g)), words(46 * g, "convoy"))),
            (330.0, at(cross((6 * g, 0.0), 5.5 * g, "key", (), g),
                       words(18 * g, "failed (bounce, cut, dislodged, void, no convoy)")))]


@lru_cache(maxsize=32)
def _key(kind: str, g: float, name: str, y: float) -> tuple[Group, float]:
    """The legend's key to the pieces from row ``y`` on, for a phase of ``kind`` (its last
    letter): one group (role ``key``), the same in every phase of that kind (the PNG
    painter keeps it painted), and the height of its last row."""
    board = _Board({"phase": kind}, {}, {}, load_geometry(name), g)
    w, x, out = board.geo.width, 14.0, []
    for width, entry in board.key_entries():
        if x > 14.0 and x + width * g > w - 14:
            x, y = 14.0, y + 24 * g
        out += entry(x, y)
        x += width * g
    return Group(tuple(out), "key"), y


@lru_cache(maxsize=64)
def _centers(name: str, owners: frozenset[tuple[str, str]], powers: tuple[str, ...],
             g: float) -> tuple[Circle, ...]:
    """The supply centres in their owners' colours: the same for every phase between two
    changes of owners (and the same objects, which the PNG painter's still layer is
    known by)."""
    owner = dict(owners)
    out = []
    for area in load_geometry(name).provinces():
        if area.center is None:
            continue
        power = owner.get(area.abbr)
        fill = palette.UNOWNED if power is None else palette.power_colour(power, powers)
        out.append(Circle(area.center, 5.5 * g, fill, palette.INK, 1.4 * g, role="center",
                          data=_data(province=area.abbr, owner=power or "")))
    return tuple(out)


def _towards(a: Point, b: Point, by: float) -> Point:
    """``a`` moved ``by`` towards ``b``."""
    dx, dy = b[0] - a[0], b[1] - a[1]
    d = math.hypot(dx, dy) or 1.0
    return a[0] + dx * by / d, a[1] + dy * by / d


def _along(a: Point, b: Point, share: float) -> Point:
    return a[0] + (b[0] - a[0]) * share, a[1] + (b[1] - a[1]) * share


def arrow(start: Point, end: Point, colour: str, role: str,
          data: tuple[tuple[str, str], ...] = (), g: float = 1.0) -> Group:
    """An arrow from a unit to where it goes: a white halo, the shaft, the head."""
    a = _towards(start, end, UNIT * g * 0.8)
    b = _towards(end, start, UNIT * g * 0.9)
    dx, dy = b[0] - a[0], b[1] - a[1]
    d = math.hypot(dx, dy) or 1.0
    ux, uy = dx / d, dy / d
    head, half = 12.0 * g, 6.5 * g
    base = (b[0] - ux * head, b[1] - uy * head)
    left = (base[0] - uy * half, base[1] + ux * half)
    right = (base[0] + uy * half, base[1] - ux * half)
    return Group((Line((a, base), palette.PAPER, 6.0 * g),
                  Line((a, base), colour, 3.2 * g),
                  Polygon((b, left, right), colour, palette.PAPER, 1.0 * g)), role, data)


def plus(at: Point, g: float = 1.0) -> Group:
    """A build's badge: a + on a white disc at the unit's upper right."""
    x, y, d = at[0] + UNIT * g, at[1] - UNIT * g, 3.5 * g
    return Group((Circle((x, y), 6.0 * g, palette.PAPER, palette.INK, 1.2 * g),
                  Line(((x - d, y), (x + d, y)), palette.INK, 2.0 * g),
                  Line(((x, y - d), (x, y + d)), palette.INK, 2.0 * g)), "plus")


def cross(at: Point, size: float, role: str, data: tuple[tuple[str, str], ...] = (),
          g: float = 1.0) -> Group:
    """An X: a failed order, a unit removed or disbanded."""
    x, y = at
    one = ((x - size, y - size), (x + size, y + size))
    two = ((x - size, y + size), (x + size, y - size))
    return Group((Line(one, palette.PAPER, 5.5 * g), Line(two, palette.PAPER, 5.5 * g),
                  Line(one, palette.FAILED, 2.6 * g), Line(two, palette.FAILED, 2.6 * g)),
                 role, data)


def ground(geometry: Geometry, tints: Mapping[str, str], g: float = 1.0) -> Group:
    """What lies under the pieces: the provinces (a province in ``tints`` filled with its
    tint, its centre's owner's), the land of no province, the lakes and the names. The
    PNG painter keeps it painted (judge.maps.png), so its role and data name it."""
    items: list[Item] = []
    land: list[Item] = []
    for area in geometry.provinces():
        if area.terrain == "sea":
            items.append(Area(area.shape, palette.SEA, palette.COAST_LINE, 0.6, "province",
                              _data(province=area.abbr)))
            continue
        fill = palette.IMPASSABLE if area.terrain == "impassable" else palette.LAND
        land.append(Area(area.shape, tints.get(area.abbr, fill), palette.BORDER, 0.8,
                         "province", _data(province=area.abbr)))
    items.append(Area(geometry.land, palette.NEUTRAL_LAND, palette.BORDER, 0.6, "land"))
    items += land
    for lake in geometry.lakes:
        items.append(Polygon(lake, palette.SEA, palette.COAST_LINE, 0.5, role="lake"))
    for area in geometry.provinces():
        if area.label is None:
            continue
        colour = "#3F6C88" if area.terrain == "sea" else "#5C5242"
        if area.leader is not None:
            items.append(Line((area.label, area.leader), colour, 0.8 * g, role="leader"))
        items.append(Text(area.label, area.abbr, 10.0 * g, colour, role="label",
                          data=_data(province=area.abbr)))
    return Group(tuple(items), "ground", _data(map=geometry.name, grow=str(g)))


@cache
def tinted_ground(name: str, grow: str, tint: str | None) -> Group:
    """The ground of map ``name`` (its names grown by ``grow``) with every supply
    centre's province in ``tint`` (None: none tinted): what the PNG painter paints once
    and copies from."""
    geometry = load_geometry(name)
    return ground(geometry, {} if tint is None else
                  {a.abbr: tint for a in geometry.provinces() if a.center is not None},
                  float(grow))


@lru_cache(maxsize=64)
def _ground_in(name: str, tints: frozenset[tuple[str, str]], g: float) -> Group:
    """The ground of map ``name`` with ``tints``: a game's owners change once a year, and
    the ground's items are the same for every phase between (0.5 ms a phase)."""
    return ground(load_geometry(name), dict(tints), g)


def grow(width: int) -> float:
    """How much larger than drawn for 1,200 pixels the pieces and names are drawn at
    ``width``: none from 960 pixels up, so that at 600 a unit's letter is 10 pixels high
    and not 6 (at most 1.8, below 530)."""
    return round(min(1.8, max(1.0, 960 / width)), 2)


def board_scene(state: Mapping[str, Any], orders: Mapping[str, str] | None = None,
                results: Mapping[str, str] | None = None, title: str = "",
                width: int = 1200) -> Scene:
    """The scene of a phase drawn for ``width`` pixels (its pieces grown for a narrow
    picture; the board's units stay 1,200 wide)."""
    geometry = load_geometry(STANDARD_MAP)
    g = grow(width)
    board = _Board(state, orders or {}, results or {}, geometry, g)
    top = TOP * g
    legend, height = board.legend(top + geometry.height)
    scene = Scene(geometry.width, top + geometry.height + height,
                  title=title or phase_name(board.phase))
    map_scene = Scene(geometry.width, geometry.height)
    tints = {c: palette.mix(board.colour(p), palette.PAPER, 0.68)
             for c, p in board.center_owner.items()}
    map_scene.add(_ground_in(geometry.name, frozenset(tints.items()), g))
    board.centers(map_scene)
    board.units(map_scene)
    board.orders_drawn(map_scene)
    board.failures(map_scene)
    scene.add(Group(tuple(map_scene.items), "board", _data(phase=board.phase), (0.0, top)))
    board.header(scene, title)
    for item in legend:
        scene.add(item)
    return scene


def _count(n: int, noun: str) -> str:
    """``1 unit``, ``3 units``: the legend's counts (never ``1 units``)."""
    return f"{n} {noun}{'' if n == 1 else 's'}"
