"""Painting a scene's shapes with Pillow: on an RGB picture, or on a board's palette
picture in its colours' indices, each text's smoothed letters (a mask rendered once)
stamped through the palette (judge.maps.png puts the pictures together)."""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable
from functools import cache, lru_cache
from typing import cast

from PIL import Image, ImageDraw, ImageFont

from judge.maps.geometry import Point
from judge.maps.palette import rgb
from judge.maps.scene import Area, Circle, Group, Item, Line, Polygon, Scene, Text, flat

ANCHOR = {"start": "lm", "middle": "mm", "end": "rm"}


@cache
def _font(size: int) -> ImageFont.FreeTypeFont | ImageFont.ImageFont:
    return ImageFont.load_default(size)


@lru_cache(maxsize=1024)
def lettering(text: str, size: int, anchor: str) -> tuple[tuple[int, int], Image.Image]:
    """A text's smoothed letters as a mask, with where its corner is from the anchor
    point: a board's names, letters and legend are the same from picture to picture,
    so each is rendered once."""
    font = _font(size)
    left, top, right, bottom = (round(v) for v in font.getbbox(text, anchor=anchor))
    mask = Image.new("L", (max(1, right - left), max(1, bottom - top)), 0)
    ImageDraw.Draw(mask).text((-left, -top), text, 255, font, anchor)
    return (left, top), mask


def _dashes(points: tuple[Point, ...], dash: tuple[float, ...]) -> list[tuple[Point, Point]]:
    """The drawn pieces of a dashed polyline."""
    pieces: list[tuple[Point, Point]] = []
    pattern = list(dash) if len(dash) % 2 == 0 else list(dash) * 2
    i, left, on = 0, pattern[0], True
    for a, b in zip(points, points[1:], strict=False):
        length = math.hypot(b[0] - a[0], b[1] - a[1])
        done = 0.0
        while done < length:
            step = min(left, length - done)
            t0, t1 = done / length, (done + step) / length
            if on:
                pieces.append(((a[0] + (b[0] - a[0]) * t0, a[1] + (b[1] - a[1]) * t0),
                               (a[0] + (b[0] - a[0]) * t1, a[1] + (b[1] - a[1]) * t1)))
            done += step
            left -= step
            if left <= 1e-9:
                i = (i + 1) % len(pattern)
                left, on = pattern[i], not on
    return pieces


Ink = int | tuple[int, int, int]


