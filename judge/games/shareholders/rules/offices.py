"""Who directs each country after January's dealing (spec 5.2, D5)."""

from __future__ import annotations

from collections.abc import Mapping


def office_holders(holdings: Mapping[str, int], last_office: tuple[str, ...]) -> tuple[str, ...]:
    """The office holders of a country, names sorted: the largest shareholder alone, or the
    tied largest, narrowed to those who held office last year when any of them did; ``()``
    when nobody holds a share."""
    m = max(holdings.values(), default=0)
    if m <= 0:
        return ()
    tied = sorted(name for name, n in holdings.items() if n == m)
    incumbents = [name for name in tied if name in last_office]
    return tuple(incumbents or tied)
