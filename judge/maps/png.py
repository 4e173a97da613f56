"""A scene painted as a PNG with Pillow (a wheel with no system library, whose own
font draws the text), then kept to a palette (at most 256 colours) so that a map stays
small (well under the 150 KB a mail may carry). The PNG file is written here (ISA-L),
so nothing touches a file. Shapes are painted without smoothing (text is smoothed).

A board's ground (the scene's group of role ``ground``: provinces, names, lakes) is the
same in every phase but for the tint of the centres' provinces. It is painted once per
process and width, untinted and once in each tint used, and a phase's picture is a copy
of the untinted ground, each owned centre's province pasted from its tint's ground
through the province's mask, and the phase's pieces painted on the copy; it is then
mapped onto a palette made once (the ground's colours and palette.board_colours), which
costs a fifth of choosing a palette for each picture."""

from __future__ import annotations

import math
import struct
import zlib
from collections.abc import Callable, Iterator
from functools import cache, lru_cache
from typing import cast

from isal import isal_zlib
from PIL import Image, ImageDraw, ImageFont

from judge.maps.geometry import Point
from judge.maps.palette import board_colours, rgb
from judge.maps.scene import Area, Circle, Group, Item, Line, Polygon, Scene, Text, flat

COLOURS = 96        # a chart's palette, chosen for each chart
GROUND_COLOURS = 120  # the ground's share of a board's palette
# (map name, grow, tint) -> the ground group
# a narrower board is painted twice as large and halved (box filter): its edges smoothed
SMOOTH, SMOOTH_BELOW = 2, 960
Grounds = Callable[[str, str, str | None], Group]
# (map name, grow), size, board width, offset -> the untinted ground on the board's
# palette, one column wider (a PNG's rows: judge.maps.png._board), and the palette's
# colours, painted before and kept (judge.maps.kept)
Kept = Callable[[tuple[str, str], tuple[int, int], float, Point],
                tuple[Image.Image, list[int]] | None]
_ANCHOR = {"start": "lm", "middle": "mm", "end": "rm"}


@cache
def _font(size: int) -> ImageFont.FreeTypeFont | ImageFont.ImageFont:
    return ImageFont.load_default(size)


@lru_cache(maxsize=1024)
def _lettering(text: str, size: int, anchor: str) -> tuple[tuple[int, int], Image.Image]:
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


class _Painter:
    """Paints shapes on an RGB picture, or on a palette picture (``palette``: a board's,
    judge.maps.png._Palette) in its colours' indices."""

    def __init__(self, scene: Scene, width: int, image: Image.Image | None = None,
                 palette: _Palette | None = None, origin: tuple[int, int] = (0, 0)) -> None:
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

    def paint(self, items: list[tuple[Item, Point]]) -> None:
        d, ink = self.draw, self.ink
        for item, off in items:
            kind = type(item)
            if kind is Line:
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
                (left, top), mask = _lettering(text.text, size, _ANCHOR[text.anchor])
                # half a pixel up, in the whole picture and in a piece of it alike
                self.text((math.floor(x + 0.5) + left, math.floor(y + 0.5) + top), mask,
                          text.fill)
            elif kind is Polygon:
                polygon = cast(Polygon, item)
                d.polygon(self.pts(polygon.points, off),
                          ink(polygon.fill) if polygon.fill else None)
                if polygon.stroke and polygon.width:
                    self.line(polygon.points + polygon.points[:1], off, polygon.stroke,
                              polygon.width, polygon.dash)
            elif kind is Area:
                area = cast(Area, item)
                for shape in area.shape:
                    outline = ink(area.stroke) if area.stroke and area.width else None
                    d.polygon(self.pts(shape[0], off), ink(area.fill), outline,
                              self.width(area.width) if outline else 0)


def chunk(kind: bytes, body: bytes) -> bytes:
    """A PNG chunk."""
    return struct.pack(">I", len(body)) + kind + body + struct.pack(
        ">I", zlib.crc32(kind + body) & 0xFFFFFFFF)


def png_bytes(image: Image.Image) -> bytes:
    """A palette image (mode P) as a PNG file."""
    return png_file(image, image.getpalette() or [])


