"""What the host's board does to the Bourse: eliminations after the host's Fall (spec 3),
net worth (5.5) and the final credits (5.4)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from judge.games.bourse.rules.state import Bourse, Member


def eliminate(bourse: Bourse, centers: Mapping[str, int]) -> tuple[Bourse, tuple[str, ...]]:
    """After the host's Fall ownership change: every surviving currency whose power owns
    no centre is eliminated for good (rate 0). Returns the Bourse and the powers newly
    eliminated."""
    gone = tuple(p for p in bourse.surviving if centers.get(p, 0) == 0)
    if not gone:
        return bourse, ()
    return bourse.with_rates(bourse.rates, bourse.eliminated | frozenset(gone)), gone


def net_worth(member: Member, bourse: Bourse) -> int:
    """Cents: holdings at the rates the Bourse shows (0 for an eliminated currency) plus
    cash."""
    return sum(member.holding(p) * bourse.rate(p) for p in bourse.powers) + member.cash


def credits(member: Member, bourse: Bourse, centers: Mapping[str, int]) -> int:
    """Credits in hundredths (exact): centres owned x units held, summed over the
    surviving powers; cash counts nothing."""
    return sum(centers.get(p, 0) * member.holding(p) for p in bourse.surviving)


@dataclass(frozen=True, slots=True)
class Standing:
    """The Bourse scored: every member's credits (hundredths) and the winner(s)."""

    credits: Mapping[str, int]
    winners: tuple[str, ...]


def score(bourse: Bourse, centers: Mapping[str, int]) -> Standing:
    """Highest credits win; equal highest share the win; no member, no winner (D26)."""
    got = {name: credits(m, bourse, centers) for name, m in sorted(bourse.members.items())}
    best = max(got.values(), default=None)
    return Standing(got, tuple(n for n, c in got.items() if c == best))
