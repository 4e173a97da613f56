"""The money and command state of a Capitalist game (capitalist.md 2.1, 2.2)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace

from judge.engine.position import Position
from judge.games.capitalist.rules.calendar import Commerce, GamePhase
from judge.money.market.player import Player

__all__ = ["CapitalistGame", "Economy", "Player", "centimes"]


def centimes(amount: int) -> str:
    """Centimes printed as SFr with two decimals: 17600 -> ``176.00``."""
    sign = "-" if amount < 0 else ""
    whole, cents = divmod(abs(amount), 100)
    return f"{sign}{whole}.{cents:02d}"


@dataclass(frozen=True)
class Economy:
    """Everything a Capitalist game keeps beside the board.

    ``rates`` in centimes per power (0 once annihilated), ``centers_last`` the centres
    each power owned at the last year-end step, ``commanders`` the pseudonym commanding
    each power in the current military phases (empty while a commerce phase is open).
    """

    players: Mapping[str, Player]
    rates: Mapping[str, int]
    annihilated: frozenset[str] = frozenset()
    centers_last: Mapping[str, int] = field(default_factory=dict)
    commanders: Mapping[str, str] = field(default_factory=dict)

    @property
    def surviving(self) -> tuple[str, ...]:
        """The powers not annihilated, in the rates' order."""
        return tuple(p for p in self.rates if p not in self.annihilated)

    def with_commanders(self, commanders: Mapping[str, str]) -> Economy:
        return replace(self, commanders=dict(commanders))


@dataclass(frozen=True)
class CapitalistGame:
    """A Capitalist game between phases: the phase it is at (a commerce phase or a
    standard one), the board (a commerce phase's is read as the movement phase it opens
    onto) and the economy."""

    phase: GamePhase
    position: Position
    economy: Economy

    @property
    def commerce(self) -> bool:
        return isinstance(self.phase, Commerce)

    def commanded_by(self, name: str) -> tuple[str, ...]:
        """The powers ``name`` commands now, in order (none while commerce is open)."""
        return tuple(sorted(p for p, who in self.economy.commanders.items() if who == name))
