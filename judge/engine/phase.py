"""Phases: ``S1901M`` and friends, and the order in which they follow each other."""

from __future__ import annotations

import re
from dataclasses import dataclass
from enum import Enum


class Season(Enum):
    SPRING = "S"
    FALL = "F"
    WINTER = "W"


class PhaseKind(Enum):
    MOVEMENT = "M"
    RETREAT = "R"
    ADJUSTMENT = "A"


_PHASE = re.compile(r"^([SFW])(\d{4})([MRA])$")
_SEASON_ORDER = {Season.SPRING: 0, Season.FALL: 1, Season.WINTER: 2}
_KIND_ORDER = {PhaseKind.MOVEMENT: 0, PhaseKind.RETREAT: 1, PhaseKind.ADJUSTMENT: 2}


@dataclass(frozen=True, slots=True)
class Phase:
    """One phase of a game: a season, a year and a kind (movement, retreat, adjustment)."""

    season: Season
    year: int
    kind: PhaseKind

    @classmethod
    def parse(cls, text: str) -> Phase:
        """Read ``S1901M``; raise ValueError for anything else."""
        m = _PHASE.match(text.strip().upper())
        if not m:
            raise ValueError(f"not a phase: {text!r} (expected e.g. S1901M, F1901R, W1901A)")
        phase = cls(Season(m.group(1)), int(m.group(2)), PhaseKind(m.group(3)))
        if phase.season is Season.WINTER and phase.kind is not PhaseKind.ADJUSTMENT:
            raise ValueError(f"not a phase: {text!r} (winter has only the adjustment phase)")
        if phase.kind is PhaseKind.ADJUSTMENT and phase.season is not Season.WINTER:
            raise ValueError(f"not a phase: {text!r} (adjustments happen in winter)")
        return phase

    def __str__(self) -> str:
        return f"{self.season._value_}{self.year}{self.kind._value_}"

    @property
    def sort_key(self) -> tuple[int, int, int]:
        return (self.year, _SEASON_ORDER[self.season], _KIND_ORDER[self.kind])

    def __lt__(self, other: Phase) -> bool:
        return self.sort_key < other.sort_key

    def next(self) -> Phase:
        """The phase that follows in the standard sequence (nothing skipped)."""
        if self.kind is PhaseKind.MOVEMENT:
            return Phase(self.season, self.year, PhaseKind.RETREAT)
        if self.kind is PhaseKind.RETREAT and self.season is Season.SPRING:
            return Phase(Season.FALL, self.year, PhaseKind.MOVEMENT)
        if self.kind is PhaseKind.RETREAT:
            return Phase(Season.WINTER, self.year, PhaseKind.ADJUSTMENT)
        return Phase(Season.SPRING, self.year + 1, PhaseKind.MOVEMENT)

    @property
    def long_name(self) -> str:
        """``Spring of 1901`` style season and year, as judges print them."""
        return f"{self.season.name.title()} of {self.year}"
