"""The phases of a Capitalist year (capitalist.md 3, D14): a commerce phase ``S{Y}C`` or
``F{Y}C`` before each season's military phases, none before the winter adjustments."""

from __future__ import annotations

import re
from dataclasses import dataclass

from judge.engine.phase import Phase, PhaseKind, Season

_COMMERCE = re.compile(r"^([SF])(\d{4})C$")


@dataclass(frozen=True, slots=True)
class Commerce:
    """The commerce phase of a season."""

    season: Season
    year: int

    def __str__(self) -> str:
        return f"{self.season.value}{self.year}C"

    @property
    def movement(self) -> Phase:
        """The military phase it opens onto (movement is always held)."""
        return Phase(self.season, self.year, PhaseKind.MOVEMENT)


GamePhase = Commerce | Phase


def read_phase(text: str) -> GamePhase:
    """``S1901C``, ``F1901C`` or a standard phase; ValueError for anything else."""
    m = _COMMERCE.match(text.strip().upper())
    if m:
        return Commerce(Season(m.group(1)), int(m.group(2)))
    if text.strip().upper().endswith("C"):
        raise ValueError(f"not a phase: {text!r} (commerce phases are S{{Y}}C and F{{Y}}C)")
    return Phase.parse(text)


def after_military(next_phase: Phase) -> GamePhase:
    """Where the game goes when the engine names ``next_phase``: a season's movement is
    always preceded by its commerce phase."""
    if next_phase.kind is PhaseKind.MOVEMENT:
        return Commerce(next_phase.season, next_phase.year)
    return next_phase


def next_commerce(phase: GamePhase) -> Commerce:
    """The next commerce phase after ``phase`` (itself, when it is one): a spring's
    military phases lead to the fall's, a fall's and the winter's to next spring's."""
    if isinstance(phase, Commerce):
        return phase
    if phase.season is Season.SPRING:
        return Commerce(Season.FALL, phase.year)
    return Commerce(Season.SPRING, phase.year + 1)