def png_file(image: Image.Image, colours: list[int], *more: bytes, level: int = 0) -> bytes:
    """A palette image as a PNG file in ``colours`` (red, green, blue, ...); ``more``:
    chunks before its rows; ``level``: zlib's (0: ISA-L's 1, the quickest)."""
    w, h = image.size
    # each row after its filter byte (0, none): the picture one column wider, the first
    # column index 0
    framed = Image.new("P", (w + 1, h), 0)
    framed.paste(image, (1, 0))
    return _png(framed, colours, *more, level=level)


def _png(framed: Image.Image, colours: list[int], *more: bytes, level: int = 0) -> bytes:
    """A PNG file of a palette picture one column wider than the file's, its first
    column index 0 (each row's filter byte)."""
    w, h = framed.size
    return b"".join((
        b"\x89PNG\r\n\x1a\n",
        chunk(b"IHDR", struct.pack(">IIBBBBB", w - 1, h, 8, 3, 0, 0, 0)),
        chunk(b"PLTE", bytes(colours[:3 * 256])),
        *more,
        chunk(b"IDAT", _deflate(framed, level)),
        chunk(b"IEND", b""),
    ))


BAND = 128  # rows compressed at a time


def _deflate(framed: Image.Image, level: int = 0) -> bytes:
    """The picture's rows compressed as a zlib stream, by ISA-L (the isal wheel, its own
    copy of the library; ``level`` 0) or by zlib at ``level``. ISA-L at its level 1: a
    busy 1,200-pixel map is 76 KB in 0.6 ms, where zlib took 3.7 ms at level 3 (or with
    run lengths only) for 74 KB and 11 ms at level 6 for 60. The rows are taken 128 at
    a time: the whole picture's 1.4 MB of rows at once, beside the picture's own 1.4 MB,
    had the C library give that memory back and fault it in again for the next picture
    (480 page faults, 1.3 ms a picture)."""
    w, h = framed.size
    stream = isal_zlib.compressobj(1) if level == 0 else zlib.compressobj(level)
    out = [stream.compress(framed.crop((0, top, w, min(h, top + BAND))).tobytes())
           for top in range(0, h, BAND)]
    out.append(stream.flush())
    return b"".join(out)


def scene_png(scene: Scene, width: int, grounds: Grounds | None = None,
              kept: Kept | None = None) -> bytes:
    """A scene as a PNG. A board's ground (the group of role ``ground``, its ``map`` data
    the map's name) is copied from the grounds painted before: ``grounds`` gives the
    ground of a map in a tint (judge.maps.board.tinted_ground), ``kept`` the untinted
    ground painted once and kept as a file, if it is there (judge.maps.kept.kept_ground)."""
    found = None if grounds is None else _ground_of(scene.items)
    if grounds is None or found is None:
        painter = _Painter(scene, width)
        painter.paint(flat(scene.items))
        return png_bytes(painter.image.quantize(COLOURS, Image.Quantize.FASTOCTREE,
                                                dither=Image.Dither.NONE))
    group, offset = found
    name = (dict(group.data)["map"], dict(group.data).get("grow", "1.0"))
    if width < SMOOTH_BELOW:
        return _halved(scene, width, grounds, group, name, offset)
    # at 1,200 pixels the picture is painted on the palette itself (the ground kept
    # mapped onto it, the pieces in their colours' indices, each text stamped through a
    # little RGB box): what mapping the whole RGB picture at the end gave, for a third of
    # the bytes copied and no mapping; and one column wider, its first column index 0,
    # so that its rows are the PNG's rows as they are (each after its filter byte, 0)
    size = (width, round(scene.height * width / scene.width))
    ground, palette = _board(grounds, kept, name, size, scene.width, offset)
    # the legend's key, if it is the last thing painted: kept painted (_key_painted)
    last = scene.items[-1] if scene.items else None
    key = last if isinstance(last, Group) and last.role == "key" else None
    items = _without(scene.items, group, key=key)
    # the board's still layer: the ground in its owners' tints and the centres in their
    # owners' colours, the same in every phase between two changes of owners (and in
    # every game's first year), is kept for the last few sets of owners
    n = 0
    while n < len(items) and items[n][0].role == "center":
        n += 1
    still = tuple(items[:n])
    layers = _layers(grounds, kept, name, size, scene.width, offset)
    layer = layers.get(id(group))
    made: _Painter | None = None
    if layer is not None and layer[0] is group and layer[1] == still:
        image = layer[2].copy()
    else:
        image = ground.copy()
        _tint(image, grounds, kept, name, size, scene.width, offset, group)
        made = _Painter(scene, size[0], image, palette, origin=(-1, 0))
        made.paint(list(still))
        if len(layers) >= LAYERS:
            layers.pop(next(iter(layers), 0), None)   # the oldest (threads may race)
        layers[id(group)] = (group, still, image.copy())
    painter = made or _Painter(scene, size[0], image, palette, origin=(-1, 0))
    painter.paint(items[n:])
    if key is not None:
        _key_painted(painter, palette, key, scene, size[0])
    image.paste(0, (0, 0, 1, size[1]))
    return _png(image, palette.flat)


