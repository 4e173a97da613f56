"""eBayola second-price pricing of a unit's winning order: sharing the savings among its
contributors (spec 5.2.5, OQ-5 to OQ-7; the best rival is found in determination.py)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence


def share_savings(
    winner: Mapping[str, int], best_rival: int, ranking: Sequence[str],
    plateaus: Mapping[str, int],
) -> dict[str, int]:
    """Steps 3-5 of spec 5.2.5: the price is the best adjusted rival total + 1; the savings
    go to the winner's contributors in the owner's acceptance order, plateaus respected."""
    pool = sum(winner.values()) - (best_rival + 1)
    paid = dict(winner)
    if pool <= 0:
        return paid
    ranked = [p for p in ranking if p in winner]
    if len(ranked) < len(winner):  # non-map participants: larger contribution first
        ranked += sorted((p for p in winner if p not in ranking), key=lambda p: -winner[p])
    for power in ranked:
        saving = paid[power] - plateaus.get(power, 0)
        if saving <= 0:
            continue
        if saving > pool:
            saving = pool
        paid[power] -= saving
        pool -= saving
        if not pool:
            break
    return paid
