"""Phases to draw: a seeded game played by the engine with random legal orders (moves,
supports, convoys, retreats, builds and removals), each phase as the map reads it."""

from __future__ import annotations

import random
from collections.abc import Iterator

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
