"""A scene painted as a PNG with Pillow (a wheel with no system library, whose own
font draws the text), then kept to a palette of at most 96 colours so that a map stays
small (well under the 150 KB a mail may carry). The PNG file is written here (zlib),
so nothing touches a file. Shapes are painted without smoothing (text is smoothed):
painting twice as large and halving looked hardly better and cost three times as
long."""

from __future__ import annotations

import math
import struct
import zlib
from functools import cache

from PIL import Image, ImageDraw, ImageFont

from judge.maps.geometry import Point
from judge.maps.palette import rgb
from judge.maps.scene import Area, Circle, Item, Line, Polygon, Scene, Text, flat

COLOURS = 96
_ANCHOR = {"start": "lm", "middle": "mm", "end": "rm"}


@cache
def _font(size: int) -> ImageFont.FreeTypeFont | ImageFont.ImageFont:
    return ImageFont.load_default(size)


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


class _Painter:
    def __init__(self, scene: Scene, width: int) -> None:
        self.k = width / scene.width
        self.image = Image.new("RGB", (width, round(scene.height * self.k)), "white")
        self.draw = ImageDraw.Draw(self.image)

    def pts(self, points: tuple[Point, ...], off: Point) -> list[tuple[float, float]]:
        k = self.k
        return [((x + off[0]) * k, (y + off[1]) * k) for x, y in points]

    def width(self, w: float) -> int:
        return max(1, round(w * self.k))

    def line(self, points: tuple[Point, ...], off: Point, colour: str, w: float,
             dash: tuple[float, ...]) -> None:
        fill = rgb(colour)
        if dash:
            for a, b in _dashes(points, dash):
                self.draw.line(self.pts((a, b), off), fill, self.width(w))
        else:
            self.draw.line(self.pts(points, off), fill, self.width(w), joint="curve")
        if len(points) >= 2 and w >= 1.5 and not dash:
            r = w * self.k / 2          # round caps
            for x, y in (self.pts((points[0], points[-1]), off)):
                self.draw.ellipse((x - r, y - r, x + r, y + r), fill)

    def paint(self, items: list[tuple[Item, Point]]) -> None:
        d = self.draw
        for item, off in items:
            if isinstance(item, Area):
                for polygon in item.shape:
                    outline = rgb(item.stroke) if item.stroke and item.width else None
                    d.polygon(self.pts(polygon[0], off), rgb(item.fill), outline,
                              self.width(item.width) if outline else 0)
            elif isinstance(item, Line):
                self.line(item.points, off, item.stroke, item.width, item.dash)
            elif isinstance(item, Polygon):
                pts = self.pts(item.points, off)
                d.polygon(pts, rgb(item.fill) if item.fill else None)
                if item.stroke and item.width:
                    self.line(item.points + item.points[:1], off, item.stroke, item.width,
                              item.dash)
            elif isinstance(item, Circle):
                (x, y), = self.pts((item.center,), off)
                r = item.radius * self.k
                if item.fill:
                    d.ellipse((x - r, y - r, x + r, y + r), rgb(item.fill))
                if item.stroke and item.width:
                    if item.dash:
                        n = max(8, round(2 * math.pi * item.radius / sum(item.dash) * 2))
                        for i in range(0, n, 2):
                            d.arc((x - r, y - r, x + r, y + r), 360 * i / n,
                                  360 * (i + 1) / n, rgb(item.stroke), self.width(item.width))
                    else:
                        d.ellipse((x - r, y - r, x + r, y + r), None, rgb(item.stroke),
                                  self.width(item.width))
            elif isinstance(item, Text):
                (x, y), = self.pts((item.at,), off)
                size = max(6, round(item.size * self.k))
                d.text((x, y), item.text, rgb(item.fill), _font(size), _ANCHOR[item.anchor])


def _chunk(kind: bytes, body: bytes) -> bytes:
    return struct.pack(">I", len(body)) + kind + body + struct.pack(
        ">I", zlib.crc32(kind + body) & 0xFFFFFFFF)


def png_bytes(image: Image.Image) -> bytes:
    """A palette image (mode P) as a PNG file."""
    w, h = image.size
    raw = image.tobytes()
    rows = b"".join(b"\0" + raw[y * w:(y + 1) * w] for y in range(h))
    colours = image.getpalette() or []
    return b"".join((
        b"\x89PNG\r\n\x1a\n",
        _chunk(b"IHDR", struct.pack(">IIBBBBB", w, h, 8, 3, 0, 0, 0)),
        _chunk(b"PLTE", bytes(colours[:3 * 256])),
        # level 3: 8 ms and 73 KB for a busy map, where level 6 takes 19 ms for 58 KB
        _chunk(b"IDAT", zlib.compress(rows, 3)),
        _chunk(b"IEND", b""),
    ))


def scene_png(scene: Scene, width: int) -> bytes:
    painter = _Painter(scene, width)
    painter.paint(flat(scene.items))
    return png_bytes(painter.image.quantize(COLOURS, Image.Quantize.FASTOCTREE,
                                            dither=Image.Dither.NONE))
