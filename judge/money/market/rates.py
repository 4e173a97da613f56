"""Moving a currency's rate after a market turn (capitalist.md 5.3, bourse.md 5.3)."""

from __future__ import annotations


def moved_rate(rate: int, net: int, step_units: int, min_rate: int) -> int:
    """One step of rate per whole ``step_units`` of net units bought (``net`` negative
    when more were sold), truncated toward zero, never below ``min_rate``."""
    steps = abs(net) // step_units
    return max(min_rate, rate + (steps if net >= 0 else -steps))