class Painter:
    """Paints shapes on an RGB picture, or on a palette picture (``palette``: a board's,
    judge.maps.png.Palette) in its colours' indices."""

    def __init__(self, scene: Scene, width: int, image: Image.Image | None = None,
                 palette: Palette | None = None, origin: tuple[int, int] = (0, 0)) -> None:
        self.k = width / scene.width
        self.origin = origin  # the pixel of the whole picture at the image's corner
        self.image = image or Image.new("RGB", (width, round(scene.height * self.k)), "white")
        self.draw = ImageDraw.Draw(self.image)
        self.palette = palette
        self.ink: Callable[[str], Ink] = rgb if palette is None else palette.index

    def text(self, at: tuple[int, int], mask: Image.Image, colour: str) -> None:
        if self.palette is None:
            self.draw.bitmap(at, mask, rgb(colour))
        else:
            self.palette.stamp(self.image, at, mask, colour)

    def pts(self, points: tuple[Point, ...], off: Point) -> list[tuple[float, float]]:
        # the origin taken off after scaling: a whole number, so the same pixels as in
        # the whole picture
        k, (ox, oy) = self.k, self.origin
        return [((x + off[0]) * k - ox, (y + off[1]) * k - oy) for x, y in points]

    def width(self, w: float) -> int:
        return max(1, round(w * self.k))

    def line(self, points: tuple[Point, ...], off: Point, colour: str, w: float,
             dash: tuple[float, ...]) -> None:
        fill = self.ink(colour)
        if dash:
            for a, b in _dashes(points, dash):
                self.draw.line(self.pts((a, b), off), fill, self.width(w))
            return
        xy = self.pts(points, off)
        self.draw.line(xy, fill, self.width(w), joint="curve")
        if len(points) >= 2 and w >= 1.5:
            r = w * self.k / 2          # round caps (one where the line closes)
            ends = (xy[0],) if xy[0] == xy[-1] else (xy[0], xy[-1])
            for x, y in ends:
                self.draw.ellipse((x - r, y - r, x + r, y + r), fill)

    def piece(self, group: Group, off: Point) -> None:
        """A piece given whole (judge.maps.pieces), painted shape by shape."""
        self.paint(flat(group.items, (off[0] + group.offset[0], off[1] + group.offset[1])))

    def paint(self, items: list[tuple[Item, Point]] | list[tuple[Item | Group, Point]]
              ) -> None:
        d, ink = self.draw, self.ink
        for item, off in items:
            kind = type(item)
            if kind is Group:
                self.piece(cast(Group, item), off)
            elif kind is Line:
                line = cast(Line, item)
                self.line(line.points, off, line.stroke, line.width, line.dash)
            elif kind is Circle:
                circle = cast(Circle, item)
                (x, y), = self.pts((circle.center,), off)
                r = circle.radius * self.k
                if circle.fill:
                    d.ellipse((x - r, y - r, x + r, y + r), ink(circle.fill))
                if circle.stroke and circle.width:
                    if circle.dash:
                        n = max(8, round(2 * math.pi * circle.radius / sum(circle.dash) * 2))
                        for i in range(0, n, 2):
                            d.arc((x - r, y - r, x + r, y + r), 360 * i / n,
                                  360 * (i + 1) / n, ink(circle.stroke),
                                  self.width(circle.width))
                    else:
                        d.ellipse((x - r, y - r, x + r, y + r), None, ink(circle.stroke),
                                  self.width(circle.width))
            elif kind is Text:
                text = cast(Text, item)
                (x, y), = self.pts((text.at,), off)
                size = max(6, round(text.size * self.k))
                (left, top), mask = lettering(text.text, size, ANCHOR[text.anchor])
                # half a pixel up, in the whole picture and in a piece of it alike
                self.text((math.floor(x + 0.5) + left, math.floor(y + 0.5) + top), mask,
                          text.fill)
            elif kind is Polygon:
                polygon = cast(Polygon, item)
                fill = ink(polygon.fill) if polygon.fill else None
                if polygon.stroke and not polygon.dash and self.width(polygon.width) == 1 \
                        and polygon.width < 1.5:
                    # a thin outline (an arrow's head): drawn with the fill, the same pixels
                    d.polygon(self.pts(polygon.points, off), fill, ink(polygon.stroke))
                    continue
                d.polygon(self.pts(polygon.points, off), fill)
                if polygon.stroke and polygon.width:
                    self.line(polygon.points + polygon.points[:1], off, polygon.stroke,
                              polygon.width, polygon.dash)
            elif kind is Area:
                area = cast(Area, item)
                for shape in area.shape:
                    outline = ink(area.stroke) if area.stroke and area.width else None
                    d.polygon(self.pts(shape[0], off), ink(area.fill), outline,
                              self.width(area.width) if outline else 0)


Sprite = tuple[Group, tuple[int, int, int, int], int, Image.Image]  # a key kept painted


