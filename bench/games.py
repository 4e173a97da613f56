"""A generator of legal random games, written out as ``judge adjudicate`` cases.

    python bench/games.py 10000 > var/bench/movement.jsonl

Each game starts in Spring 1901 and is played with random legal orders (moves,
supports, convoys, retreats, builds and removals); every movement phase becomes
one case (state and orders as text). The same seed gives the same cases.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from collections.abc import Iterator

from judge.engine.adjudicate import adjudicate
from judge.engine.choices import random_orders
from judge.engine.maps import load_map
from judge.engine.phase import PhaseKind
from judge.engine.position import starting_position
from judge.engine.state import state_from_position


def movement_cases(count: int, seed: int = 1, years: int = 12) -> Iterator[dict]:
    """``count`` movement-phase cases from random games of up to ``years`` years."""
    board = load_map("standard")
    rng = random.Random(seed)
    made = 0
    game = 0
    while made < count:
        game += 1
        position = starting_position(board)
        while position.phase.year < 1901 + years and made < count:
            orders = random_orders(position, board, rng)
            if position.phase.kind is PhaseKind.MOVEMENT:
                made += 1
                yield {
                    "id": f"g{game}-{position.phase}",
                    "variant": "standard",
                    "rules": [],
                    "state": state_from_position(position),
                    "orders": {p: [str(o) for o in os] for p, os in sorted(orders.items())},
                }
            result = adjudicate(position, orders, board)
            if result.victory:
                break
            position = result.next


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("count", type=int)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    for case in movement_cases(args.count, args.seed):
        sys.stdout.write(json.dumps(case) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
