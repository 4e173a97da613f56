"""A scene painted as a PNG with Pillow (a wheel with no system library, whose own
font draws the text), then kept to a palette (at most 256 colours) so that a map stays
small (well under the 150 KB a mail may carry): the shapes painted by judge.maps.paint
(without smoothing; text is smoothed), the file written by judge.maps.pngfile (ISA-L),
nothing touching a file.

A board's ground (the scene's group of role ``ground``: provinces, names, lakes) is the
same in every phase but for the tint of the centres' provinces. Untinted and on the
board's palette (the ground's colours and palette.board_colours) it is read from the
file kept with the package (judge.maps.kept) or painted once per process and width; a
phase's picture is a copy of it, each owned centre's province pasted from its piece in
its tint (painted once) through the province's mask, the centres painted (this still
layer kept for the last sets of owners), then the phase's pieces painted on the copy in
the palette's indices, and the legend's key pasted (painted once for a kind of phase)."""

from __future__ import annotations

import math
from collections.abc import Callable, Iterator
from functools import cache, lru_cache

from PIL import Image, ImageDraw

from judge.maps.geometry import Point
from judge.maps.paint import Painter, Palette, extent
from judge.maps.palette import board_colours, rgb
from judge.maps.pieces import PIECES, BoardPainter
from judge.maps.pngfile import png_bytes, rows_png
from judge.maps.scene import Area, Circle, Group, Item, Line, Polygon, Scene, flat

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
def scene_png(scene: Scene, width: int, grounds: Grounds | None = None,
              kept: Kept | None = None) -> bytes:
    """A scene as a PNG. A board's ground (the group of role ``ground``, its ``map`` data
    the map's name) is copied from the grounds painted before: ``grounds`` gives the
    ground of a map in a tint (judge.maps.board.tinted_ground), ``kept`` the untinted
    ground painted once and kept as a file, if it is there (judge.maps.kept.kept_ground)."""
    found = None if grounds is None else _ground_of(scene.items)
    if grounds is None or found is None:
        painter = Painter(scene, width)
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
    if layer is not None and layer[0] is group and layer[1] == still:
        layered = layer[2]
    else:
        layered = ground.copy()
        _tint(layered, grounds, kept, name, size, scene.width, offset, group)
        BoardPainter(scene, size[0], layered, palette, origin=(-1, 0)).paint(list(still))
        if len(layers) >= LAYERS:
            layers.pop(next(iter(layers), 0), None)   # the oldest (threads may race)
        layers[id(group)] = (group, still, layered)
    image, rows = _working(layered)
    painter = BoardPainter(scene, size[0], image, palette, origin=(-1, 0))
    painter.paint(items[n:])
    if key is not None:
        _key_painted(painter, palette, key, scene, size[0])
    image.paste(0, (0, 0, 1, size[1]))
    png = rows_png(image, palette.flat, rows=_rows_of(image, rows))
    _done(rows)
    return png


# buffers free to paint a picture over (_working): one taken for a picture and given
# back once its rows are compressed; list.pop and list.append are each one step, so two
# threads drawing at once never share one
_spare: list[bytearray] = []
SPARE = 2   # buffers kept (1.4 MB each at 1,200 pixels)


def _working(layer: Image.Image) -> tuple[Image.Image, bytearray]:
    """A copy of a still layer to paint the phase's pieces on, over a buffer kept for
    the next pictures (so that the rows are compressed from it as they are, not copied
    out band by band, and no picture's memory is asked for anew; ``_done`` gives it
    back): a picture made over a buffer (``frombuffer``) is a read-only view of it,
    made writable here."""
    size = layer.size
    try:
        rows = _spare.pop()
    except IndexError:
        rows = bytearray(size[0] * size[1])
    if len(rows) != size[0] * size[1]:
        rows = bytearray(size[0] * size[1])
    image = Image.frombuffer("P", size, rows, "raw", "P", 0, 1)
    image.readonly = 0
    image.putpalette(layer.getpalette() or [])   # a letter's box is mapped through it
    image.paste(layer, (0, 0))
    return image, rows


def _done(rows: bytearray) -> None:
    """A picture's buffer given back once its rows are compressed."""
    if len(_spare) < SPARE:
        _spare.append(rows)


def _rows_of(image: Image.Image, rows: bytearray) -> bytearray | bytes:
    """The picture's rows: its buffer, if painting wrote there (checked on its first
    pixel, index 0), else copied out of the picture."""
    image.putpixel((0, 0), 1)
    painted = rows[0] == 1
    image.putpixel((0, 0), 0)
    return rows if painted else image.tobytes()


