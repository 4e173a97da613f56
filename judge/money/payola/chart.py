"""The GameMaster's bribe chart of a movement phase (spec 6.6): every candidate order of every
unit with each power's money on it, and every account's reductions, prices and balances.

The chart is for the GameMaster's record only while the game runs (and for everybody once
it is over); no power's report may hold any part of it. Under PUBLIC_TOTALS its payer-free
part, each unit's issued order and accepted total, is what everybody sees (spec 6.4).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from judge.money.payola.control import Control
from judge.money.payola.determination import Determination
from judge.money.payola.statements import PublicTotals


@dataclass(frozen=True, slots=True)
class ChartOrder:
    """One candidate order of a unit in the last pass: its total T(o) and each
    contributing power's part c_P(o), zero parts included (they still broke ties)."""

    order: str
    total: int
    contributions: tuple[tuple[str, int], ...]


@dataclass(frozen=True, slots=True)
class ChartUnit:
    """One unit: the order it issued, the total reported for it (after eBayola; the tie
    plus one when the DUMMY rule forced a HOLD), what each backer paid, and every
    candidate order, the issued one first."""

    unit: str
    owner: str
    issued: str
    total: int
    paid: tuple[tuple[str, int], ...]
    forced_hold: bool
    candidates: tuple[ChartOrder, ...]


@dataclass(frozen=True, slots=True)
class ChartAccount:
    """One bank account in the phase: the expanded acceptance list its units used, its
    savings request, its reduction rounds ("overbidding reductions"), the treasury before
    offers, the total price paid and the new treasury balance."""

    power: str
    acceptance: tuple[str, ...]
    savings: int
    rounds: int
    balance_before: int
    paid: int
    balance_after: int


@dataclass(frozen=True, slots=True)
class BribeChart:
    """The whole chart of one movement phase, for the GameMaster."""

    phase: str
    passes: int
    units: tuple[ChartUnit, ...]
    accounts: tuple[ChartAccount, ...]

    def totals_only(self) -> PublicTotals:
        """What PUBLIC_TOTALS publishes: each unit's issued order and accepted total, with
        no payer, no candidate and no account (spec 6.4, OQ-23)."""
        return PublicTotals(self.phase, tuple(sorted((u.unit, u.issued, u.total)
                                                     for u in self.units)))


def bribe_chart(phase: str, determination: Determination,
                rankings: Mapping[str, Sequence[str]], savings: Mapping[str, int],
                before: Mapping[str, int], after: Mapping[str, int],
                control: Control) -> BribeChart:
    """Build the chart from a finished determination (spec 6.6)."""
    order = list(rankings)
    rank = {p: k for k, p in enumerate(order)}

    def parts(values: Mapping[str, int]) -> tuple[tuple[str, int], ...]:
        # sorted by (rank, name): the ranked powers in rank order, then any others by name
        # (taken in rank order rather than sorted: the chart has a row per candidate)
        found = [(p, values[p]) for p in order if p in values]
        if len(found) < len(values):
            found += sorted((p, x) for p, x in values.items() if p not in rank)
        return tuple(found)

    units = []
    for province in sorted(determination.decisions, key=lambda p: str(
            determination.decisions[p].unit)):
        d = determination.decisions[province]
        candidates = tuple(ChartOrder(str(c.order), c.total, parts(c.contributions))
                           for c in determination.chart[province])
        units.append(ChartUnit(str(d.unit), d.owner, str(d.order), d.total, parts(d.paid),
                               d.forced_hold, candidates))
    accounts = tuple(
        ChartAccount(p, tuple(rankings.get(p, ())),
                     savings.get(p, 0), determination.rounds.get(p, 0), before.get(p, 0),
                     determination.spent.get(p, 0), after.get(p, 0))
        for p in order if control.has_account(p)
    )
    return BribeChart(phase, determination.passes, tuple(units), accounts)
