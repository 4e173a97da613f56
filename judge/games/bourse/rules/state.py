"""The Bourse's state (spec 2): its members, the rates in force and the eliminations."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from types import MappingProxyType

from judge.games.bourse.rules.params import BourseParams


def _frozen(values: Mapping[str, int]) -> Mapping[str, int]:
    return MappingProxyType(dict(values))


@dataclass(frozen=True, slots=True)
class Member:
    """One member, known by his pseudonym (upper case): units held per power, cash in
    cents, and how many turns were processed since he joined."""

    pseudonym: str
    holdings: Mapping[str, int]
    cash: int = 0
    turns_played: int = 0

    def __post_init__(self) -> None:
        object.__setattr__(self, "holdings", _frozen(self.holdings))

    def holding(self, power: str) -> int:
        return self.holdings.get(power, 0)

    def with_holdings(self, holdings: Mapping[str, int], cash: int) -> Member:
        return replace(self, holdings=holdings, cash=cash)


@dataclass(frozen=True, slots=True)
class Bourse:
    """The whole market between two turns. ``rates`` in cents for every power (0 for an
    eliminated one); ``members`` by pseudonym."""

    powers: tuple[str, ...]
    rates: Mapping[str, int]
    members: Mapping[str, Member] = field(default_factory=dict)
    eliminated: frozenset[str] = frozenset()

    def __post_init__(self) -> None:
        rates = {p: 0 if p in self.eliminated else self.rates.get(p, 0) for p in self.powers}
        object.__setattr__(self, "rates", _frozen(rates))
        object.__setattr__(self, "members", MappingProxyType(dict(self.members)))

    @classmethod
    def opened(cls, powers: tuple[str, ...], params: BourseParams) -> Bourse:
        """A new Bourse: no member, every currency at ``START_RATE``."""
        return cls(powers, dict.fromkeys(powers, params.start_rate))

    @property
    def surviving(self) -> tuple[str, ...]:
        return tuple(p for p in self.powers if p not in self.eliminated)

    def rate(self, power: str) -> int:
        return self.rates.get(power, 0)

    def member(self, name: str) -> Member | None:
        """The member a name is the pseudonym of, in any case."""
        return self.members.get(name.strip().upper())

    def joined(self, pseudonym: str, params: BourseParams) -> Bourse:
        """The Bourse with a new member: ``START_UNITS`` of every surviving currency, 0 of
        the eliminated ones (D24), no cash, no turn played."""
        name = pseudonym.upper()
        holdings = {p: 0 if p in self.eliminated else params.start_units for p in self.powers}
        return self.with_members({**self.members, name: Member(name, holdings)})

    def with_members(self, members: Mapping[str, Member]) -> Bourse:
        return replace(self, members=dict(members))

    def with_rates(self, rates: Mapping[str, int], eliminated: frozenset[str]) -> Bourse:
        return replace(self, rates=dict(rates), eliminated=eliminated)
