"""The board's pieces pasted whole: a unit with its letter, a dislodged unit, a build, a
failed order's or a removal's cross are the same shapes in the same colours wherever
they stand, so on a board's palette picture each is painted once (its sprite, with
which of its pixels it paints) and pasted where it stands, instead of its shapes and
letter being painted one by one for every piece (judge.maps.png paints with it).

A piece is pasted at the whole pixel nearest to where it stands (at most half a pixel
from it), so that every piece of its kind and colour is the same sprite."""

from __future__ import annotations

import dataclasses
import math
from copy import copy

from PIL import Image, ImageChops, ImageDraw

from judge.maps.geometry import Point
from judge.maps.paint import Painter, extent
from judge.maps.scene import Circle, Group, Item, Line, Polygon, Text, flat

# the groups that are pasted whole (judge.maps.board's roles)
PIECES = frozenset({"unit", "dislodged", "build", "failed", "remove", "disband"})
# a piece's shapes (each relative to its first shape's point, rounded) and the scale
Key = tuple[object, ...]
# the sprite, its pixels' mask (255: painted), its corner from the piece's point
Sprite = tuple[Image.Image, Image.Image, tuple[int, int]]
KEPT = 512      # sprites kept for a board's palette
_AGREE = bytes([255] + [0] * 255)          # a difference of 0: the piece paints there
_IS = [bytes(255 if v == i else 0 for v in range(256)) for i in (0, 1)]   # ground 0 or 1


class BoardPainter(Painter):
    """Paints a board's picture on its palette, the pieces pasted from their sprites."""

    def piece(self, group: Group, off: Point) -> None:
        palette = self.palette
        items = flat(group.items, (off[0] + group.offset[0], off[1] + group.offset[1]))
        if palette is None or not items:
            self.paint(items)
            return
        first, at = items[0]
        ax, ay = _point(first)
        ax, ay = ax + at[0], ay + at[1]
        key: Key = (self.k, *(_shape(item, o[0] - ax, o[1] - ay) for item, o in items))
        sprites = palette.pieces
        if key in sprites:
            sprite = sprites[key]
        else:
            if len(sprites) >= KEPT:
                sprites.clear()
            sprite = sprites[key] = self._sprite(items, ax, ay)
        if sprite is None:      # a piece whose pixels depend on what lies under it
            self.paint(items)
            return
        x = round(ax * self.k - self.origin[0]) + sprite[2][0]
        y = round(ay * self.k - self.origin[1]) + sprite[2][1]
        self.image.paste(sprite[0], (x, y), sprite[1])

    def _sprite(self, items: list[tuple[Item, Point]], ax: float, ay: float
                ) -> Sprite | None:
        """The piece painted with its point on a whole pixel, on two grounds: where
        both show the piece, it paints; where each shows its ground, it does not;
        anything else (a letter blended on the ground) and there is no sprite."""
        assert self.palette is not None
        moved = [(_moved(item, o[0] - ax, o[1] - ay), (0.0, 0.0)) for item, o in items]
        left, top, right, bottom = _reach(self, moved)
        grounds, shown = (0, 1), []
        for ground in grounds:
            canvas = Image.new("P", (right - left, bottom - top), ground)
            canvas.putpalette(self.palette.flat)
            sub = copy(self)
            sub.image, sub.draw, sub.origin = canvas, ImageDraw.Draw(canvas), (left, top)
            Painter.paint(sub, list(moved))
            shown.append(canvas)
        # where the two agree the piece paints; where each shows its ground it does not;
        # each as 255 or 0 a pixel (as whole numbers, to be and-ed and or-ed at once)
        one, two = shown[0].tobytes(), shown[1].tobytes()
        agree = ImageChops.difference(*(Image.frombytes("L", shown[0].size, s)
                                        for s in (one, two))).tobytes().translate(_AGREE)
        bare = int.from_bytes(one.translate(_IS[0])) & int.from_bytes(two.translate(_IS[1]))
        if int.from_bytes(agree) | bare != int.from_bytes(b"\xff" * len(one)):
            return None
        return shown[0], Image.frombytes("L", shown[0].size, agree), (left, top)


def _point(item: Item) -> Point:
    """Where a shape stands: a circle's centre, a text's point, the first point."""
    if isinstance(item, Circle):
        return item.center
    if isinstance(item, Text):
        return item.at
    if isinstance(item, (Line, Polygon)):
        return item.points[0]
    return item.shape[0][0][0]


def _shape(item: Item, dx: float, dy: float) -> tuple[object, ...]:
    """A shape moved by (dx, dy), as a key: its points rounded, so that the same piece
    elsewhere has the same key."""
    if isinstance(item, Circle):
        x, y = item.center
        return (Circle, round(x + dx, 3), round(y + dy, 3), item.radius, item.fill,
                item.stroke, item.width, item.dash)
    if isinstance(item, Text):
        x, y = item.at
        return (Text, round(x + dx, 3), round(y + dy, 3), item.text, item.size, item.fill,
                item.anchor, item.bold)
    if isinstance(item, (Line, Polygon)):
        return (type(item), tuple((round(x + dx, 3), round(y + dy, 3))
                                  for x, y in item.points),
                item.stroke, item.width, item.dash, getattr(item, "fill", None))
    return (item,)      # an area: never the same elsewhere


def _moved(item: Item, dx: float, dy: float) -> Item:
    """A shape moved by (dx, dy), its points rounded as in its key."""
    if isinstance(item, Circle):
        x, y = item.center
        return dataclasses.replace(item, center=(round(x + dx, 3), round(y + dy, 3)))
    if isinstance(item, Text):
        x, y = item.at
        return dataclasses.replace(item, at=(round(x + dx, 3), round(y + dy, 3)))
    if isinstance(item, (Line, Polygon)):
        return dataclasses.replace(item, points=tuple((round(x + dx, 3), round(y + dy, 3))
                                                      for x, y in item.points))
    return item


def _reach(painter: Painter, items: list[tuple[Item, Point]]) -> tuple[int, int, int, int]:
    """The pixels (from the piece's point) that ``items`` may paint, with room."""
    xs0, ys0, xs1, ys1 = extent(painter.k, items)
    # from an even pixel: Pillow rounds a shape's half pixels to even, so that a piece is
    # pasted as it would be painted where it goes (``piece``: there, from an even pixel)
    left, top = math.floor(xs0) - 2, math.floor(ys0) - 2
    return (left - left % 2, top - top % 2, math.ceil(xs1) + 3, math.ceil(ys1) + 3)
