"""Make the board's kept ground: judge/maps/grounds/standard-1.0-1200x1151.png.

A generator, run by hand when the drawing, the ground's colours or its painting change,
or Pillow is upgraded (tests/maps/test_kept_ground.py says so): it paints the untinted
ground of a 1,200-pixel board as judge.maps.png paints it and writes it with the key
that judge.maps.kept checks (see docs/maps.md, "Speed").

    .venv/bin/python bin/make_ground.py [--check]
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from judge.maps.board import tinted_ground  # noqa: E402
from judge.maps.kept import KEPT, ground_bytes, ground_file, same_ground  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true",
                        help="only say whether the kept grounds are the ones painted now")
    args = parser.parse_args()
    stale = 0
    for name, size, board_width, offset in KEPT:
        target = Path(str(ground_file(name, size)))
        made = ground_bytes(tinted_ground, name, size, board_width, offset)
        if target.is_file() and same_ground(target.read_bytes(), made):
            print(f"{target.name}: as painted now")
            continue
        stale += 1
        if args.check:
            print(f"{target.name}: not the ground painted now")
            continue
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_bytes(made)
        print(f"{target.name}: written, {len(made) // 1000} KB")
    sys.exit(1 if args.check and stale else 0)


if __name__ == "__main__":
    main()
