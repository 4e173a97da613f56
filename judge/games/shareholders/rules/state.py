"""The typed state of a 1901-Shareholders game (spec 2): the turn, players, countries and
the board, which is an engine Position."""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, replace
from enum import Enum

from judge.engine.phase import Phase, PhaseKind, Season
from judge.engine.position import Position, Unit
from judge.money.market.player import Player

__all__ = ["Country", "Player", "ShareholdersGame", "Step", "Turn", "opening"]


class Step(Enum):
    """The turns of a game year (spec 3), each with its phase letter(s)."""

    JANUARY = "D"
    FEBRUARY = "A"
    SPRING = "SM"
    SPRING_RETREAT = "SR"
    FALL = "FM"
    FALL_RETREAT = "FR"


_LABEL = re.compile(r"^([SFW])(\d{4})([MRDA])$")


@dataclass(frozen=True, slots=True)
class Turn:
    """A turn of game year ``year``: January and February of 1901 are labelled ``W1900D``
    and ``W1900A`` (D17), Spring ``S1901M``."""

    year: int
    step: Step

    @classmethod
    def parse(cls, text: str) -> Turn:
        """Read a phase label; ValueError for one that is no turn of this game."""
        m = _LABEL.match(text.strip().upper())
        if not m:
            raise ValueError(f"not a phase of 1901-Shareholders: {text!r}")
        season, year, kind = m.group(1), int(m.group(2)), m.group(3)
        if season == "W" and kind in "DA":
            return cls(year + 1, Step(kind))
        if season in "SF" and kind in "MR":
            return cls(year, Step(season + kind))
        raise ValueError(f"not a phase of 1901-Shareholders: {text!r}")

    def __str__(self) -> str:
        if self.step in (Step.JANUARY, Step.FEBRUARY):
            return f"W{self.year - 1}{self.step.value}"
        return f"{self.step.value[0]}{self.year}{self.step.value[1]}"

    @property
    def engine_phase(self) -> Phase:
        """The phase the engine sees (January and February pass for a winter)."""
        if self.step in (Step.JANUARY, Step.FEBRUARY):
            return Phase(Season.WINTER, self.year - 1, PhaseKind.ADJUSTMENT)
        season = Season.SPRING if self.step.value[0] == "S" else Season.FALL
        kind = PhaseKind.MOVEMENT if self.step.value[1] == "M" else PhaseKind.RETREAT
        return Phase(season, self.year, kind)


@dataclass(frozen=True, slots=True)
class Country:
    """A country's money and offices (spec 2.3); its units and centres are on the board."""

    name: str
    cash: int = 0
    office: tuple[str, ...] = ()
    last_office: tuple[str, ...] = ()
    revenue_last: int = 0
    dividend_last: bool = False

    @property
    def director(self) -> str | None:
        """The sole Director, or None (no office holder, or Codirectors)."""
        return self.office[0] if len(self.office) == 1 else None


@dataclass(frozen=True)
class ShareholdersGame:
    """Everything the judge keeps between turns."""

    turn: Turn
    position: Position
    players: Mapping[str, Player]
    countries: Mapping[str, Country]

    def units_of(self, country: str) -> tuple[Unit, ...]:
        return tuple(self.position.units.get(country, ()))

    def centers_of(self, country: str) -> frozenset[str]:
        return frozenset(self.position.centers.get(country, frozenset()))

    def shares_held(self, country: str) -> int:
        """H of 5.4: the shares of ``country`` held by all players."""
        return sum(p.holding(country) for p in self.players.values())

    def at(self, turn: Turn) -> ShareholdersGame:
        """The same game at another turn (the board's phase follows)."""
        return replace(self, turn=turn, position=replace(self.position, phase=turn.engine_phase))

    def with_board(self, position: Position) -> ShareholdersGame:
        return replace(self, position=replace(position, phase=self.turn.engine_phase))


def opening(names: list[str], homes: Mapping[str, frozenset[str]],
            cash_each: int) -> ShareholdersGame:
    """A new game at January 1901: cash shared, home centres owned, no unit, no share."""
    turn = Turn(1901, Step.JANUARY)
    position = Position(turn.engine_phase, {}, {c: frozenset(h) for c, h in homes.items()})
    players = {n: Player(n, cash_each, {}) for n in names}
    countries = {c: Country(c) for c in homes}
    return ShareholdersGame(turn, position, players, countries)
