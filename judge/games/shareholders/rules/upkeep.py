"""Upkeep removals (spec 5.5, D20, D21): which units a country that cannot pay loses.

The engine's civil-disorder order (``judge.engine.adjustments.removal_order``), measured
from the country's *owned* home centres (D21): farthest in moves first; at equal
distance fleets before armies, then the canonical province abbreviation (``MAO`` before
``MAR``, D20), where the engine's own civil disorder goes by the full English name; a
unit that can reach no owned home centre counts as farthest.
"""

from __future__ import annotations

from collections.abc import Sequence

from judge.engine import adjustments
from judge.engine.adjustments import UNREACHABLE as FARTHEST
from judge.engine.adjustments import home_distance as distance
from judge.engine.board import Map
from judge.engine.position import Unit

__all__ = ["FARTHEST", "distance", "removal_order"]


def removal_order(board: Map, homes: frozenset[str], units: Sequence[Unit]) -> list[Unit]:
    """``units`` in the order upkeep removes them (D20, D21)."""
    return adjustments.removal_order(board, homes, units, by_abbreviation=True)
