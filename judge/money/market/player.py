"""A player of a market game as his account: his cash and what he holds of each power.

1901-Shareholders' players hold shares of the countries and dollars (shareholders.md
2.2); Capitalist Diplomacy's pseudonyms hold units of each power's currency and Swiss
francs, in centimes (capitalist.md 2.2). Both are this record: the game names what the
cash and the units are in its letters.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Player:
    """One player's account: ``cash`` in the game's smallest coin, ``holdings`` the units
    held of each power (a power he holds none of may be left out)."""

    name: str
    cash: int
    holdings: Mapping[str, int]

    def holding(self, power: str) -> int:
        """The units held of ``power``: 0 for one he holds none of."""
        return self.holdings.get(power, 0)
