"""The board's pieces pasted from their sprites (judge.maps.pieces) are the pieces
painted shape by shape; and the picture painted over its thread's buffer is compressed
from it as it is (judge.maps.png)."""

from __future__ import annotations

import io

from PIL import Image

from judge.maps import png
from judge.maps.board import _Board, cross
from judge.maps.geometry import load_geometry
from judge.maps.kept import KEPT, kept_ground
from judge.maps.paint import Painter
from judge.maps.pieces import BoardPainter
from judge.maps.pngfile import rows_png
from judge.maps.scene import Circle, Group, Scene, Text


def _ground() -> tuple[Image.Image, object]:
    found = kept_ground(*KEPT[0])
    assert found is not None
    return found[0], found[1]


def _both(groups: list[Group]) -> tuple[bytes, bytes]:
    """The groups pasted as pieces and painted shape by shape, on the kept ground."""
    ground, colours = _ground()
    palette = png.Palette(colours)  # type: ignore[arg-type]
    scene = Scene(1200.0, 1151.0)
    pasted, painted = ground.copy(), ground.copy()
    BoardPainter(scene, 1200, pasted, palette, (-1, 0)).paint(
        [(g, (0.0, 0.0)) for g in groups])
    Painter(scene, 1200, painted, palette, (-1, 0)).paint(
        [(g, (0.0, 0.0)) for g in groups])
    return pasted.tobytes(), painted.tobytes()


def test_a_piece_on_a_whole_pixel_is_the_piece_painted() -> None:
    """Every unit's place on the board (moved so that the piece's point, its first
    shape's, is on a whole pixel), as an army and a fleet of each power, dislodged, and
    a failed order's cross: the same pixels pasted as painted (most pasted from sprites
    made for other places)."""
    geometry = load_geometry("standard")
    powers = ["AUSTRIA", "ENGLAND", "FRANCE", "GERMANY", "ITALY", "RUSSIA", "TURKEY"]
    board = _Board({"units": {p: [] for p in powers}}, {}, {}, geometry)
    groups = []
    for i, area in enumerate(geometry.provinces()):
        x, y = (round(v) for v in geometry.point(area.abbr))
        power = powers[i % len(powers)]
        groups.append(board.unit(f"A {area.abbr}", power, (x, y)))
        # a hull's point: its upper left corner, 5.5 above the unit's point
        groups.append(board.unit(f"F {area.abbr}", powers[(i + 3) % 7], (x + 30, y + 0.5)))
        groups.append(board.unit(f"A {area.abbr}", power, (x, y + 30), "dislodged", True))
        groups.append(cross((x + 20.5, y - 19.5), 5.5, "failed"))   # from (x + 15, y - 25)
    pasted, painted = _both(groups)
    assert pasted == painted


def test_a_piece_off_the_whole_pixel_is_pasted_within_half_a_pixel() -> None:
    """A piece standing between pixels is its sprite at the nearest whole pixel."""
    board = _Board({}, {}, {}, load_geometry("standard"))
    pasted, _ = _both([board.unit("A PAR", "FRANCE", (400.4, 300.6))])
    _, painted = _both([board.unit("A PAR", "FRANCE", (400.0, 301.0))])
    assert pasted == painted


def test_a_piece_blended_on_what_lies_under_it_is_painted() -> None:
    """A letter wider than its disc is smoothed onto the ground beside it: no sprite
    can hold that, so it is painted where it stands, as before."""
    piece = Group((Circle((300.0, 300.0), 3.0, "#FFFFFF"),
                   Text((300.0, 300.0), "WWW", 20.0, "#000000")), "unit")
    pasted, painted = _both([piece])
    assert pasted == painted
    ground, colours = _ground()
    palette = png.Palette(colours)  # type: ignore[arg-type]
    assert palette.pieces == {}
    BoardPainter(Scene(1200.0, 1151.0), 1200, ground.copy(), palette, (-1, 0)).paint(
        [(piece, (0.0, 0.0))])
    assert list(palette.pieces.values()) == [None]


def test_rows_at_hand_make_the_picture_its_rows_make() -> None:
    """The rows compressed from the picture's buffer decode to the same picture as the
    rows copied out of it."""
    ground, colours = _ground()
    image, rows = png._working(ground)
    Painter(Scene(1200.0, 1151.0), 1200, image, png.Palette(colours),  # type: ignore[arg-type]
            (-1, 0)).paint([(Circle((600.0, 500.0), 40.0, "#000000"), (0.0, 0.0))])
    image.paste(0, (0, 0, 1, image.size[1]))
    assert png._rows_of(image, rows) is rows       # painted where they are
    at_hand = Image.open(io.BytesIO(rows_png(image, colours, rows=rows)))  # type: ignore[arg-type]
    copied = Image.open(io.BytesIO(rows_png(image, colours)))  # type: ignore[arg-type]
    assert at_hand.tobytes() == copied.tobytes() != ground.crop(
        (1, 0, *ground.size)).tobytes()
    assert at_hand.getpalette() == copied.getpalette()


def test_a_picture_gives_its_buffer_back_and_two_at_once_never_share_one() -> None:
    """A picture takes a spare buffer and gives it back once its rows are compressed;
    two pictures in hand at once are painted over two buffers."""
    ground, _ = _ground()
    png._spare.clear()
    one, rows_one = png._working(ground)
    two, rows_two = png._working(ground)
    assert rows_one is not rows_two
    png._done(rows_one)
    png._done(rows_two)
    three, rows_three = png._working(ground)
    assert rows_three in (rows_one, rows_two)
    assert bytes(rows_three) == ground.tobytes()
    png._done(rows_three)
    for _ in range(png.SPARE + 2):
        png._done(bytearray(4))
    assert len(png._spare) == png.SPARE
    png._spare.clear()
