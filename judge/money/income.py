"""Yearly income, starting balances and the Zero-Sum settlements (spec 2.2-2.7, 6.2)."""

from __future__ import annotations

from collections.abc import Collection, Iterable, Mapping
from dataclasses import dataclass

from judge.money.rules import RuleSet

ZEROSUM_CENTRE = 10  # AgP per centre at the start, and for a neutral capture (ZSUM)


def decreasing_income(centres: int, victory: int) -> int:
    """V-1 + V-2 + ... + V-n, never counting a term below zero (spec 2.3, OQ-15)."""
    return sum(max(0, victory - k) for k in range(1, centres + 1))


def income(centres: Iterable[str], rules: RuleSet, victory: int, powers: int) -> int:
    """One year's income for the owned centres, first applicable rule wins (spec 2.4)."""
    owned = list(centres)
    if rules.zerosum:
        return 0
    if rules.tax is not None:
        amount = rules.tax * len(owned)
    elif rules.flat_tax:
        amount = powers * len(owned)
    elif rules.centre_tax:
        amount = sum(rules.centre_tax.get(c, 0) for c in owned)
    else:
        amount = decreasing_income(len(owned), victory)
    return amount if rules.cap is None else min(amount, rules.cap)


def starting_balance(centres: Iterable[str], units: int, rules: RuleSet, victory: int,
                     powers: int) -> int:
    """The balance a power starts with: the income for its starting centres; 10 AgP a centre
    under ZEROSUM; (V div 2) x units when that is 0 (spec 2.2, OQ-27)."""
    owned = list(centres)
    amount = ZEROSUM_CENTRE * len(owned) if rules.zerosum else income(owned, rules, victory,
                                                                     powers)
    return amount if amount else (victory // 2) * units


@dataclass(frozen=True, slots=True)
class Capture:
    """A Zero-Sum settlement fixed when a centre changed hands after Fall (spec 2.7):
    ``loser`` is None for a neutral centre."""

    centre: str
    winner: str
    loser: str | None
    amount: int


def settle_captures(before: Mapping[str, Collection[str]], after: Mapping[str, Collection[str]],
                    balances: Mapping[str, int], profits: Mapping[str, int]) -> tuple[Capture, ...]:
    """ZEROSUM: each captured centre's price, from ``before`` (owners at the start of the
    year) to ``after``; each loss costs floor((balance + year's profit) / centres owned at
    the start of the year), all computed with the same figures (OQ-17)."""
    owner = {c: p for p, cs in before.items() for c in cs}
    out: list[Capture] = []
    for power, centres in sorted(after.items()):
        for centre in sorted(centres):
            old = owner.get(centre)
            if old == power:
                continue
            if old is None:
                out.append(Capture(centre, power, None, ZEROSUM_CENTRE))
                continue
            worth = balances.get(old, 0) + profits.get(old, 0)
            out.append(Capture(centre, power, old, worth // max(1, len(before[old]))))
    return tuple(out)


@dataclass(frozen=True, slots=True)
class IncomeReport:
    """A power's private income report (spec 6.2)."""

    power: str
    year: int
    balance_forward: int
    income: int
    bribe_profit: int
    captures: tuple[tuple[str, int], ...]
    losses: tuple[tuple[str, int], ...]
    balance: int


@dataclass(frozen=True, slots=True)
class YearEnd:
    """Balances after the income step, and the report each power receives."""

    balances: Mapping[str, int]
    reports: Mapping[str, IncomeReport]


def income_step(
    year: int, balances: Mapping[str, int], centres: Mapping[str, Collection[str]],
    units: Mapping[str, int], rules: RuleSet, victory: int, powers: Collection[str],
    profits: Mapping[str, int] | None = None, captures: Iterable[Capture] = (),
    dummies: Collection[str] = frozenset(), vassals: Mapping[str, str] | None = None,
) -> YearEnd:
    """Credit one year's income (spec 2.5): NO_HOARDING empties every account first;
    ZEROSUM adds bribe profits and capture settlements instead of tax; VASSAL_DUMMIES
    pays a vassal's income to its controller; PAY_DUMMIES stops income once no DUMMY
    owns a centre."""
    profits = profits or {}
    vassals = vassals or {}
    captures = tuple(captures)
    stopped = rules.pay_dummies and not any(centres.get(d) for d in dummies)
    new: dict[str, int] = {}
    reports: dict[str, IncomeReport] = {}
    for power in powers:
        forward = 0 if rules.no_hoarding else balances.get(power, 0)
        if rules.vassal_dummies and power in dummies:
            new[power] = 0
            continue
        earned = 0
        if not stopped and (centres.get(power) or units.get(power)):
            earned = income(centres.get(power, ()), rules, victory, len(powers))
            for vassal, controller in vassals.items():
                if controller == power and rules.vassal_dummies:
                    earned += income(centres.get(vassal, ()), rules, victory, len(powers))
        got = tuple((c.centre, c.amount) for c in captures if c.winner == power)
        lost = tuple((c.centre, c.amount) for c in captures if c.loser == power)
        profit = profits.get(power, 0) if rules.zerosum else 0
        total = forward + earned + profit + sum(a for _, a in got) - sum(a for _, a in lost)
        new[power] = max(0, total)
        if (forward or earned or profit or got or lost or new[power]) and not rules.no_ledgers:
            reports[power] = IncomeReport(power, year, forward, earned, profit, got, lost,
                                          new[power])
    return YearEnd(new, reports)
