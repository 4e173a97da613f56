"""Phases to draw: a seeded game played by the engine with random legal orders (moves,
supports, convoys, retreats, builds and removals), each phase as the map reads it."""

from __future__ import annotations

import io
import random
from collections.abc import Iterator

from PIL import Image

from judge.engine.adjudicate import PhaseResult, adjudicate
from judge.engine.choices import random_orders
from judge.engine.maps import load_map
from judge.engine.position import starting_position


def played_game(seed: int = 3, years: int = 6) -> Iterator[PhaseResult]:
    board = load_map("standard")
    rng = random.Random(seed)
    position = starting_position(board)
    while position.phase.year < 1901 + years:
        result = adjudicate(position, random_orders(position, board, rng), board)
        yield result
        if result.victory:
            return
        position = result.next


def picture(png: bytes) -> tuple[object, ...]:
    """What a PNG shows: its size, mode, palette and pixels. The same picture may be
    compressed to other bytes from one run to another (ISA-L, judge.maps.pngfile), so
    pictures are compared by this, never by their files' bytes."""
    image = Image.open(io.BytesIO(png))
    return image.size, image.mode, image.getpalette(), image.tobytes()
