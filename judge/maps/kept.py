"""The board's ground painted once and kept with the package, so that a process's first
picture does not paint it (`judge process` is a new process each run).

A kept ground is the untinted ground (provinces, names, lakes) on the board's palette,
as judge.maps.png.painted_board paints it, in a PNG file under judge/maps/grounds/
(``standard-1.0-1200x1151.png``: the map, how much its names are grown, the picture's
size). Its ``key`` text says what it was painted from: the drawing's file, the picture's
size and where the board stands in it, and Pillow's version (whose painting it is). A
ground whose key is not the one reckoned now (the drawing changed, another Pillow) is
not taken: the painter paints the ground itself, as it would with no file. The file is
made by ``bin/make_ground.py``; tests/maps/test_kept_ground.py checks that the shipped
one is what the painter paints now.
"""

from __future__ import annotations

import hashlib
import struct
from importlib import resources
from importlib.resources.abc import Traversable

import PIL
from isal import isal_zlib
from PIL import Image

from judge.engine.maps import STANDARD_MAP
from judge.maps.geometry import Point, geometry_text
from judge.maps.png import Grounds, painted_board
from judge.maps.pngfile import chunk, png_file

FORMAT = "1"   # how a kept ground is written; a new way of writing changes it
# the grounds kept: (map, grow), the picture's size, the board's width, where it stands
# (the standard board at 1,200 pixels, below its 44-unit title band)
KEPT = (((STANDARD_MAP, "1.0"), (1200, 1151), 1200.0, (0.0, 44.0)),)


def ground_key(name: tuple[str, str], size: tuple[int, int], board_width: float,
               offset: Point) -> str:
    """What a kept ground of map ``name`` (its name, how much its names are grown) for a
    picture of ``size`` was painted from."""
    said = "\n".join((FORMAT, PIL.__version__, *name, f"{size[0]}x{size[1]}",
                      repr(float(board_width)), repr(tuple(map(float, offset)))))
    digest = hashlib.sha256(said.encode())
    digest.update(geometry_text(name[0]).encode())
    return digest.hexdigest()


def ground_file(name: tuple[str, str], size: tuple[int, int]) -> Traversable:
    return resources.files("judge.maps").joinpath(
        "grounds", f"{name[0]}-{name[1]}-{size[0]}x{size[1]}.png")


def kept_ground(name: tuple[str, str], size: tuple[int, int], board_width: float,
                offset: Point) -> tuple[Image.Image, list[int]] | None:
    """The kept ground for this picture, if there is one and it was painted from what the
    painter would paint it from now: its rows as the file has them (one column wider
    than the picture, the first column each row's filter byte, 0) and its palette's
    colours. Read here, not by Pillow (whose reader of PNG files and their zlib took
    twice as long), from the files that ground_bytes writes."""
    found = ground_file(name, size)
    if not found.is_file():
        return None
    chunks = _chunks(found.read_bytes())
    head = chunks.get(b"IHDR", b"")
    if head != struct.pack(">IIBBBBB", *size, 8, 3, 0, 0, 0) or \
            chunks.get(b"tEXt") != b"key\0" + ground_key(name, size, board_width,
                                                          offset).encode():
        return None
    rows = isal_zlib.decompress(chunks.get(b"IDAT", b""))
    w, h = size
    if len(rows) != (w + 1) * h or rows[::w + 1] != bytes(h):
        return None     # not rows each after a filter byte 0, as ground_bytes writes
    colours = list(chunks.get(b"PLTE", b""))
    image = Image.frombytes("P", (w + 1, h), rows)
    image.putpalette(colours)
    return image, colours


def _chunks(data: bytes) -> dict[bytes, bytes]:
    """A PNG file's chunks by kind (the IDAT chunks joined)."""
    out: dict[bytes, bytes] = {}
    at = 8
    while at + 8 <= len(data):
        length, kind = struct.unpack(">I4s", data[at:at + 8])
        body = data[at + 8:at + 8 + length]
        out[kind] = out.get(kind, b"") + body if kind == b"IDAT" else body
        at += 12 + length
    return out


def ground_bytes(grounds: Grounds, name: tuple[str, str], size: tuple[int, int],
                 board_width: float, offset: Point) -> bytes:
    """The ground painted now, as its kept file: what bin/make_ground.py writes."""
    image, colours = painted_board(grounds, name, size, board_width, offset)
    key = chunk(b"tEXt", b"key\0" + ground_key(name, size, board_width, offset).encode())
    return png_file(image, colours, key, level=9)


def same_ground(one: bytes, other: bytes) -> bool:
    """Two kept grounds' files hold the same picture, palette and key (their compressed
    bytes may differ from one zlib to another)."""
    a, b = _chunks(one), _chunks(other)
    return all(a.get(kind) == b.get(kind) for kind in (b"IHDR", b"PLTE", b"tEXt")) and \
        isal_zlib.decompress(a.get(b"IDAT", b"")) == isal_zlib.decompress(b.get(b"IDAT", b""))
