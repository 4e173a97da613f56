"""eBayola second-price pricing of a unit's winning order (spec 5.2.5, OQ-5 to OQ-7)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence


def second_price(
    winner: Mapping[str, int],
    rivals: Sequence[Mapping[str, int]],
    ranking: Sequence[str],
    plateaus: Mapping[str, int],
) -> dict[str, int]:
    """What each contributor pays for the winning order.

    ``winner`` and each of ``rivals`` map power -> contribution to that candidate;
    ``ranking`` is the owner's expanded acceptance list; ``plateaus`` is, per power, the
    part of its winning contribution it has protected with plateaus (the owner's already
    taken as 0 unless PUBLIC_TOTALS, OQ-7).

    Nobody bids against himself: each winning contributor's money on a rival counts only
    beyond what it put on the winner (OQ-5). A genuine tie saves nothing (OQ-6).
    """
    best_rival = 0
    for rival in rivals:
        adjusted = sum(max(0, c - winner.get(p, 0)) for p, c in rival.items())
        best_rival = max(best_rival, adjusted)
    return share_savings(winner, best_rival, ranking, plateaus)


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