class Palette:
    """A board's palette (at most 256 colours), and how a picture painted on it takes a
    colour: a piece's colour is in it exactly, any other is mapped to the nearest."""

    def __init__(self, colours: list[int]) -> None:
        self.flat = colours
        self.image = Image.new("P", (1, 1))
        self.image.putpalette(colours)
        self.colours = [tuple(colours[i:i + 3]) for i in range(0, len(colours), 3)]
        self._index: dict[str, int] = {}
        self._exact: dict[tuple[int, ...], int] = {}
        for i, found in enumerate(self.colours):
            self._exact.setdefault(found, i)
        self._stamps: dict[tuple[str, int, bytes], tuple[Image.Image, Image.Image]] = {}
        self._blends: dict[tuple[str, int], bytes] = {}
        self._plain: dict[tuple[str, int, int], tuple[Image.Image, Image.Image]] = {}
        self.sprites: dict[int, Sprite] = {}   # judge.maps.png._key_painted
        # judge.maps.pieces: a piece's sprite by its shapes
        self.pieces: dict[tuple[object, ...],
                          tuple[Image.Image, Image.Image, tuple[int, int]] | None] = {}

    def index(self, colour: str) -> int:
        found = self._index.get(colour)
        if found is None:
            want = rgb(colour)
            found = self._exact.get(want)   # the first of the nearest, as below
            if found is None:
                found = min(range(len(self.colours)), key=lambda i: sum(
                    (a - b) ** 2 for a, b in zip(self.colours[i], want, strict=True)))
            self._index[colour] = found
        return found

    def stamp(self, image: Image.Image, at: tuple[int, int], mask: Image.Image,
              colour: str) -> None:
        """Smoothed letters (``mask``) in ``colour`` on a palette picture at ``at``: the
        box under them painted in RGB and mapped back onto the palette, as mapping the
        whole picture would. On a box of one colour (a unit's letter, the title, the
        legend) each of the mask's 256 levels is mapped once for that colour and ink
        (``_blends``); any other box is taken from the stamps made before."""
        box = (at[0], at[1], at[0] + mask.size[0], at[1] + mask.size[1])
        under = image.crop(box)
        # the masks are lettering's, kept while it keeps them: one is known by its id,
        # and the stamp keeps its mask so that the id is never another's
        low, high = under.getextrema()
        if low == high and isinstance(low, int):
            plain = (colour, id(mask), low)
            kept = self._plain.get(plain)
            if kept is None or kept[0] is not mask:
                blends = self._blends.get((colour, low)) or self._blended(colour, low)
                kept = mask, Image.frombytes("P", mask.size, mask.tobytes().translate(blends))
                if len(self._plain) >= 4096:
                    self._plain.clear()
                self._plain[plain] = kept
            image.paste(kept[1], box)
            return
        key = (colour, id(mask), under.tobytes())
        kept = self._stamps.get(key)
        if kept is None or kept[0] is not mask:
            kept = mask, self._painted(under, mask, colour)
            if len(self._stamps) >= 4096:
                self._stamps.clear()
            self._stamps[key] = kept
        image.paste(kept[1], box)

    def _painted(self, under: Image.Image, mask: Image.Image, colour: str) -> Image.Image:
        """``mask`` in ``colour`` on the box ``under``, painted in RGB, mapped back."""
        rgb_box = under.convert("RGB")
        ImageDraw.Draw(rgb_box).bitmap((0, 0), mask, rgb(colour))
        return rgb_box.quantize(palette=self.image, dither=Image.Dither.NONE)

    def _blended(self, colour: str, under: int) -> bytes:
        """What each level of a letter's mask (0 to 255) in ``colour`` on the palette's
        colour ``under`` becomes: the same painting and mapping as a box's, on a box of
        the 256 levels."""
        ground = Image.new("P", (256, 1), under)
        ground.putpalette(self.flat)
        levels = Image.frombytes("L", (256, 1), bytes(range(256)))
        found = self._blends[(colour, under)] = self._painted(ground, levels, colour).tobytes()
        return found


def extent(k: float, items: Iterable[tuple[Item, Point]],
           origin: Point = (0.0, 0.0)) -> tuple[float, float, float, float]:
    """Where ``items`` (each at its offset) may paint, at ``k`` pixels a unit less
    ``origin``: left, top, right and bottom, not rounded. A point counts with its line's
    width (a circle's radius and width) around it, a text as its lettering is drawn."""
    ox, oy = origin
    xs: list[float] = []
    ys: list[float] = []
    for item, (dx, dy) in items:
        if isinstance(item, Text):
            x, y = (item.at[0] + dx) * k - ox, (item.at[1] + dy) * k - oy
            size = max(6, round(item.size * k))
            (left, top), mask = lettering(item.text, size, ANCHOR[item.anchor])
            x0, y0 = math.floor(x + 0.5) + left, math.floor(y + 0.5) + top
            xs += [x0, x0 + mask.size[0]]
            ys += [y0, y0 + mask.size[1]]
            continue
        if isinstance(item, Circle):
            points, room = [item.center], item.radius + item.width
        elif isinstance(item, (Line, Polygon)):
            points, room = list(item.points), item.width
        else:
            points = [pt for polygon in item.shape for ring in polygon for pt in ring]
            room = item.width
        for x, y in points:
            xs += [(x + dx - room) * k - ox, (x + dx + room) * k - ox]
            ys += [(y + dy - room) * k - oy, (y + dy + room) * k - oy]
    return min(xs), min(ys), max(xs), max(ys)
