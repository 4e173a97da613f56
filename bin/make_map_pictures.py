"""Draw the pictures docs/maps.md shows: three phases of a game the engine played with
random legal orders (seed 7): a busy Fall movement (also 600 pixels wide), the retreat
after it, and a Winter with builds and a removal.

    .venv/bin/python bin/make_map_pictures.py
"""

from __future__ import annotations

import random
from pathlib import Path

from judge.engine.adjudicate import adjudicate
from judge.engine.choices import random_orders
from judge.engine.maps import load_map
from judge.engine.position import starting_position
from judge.maps import board_png
from judge.maps.played import played

ROOT = Path(__file__).resolve().parent.parent
PICTURES = {"F1907M": ["fall-movement.png", "fall-movement-600.png"],
            "F1907R": ["fall-retreats.png"], "W1905A": ["winter-adjustments.png"]}


def main() -> None:
    board = load_map("standard")
    rng = random.Random(7)
    position = starting_position(board)
    while position.phase.year <= 1907:
        result = adjudicate(position, random_orders(position, board, rng), board)
        for name in PICTURES.get(str(position.phase), []):
            phase = played(result)
            out = ROOT / "docs" / "maps" / name
            width = 600 if name.endswith("-600.png") else 1200
            out.write_bytes(board_png(phase.state, orders=phase.orders, width=width,
                                      results=phase.results, title="Game demo (seed 7)"))
            print(f"wrote {out.relative_to(ROOT)}")
        position = result.next


if __name__ == "__main__":
    main()