LAYERS = 8  # still layers kept (1.4 MB each)
Layer = tuple[Group, tuple[tuple[Item | Group, Point], ...], Image.Image]


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
    painter = Painter(scene, size[0], image)
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
             ) -> list[tuple[Item | Group, Point]]:
    """The scene's shapes in drawing order but the ground's (and ``key``'s), the
    pieces (judge.maps.pieces) whole."""
    out: list[tuple[Item | Group, Point]] = []
    add = out.append
    stack: list[tuple[Iterator[Item | Group], Point]] = [(iter(items), offset)]
    while stack:
        inner, at = stack[-1]
        for item in inner:
            if type(item) is Group:
                if item.role in PIECES:
                    add((item, at))
                elif item is not ground and item is not key:
                    stack.append((iter(item.items), (at[0] + item.offset[0],
                                                     at[1] + item.offset[1])))
                    break
            else:
                add((item, at))
        else:
            stack.pop()
    return out


def _key_painted(painter: Painter, palette: Palette, key: Group, scene: Scene,
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
        sub = Painter(scene, width, under, palette,
                       (painter.origin[0] + box[0], painter.origin[1] + box[1]))
        sub.paint(flat((key,)))
        if len(sprites) >= 16:
            sprites.pop(next(iter(sprites), 0), None)
        found = sprites[id(key)] = (key, box, low, under)
    image.paste(found[3], box)


def _box(painter: Painter, group: Group) -> tuple[int, int, int, int]:
    """The pixels of ``painter``'s picture that ``group`` may paint, with room."""
    x0, y0, x1, y1 = extent(painter.k, flat((group,)), painter.origin)
    w, h = painter.image.size
    return (max(0, math.floor(x0) - 2), max(0, math.floor(y0) - 2),
            min(w, math.ceil(x1) + 3), min(h, math.ceil(y1) + 3))


@lru_cache(maxsize=32)
def _painted(grounds: Grounds, name: tuple[str, str], tint: str | None, size: tuple[int, int],
             board_width: float, offset: Point) -> Image.Image:
    """The ground in ``tint`` (None: untinted) on a white RGB picture of ``size``."""
    scene = Scene(board_width, size[1] * board_width / size[0])
    painter = Painter(scene, size[0])
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
           board_width: float, offset: Point) -> tuple[Image.Image, Palette]:
    """The untinted ground on the board's palette one column wider, its first column
    index 0 (a PNG's rows as they are), and the palette: the kept file's (decoded in
    2 ms) if it is this ground's, else painted (about 30 ms: the ground painted in RGB, its
    colours chosen, the picture mapped onto them)."""
    found = None if kept is None else kept(name, size, board_width, offset)
    if found is not None:
        return found[0], Palette(found[1])
    ground, colours = painted_board(grounds, name, size, board_width, offset)
    framed = Image.new("P", (size[0] + 1, size[1]), 0)
    framed.putpalette(colours)   # a letter's box is mapped through it (Palette.stamp)
    framed.paste(ground, (1, 0))
    return framed, Palette(colours)


@lru_cache(maxsize=1024)
def _piece(grounds: Grounds, name: tuple[str, str], tint: str, province: str,
           size: tuple[int, int], board_width: float, offset: Point,
           indexed: bool = False, kept: Kept | None = None) -> Image.Image:
    """The box of ``province`` as the ground in ``tint`` paints it: the ground's shapes
    that reach into the box, painted on the box alone (a whole ground painted for each
    tint cost 15 ms and 4 MB a tint); ``indexed``: mapped onto the board's palette."""
    box, _ = _mask(grounds, name, province, size, board_width, offset)
    k = size[0] / board_width
    painter = Painter(Scene(board_width, size[1] / k), size[0],
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


@lru_cache(maxsize=8)
def _palette(grounds: Grounds, name: tuple[str, str], size: tuple[int, int],
             board_width: float, offset: Point, scale: int) -> Palette:
    """The palette a board's picture is mapped onto: the pieces' colours exactly, and the
    ground's own (its smoothed names and edges) chosen from the untinted ground."""
    ground = _painted(grounds, name, None, size, board_width, offset)
    if scale > 1:
        ground = ground.reduce(scale)
    chosen = ground.quantize(GROUND_COLOURS, Image.Quantize.FASTOCTREE,
                             dither=Image.Dither.NONE).getpalette() or []
    colours = [c for colour in board_colours() for c in rgb(colour)]
    colours += chosen[:3 * GROUND_COLOURS]
    return Palette(colours[:3 * 256])