LAYERS = 8  # still layers kept (1.4 MB each)
Layer = tuple[Group, tuple[tuple[Item, Point], ...], Image.Image]


@lru_cache(maxsize=8)
def _layers(grounds: Grounds, kept: Kept | None, name: tuple[str, str], size: tuple[int, int],
            board_width: float, offset: Point) -> dict[int, Layer]:
    """A board's still layers painted, by their ground's id (with the ground, so that the
    id is never another's), with their centres."""
    return {}


def _tint(image: Image.Image, grounds: Grounds, kept: Kept | None, name: tuple[str, str],
          size: tuple[int, int], board_width: float, offset: Point, group: Group) -> None:
    """Paste the ground's tinted provinces on ``image`` (the ground one column wider)."""
    pieces = _pieces(grounds, kept, name, size, board_width, offset)
    for tinted in _tinted(grounds, name, group):
        piece = pieces.get(tinted)
        if piece is None:
            province, fill = tinted
            box, mask = _mask(grounds, name, province, size, board_width, offset)
            piece = pieces[tinted] = (
                _piece(grounds, name, fill, province, size, board_width, offset, True, kept),
                (box[0] + 1, box[1], box[2] + 1, box[3]), mask)
            if len(pieces) > 1024:
                pieces.clear()
        image.paste(*piece)


def _halved(scene: Scene, width: int, grounds: Grounds, group: Group,
            name: tuple[str, str], offset: Point) -> bytes:
    """A narrower picture: painted twice as large in RGB, halved and mapped onto the
    board's palette."""
    scale = SMOOTH
    size = (width * scale, round(scene.height * width * scale / scene.width))
    palette = _palette(grounds, name, size, scene.width, offset, scale)
    image = _painted(grounds, name, None, size, scene.width, offset).copy()
    for province, fill in _tinted(grounds, name, group):
        box, mask = _mask(grounds, name, province, size, scene.width, offset)
        image.paste(_piece(grounds, name, fill, province, size, scene.width, offset),
                    box, mask)
    painter = _Painter(scene, size[0], image)
    painter.paint(_without(scene.items, group))
    return png_bytes(image.reduce(scale).quantize(palette=palette.image,
                                                  dither=Image.Dither.NONE))


def _tinted(grounds: Grounds, name: tuple[str, str], group: Group) -> list[tuple[str, str]]:
    """The ground's provinces not in their untinted fill, with their fill."""
    items = group.items
    places = _places(grounds, name)
    if len(items) == places[0]:     # the untinted ground's items, some in other fills
        return [(province, str(fill)) for i, province, plain in places[1]
                if (fill := getattr(items[i], "fill", plain)) != plain]
    plain = _fills(grounds, name)
    out = []
    for area in items:
        if isinstance(area, Area) and area.role == "province":
            province = dict(area.data).get("province", "")
            if area.fill != plain.get(province, area.fill):
                out.append((province, area.fill))
    return out


