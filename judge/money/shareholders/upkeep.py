"""Upkeep removals (spec 5.5, D20, D21): which units a country that cannot pay loses.

The engine's civil-disorder order (``judge.engine.adjustments.removal_order``), measured
from the country's *owned* home centres (D21): farthest in moves first; at equal
distance fleets before armies, then the canonical province abbreviation (``MAO`` before
``MAR``); a unit that can reach no owned home centre counts as farthest.
"""

from __future__ import annotations

from judge.engine.adjustments import UNREACHABLE as FARTHEST
from judge.engine.adjustments import home_distance as distance
from judge.engine.adjustments import removal_order

__all__ = ["FARTHEST", "distance", "removal_order"]