@cache
def _places(grounds: Grounds, name: tuple[str, str]
            ) -> tuple[int, tuple[tuple[int, str, str], ...]]:
    """How many items the untinted ground has, and where each province is among them,
    with its untinted fill."""
    items = grounds(*name, None).items
    return len(items), tuple((i, dict(a.data)["province"], a.fill) for i, a in enumerate(items)
                             if isinstance(a, Area) and a.role == "province")


@lru_cache(maxsize=8)
def _pieces(grounds: Grounds, kept: Kept | None, name: tuple[str, str], size: tuple[int, int],
            board_width: float, offset: Point
            ) -> dict[tuple[str, str], tuple[Image.Image, tuple[int, int, int, int],
                                             Image.Image]]:
    """A picture's tinted provinces as they are pasted on it, by province and fill: the
    piece, where it goes on the picture one column wider, its mask (filled as drawn)."""
    return {}


def _ground_of(items: list[Item | Group] | tuple[Item | Group, ...],
               offset: Point = (0.0, 0.0)) -> tuple[Group, Point] | None:
    for item in items:
        if isinstance(item, Group):
            at = (offset[0] + item.offset[0], offset[1] + item.offset[1])
            if item.role == "ground" and "map" in dict(item.data):
                return item, at
            if (found := _ground_of(item.items, at)) is not None:
                return found
    return None


def _without(items: list[Item | Group] | tuple[Item | Group, ...], ground: Group,
             offset: Point = (0.0, 0.0), key: Group | None = None
             ) -> list[tuple[Item, Point]]:
    """The scene's shapes in drawing order but the ground's (and ``key``'s)."""
    out: list[tuple[Item, Point]] = []
    add = out.append
    stack: list[tuple[Iterator[Item | Group], Point]] = [(iter(items), offset)]
    while stack:
        inner, at = stack[-1]
        for item in inner:
            if type(item) is Group:
                if item is not ground and item is not key:
                    stack.append((iter(item.items), (at[0] + item.offset[0],
                                                     at[1] + item.offset[1])))
                    break
            else:
                add((cast(Item, item), at))
        else:
            stack.pop()
    return out


Sprite = tuple[Group, tuple[int, int, int, int], int, Image.Image]


def _key_painted(painter: _Painter, palette: _Palette, key: Group, scene: Scene,
                 width: int) -> None:
    """Paint the legend's key (a top-level group of role ``key``, the last one painted):
    the same on every picture of a phase's kind, on the legend's paper, so it is painted
    once on a box of that paper and pasted (kept for the last 16 keys). On anything but
    one colour it is painted as it is."""
    image = painter.image
    sprites = palette.sprites
    found = sprites.get(id(key))
    box = found[1] if found is not None and found[0] is key else _box(painter, key)
    under = image.crop(box)
    low, high = under.getextrema()
    if low != high or not isinstance(low, int):
        painter.paint(flat((key,)))
        return
    if found is None or found[0] is not key or found[2] != low:
        sub = _Painter(scene, width, under, palette,
                       (painter.origin[0] + box[0], painter.origin[1] + box[1]))
        sub.paint(flat((key,)))
        if len(sprites) >= 16:
            sprites.pop(next(iter(sprites), 0), None)
        found = sprites[id(key)] = (key, box, low, under)
    image.paste(found[3], box)


def _box(painter: _Painter, group: Group) -> tuple[int, int, int, int]:
    """The pixels of ``painter``'s picture that ``group`` may paint, with room."""
    k, (ox, oy) = painter.k, painter.origin
    xs: list[float] = []
    ys: list[float] = []
    for item, off in flat((group,)):
        if isinstance(item, Text):
            (x, y), = painter.pts((item.at,), off)
            size = max(6, round(item.size * k))
            (left, top), mask = _lettering(item.text, size, _ANCHOR[item.anchor])
            x0, y0 = math.floor(x + 0.5) + left, math.floor(y + 0.5) + top
            xs += [x0, x0 + mask.size[0]]
            ys += [y0, y0 + mask.size[1]]
            continue
        if isinstance(item, Area):
            points = [pt for polygon in item.shape for ring in polygon for pt in ring]
            room = item.width
        elif isinstance(item, (Line, Polygon)):
            points, room = list(item.points), item.width
        else:
            points, room = [item.center], item.radius + item.width
        for x, y in points:
            xs += [(x + off[0] - room) * k - ox, (x + off[0] + room) * k - ox]
            ys += [(y + off[1] - room) * k - oy, (y + off[1] + room) * k - oy]
    w, h = painter.image.size
    return (max(0, math.floor(min(xs)) - 2), max(0, math.floor(min(ys)) - 2),
            min(w, math.ceil(max(xs)) + 3), min(h, math.ceil(max(ys)) + 3))


@lru_cache(maxsize=32)
def _painted(grounds: Grounds, name: tuple[str, str], tint: str | None, size: tuple[int, int],
             board_width: float, offset: Point) -> Image.Image:
    """The ground in ``tint`` (None: untinted) on a white RGB picture of ``size``."""
    scene = Scene(board_width, size[1] * board_width / size[0])
    painter = _Painter(scene, size[0])
    painter.paint(flat((grounds(*name, tint),), offset))
    return painter.image


def painted_board(grounds: Grounds, name: tuple[str, str], size: tuple[int, int],
                  board_width: float, offset: Point) -> tuple[Image.Image, list[int]]:
    """The untinted ground painted and mapped onto the board's palette, and the
    palette's colours (red, green, blue, ...): what judge.maps.kept keeps as a file."""
    palette = _palette(grounds, name, size, board_width, offset, 1)
    ground = _painted(grounds, name, None, size, board_width, offset)
    return ground.quantize(palette=palette.image, dither=Image.Dither.NONE), palette.flat


@lru_cache(maxsize=8)
def _board(grounds: Grounds, kept: Kept | None, name: tuple[str, str], size: tuple[int, int],
           board_width: float, offset: Point) -> tuple[Image.Image, _Palette]:
    """The untinted ground on the board's palette one column wider, its first column
    index 0 (a PNG's rows as they are), and the palette: the kept file's (decoded in
    2 ms) if it is this ground's, else painted (60 ms: the ground painted in RGB, its
    colours chosen, the picture mapped onto them)."""
    found = None if kept is None else kept(name, size, board_width, offset)
    if found is not None:
        return found[0], _Palette(found[1])
    ground, colours = painted_board(grounds, name, size, board_width, offset)
    framed = Image.new("P", (size[0] + 1, size[1]), 0)
    framed.putpalette(colours)   # a letter's box is mapped through it (_Palette.stamp)
    framed.paste(ground, (1, 0))
    return framed, _Palette(colours)


@lru_cache(maxsize=1024)
def _piece(grounds: Grounds, name: tuple[str, str], tint: str, province: str,
           size: tuple[int, int], board_width: float, offset: Point,
           indexed: bool = False, kept: Kept | None = None) -> Image.Image:
    """The box of ``province`` as the ground in ``tint`` paints it: the ground's shapes
    that reach into the box, painted on the box alone (a whole ground painted for each
    tint cost 15 ms and 4 MB a tint); ``indexed``: mapped onto the board's palette."""
    box, _ = _mask(grounds, name, province, size, board_width, offset)
    k = size[0] / board_width
    painter = _Painter(Scene(board_width, size[1] / k), size[0],
                       Image.new("RGB", (box[2] - box[0], box[3] - box[1]), "white"),
                       origin=(box[0], box[1]))
    painter.paint([(item, off) for item, off, (x0, y0, x1, y1)
                   in _reach(grounds, name, tint, size, board_width, offset)
                   if x1 >= box[0] and x0 <= box[2] and y1 >= box[1] and y0 <= box[3]])
    if not indexed:
        return painter.image
    palette = _board(grounds, kept, name, size, board_width, offset)[1]
    return painter.image.quantize(palette=palette.image, dither=Image.Dither.NONE)


Reach = tuple[float, float, float, float]


@lru_cache(maxsize=16)
def _reach(grounds: Grounds, name: tuple[str, str], tint: str, size: tuple[int, int],
           board_width: float, offset: Point) -> list[tuple[Item, Point, Reach]]:
    """The ground's shapes in ``tint`` in drawing order, each with its offset and the
    pixels it may paint: a tint changes a province's fill, not its shapes, so the
    untinted ground's reach is every tint's (reckoned once: 3 ms)."""
    items = flat((grounds(*name, tint),), offset)
    return [(item, off, reach) for (item, off), reach
            in zip(items, _reaches(grounds, name, size, board_width, offset), strict=True)]


@lru_cache(maxsize=8)
def _reaches(grounds: Grounds, name: tuple[str, str], size: tuple[int, int],
             board_width: float, offset: Point) -> list[Reach]:
    """The pixels each of the untinted ground's shapes may paint (left, top, right,
    bottom, with room for its lines), in drawing order."""
    k = size[0] / board_width
    out: list[Reach] = []
    for item, off in flat((grounds(*name, None),), offset):
        if isinstance(item, Area):
            points = [pt for polygon in item.shape for ring in polygon for pt in ring]
            room = item.width
        elif isinstance(item, (Line, Polygon)):
            points, room = list(item.points), item.width
        elif isinstance(item, Circle):
            points, room = [item.center], item.radius + item.width
        else:  # a text: no wider than a letter's height a letter, nor higher than two
            points, room = [item.at], item.size * (len(item.text) + 2)
        xs = [x for x, _ in points]
        ys = [y for _, y in points]
        out.append(((min(xs) + off[0] - room) * k - 2,
                    (min(ys) + off[1] - room) * k - 2,
                    (max(xs) + off[0] + room) * k + 2,
                    (max(ys) + off[1] + room) * k + 2))
    return out


@cache
def _fills(grounds: Grounds, name: tuple[str, str]) -> dict[str, str]:
    """Each province's untinted fill."""
    return {dict(a.data)["province"]: a.fill for a in grounds(*name, None).items
            if isinstance(a, Area) and a.role == "province"}


@lru_cache(maxsize=256)
def _mask(grounds: Grounds, name: tuple[str, str], province: str, size: tuple[int, int],
          board_width: float, offset: Point) -> tuple[tuple[int, int, int, int], Image.Image]:
    """Where ``province`` is in the picture: its box and its mask (mode 1) in the box."""
    area = next(a for a in grounds(*name, None).items if isinstance(a, Area)
                and dict(a.data).get("province") == province)
    k = size[0] / board_width
    rings = [[((x + offset[0]) * k, (y + offset[1]) * k) for x, y in polygon[0]]
             for polygon in area.shape]
    xs = [x for ring in rings for x, _ in ring]
    ys = [y for ring in rings for _, y in ring]
    box = (max(0, math.floor(min(xs)) - 2), max(0, math.floor(min(ys)) - 2),
           min(size[0], math.ceil(max(xs)) + 3), min(size[1], math.ceil(max(ys)) + 3))
    mask = Image.new("1", (box[2] - box[0], box[3] - box[1]), 0)
    draw = ImageDraw.Draw(mask)
    for ring in rings:
        draw.polygon([(x - box[0], y - box[1]) for x, y in ring], 1)
    return box, mask


class _Palette:
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
        # the masks are _lettering's, kept while it keeps them: one is known by its id,
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
@lru_cache(maxsize=8)
def _palette(grounds: Grounds, name: tuple[str, str], size: tuple[int, int],
             board_width: float, offset: Point, scale: int) -> _Palette:
    """The palette a board's picture is mapped onto: the pieces' colours exactly, and the
    ground's own (its smoothed names and edges) chosen from the untinted ground."""
    ground = _painted(grounds, name, None, size, board_width, offset)
    if scale > 1:
        ground = ground.reduce(scale)
    chosen = ground.quantize(GROUND_COLOURS, Image.Quantize.FASTOCTREE,
                             dither=Image.Dither.NONE).getpalette() or []
    colours = [c for colour in board_colours() for c in rgb(colour)]
    colours += chosen[:3 * GROUND_COLOURS]
    return _Palette(colours[:3 * 256])
