"""Yearly income, starting balances and the Zero-Sum settlements (spec 2.2-2.7, 6.2)."""

from __future__ import annotations

from collections.abc import Collection, Iterable, Mapping
from dataclasses import dataclass

from judge.money.payola.control import Control
from judge.money.payola.rules import RuleSet

ZEROSUM_CENTER = 10  # AgP per centre at the start, and for a neutral capture (ZSUM)


def decreasing_income(centers: int, victory: int) -> int:
    """V-1 + V-2 + ... + V-n, never counting a term below zero (spec 2.3, OQ-15)."""
    return sum(max(0, victory - k) for k in range(1, centers + 1))


def income(centers: Iterable[str], rules: RuleSet, victory: int, powers: int) -> int:
    """One year's income for the owned centres, first applicable rule wins (spec 2.4)."""
    owned = list(centers)
    if rules.zerosum:
        return 0
    if rules.tax is not None:
        amount = rules.tax * len(owned)
    elif rules.flat_tax:
        amount = powers * len(owned)
    elif rules.center_tax:
        amount = sum(rules.center_tax.get(c, 0) for c in owned)
    else:
        amount = decreasing_income(len(owned), victory)
    return amount if rules.cap is None else min(amount, rules.cap)


def starting_balance(centers: Iterable[str], units: int, rules: RuleSet, victory: int,
                     powers: int) -> int:
    """The balance a power starts with: the income for its starting centres; 10 AgP a centre
    under ZEROSUM; (V div 2) x units when that is 0 (spec 2.2, OQ-27)."""
    owned = list(centers)
    amount = ZEROSUM_CENTER * len(owned) if rules.zerosum else income(owned, rules, victory,
                                                                     powers)
    return amount if amount else (victory // 2) * units


@dataclass(frozen=True, slots=True)
class Capture:
    """A Zero-Sum settlement fixed when a centre changed hands after Fall (spec 2.7):
    ``loser`` is None for a neutral centre."""

    center: str
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
    for power, centers in sorted(after.items()):
        for center in sorted(centers):
            old = owner.get(center)
            if old == power:
                continue
            if old is None:
                out.append(Capture(center, power, None, ZEROSUM_CENTER))
                continue
            worth = balances.get(old, 0) + profits.get(old, 0)
            out.append(Capture(center, power, old, worth // max(1, len(before[old]))))
    return tuple(out)


def owed(captures: Iterable[Capture]) -> dict[str, int]:
    """Per losing power, the capture settlements it still has to pay (ZEROSUM)."""
    out: dict[str, int] = {}
    for c in captures:
        if c.loser is not None:
            out[c.loser] = out.get(c.loser, 0) + c.amount
    return out


def forfeits(balances: Mapping[str, int], centers: Mapping[str, Collection[str]],
             powers: Iterable[str], captures: Iterable[Capture] = ()) -> dict[str, int]:
    """NO_DONATIONS: what each power left without a supply centre forfeits now (OQ-11). A
    ZEROSUM capture settlement was fixed from that same balance a moment earlier, so the
    power keeps what it owes its captors; only the rest is forfeited."""
    debts = owed(captures)
    out: dict[str, int] = {}
    for power in powers:
        if not centers.get(power):
            lost = max(0, balances.get(power, 0) - debts.get(power, 0))
            if lost:
                out[power] = lost
    return out


def _pay_claims(captures: tuple[Capture, ...], means: Mapping[str, int]) -> dict[int, int]:
    """What each capture settlement really pays: every loser pays its settlements in full,
    centre by centre, as far as ``means`` (its money at the income step) reaches. Less is
    paid only when it moved or lost money after the capture (a transfer, NO_HOARDING)."""
    left = dict(means)
    paid: dict[int, int] = {}
    for k in sorted(range(len(captures)), key=lambda k: captures[k].center):
        c = captures[k]
        if c.loser is None:
            paid[k] = c.amount  # a neutral centre is new money (spec 2.7)
            continue
        paid[k] = min(c.amount, left.get(c.loser, 0))
        left[c.loser] = left.get(c.loser, 0) - paid[k]
    return paid


@dataclass(frozen=True, slots=True)
class IncomeReport:
    """A power's private income report (spec 6.2). ``income`` is the tax income, its
    vassals' included (VASSAL_DUMMIES), ``vassal_income`` the vassals' part of it;
    captures and losses are what was really paid. The figures add up: balance forward +
    income + bribe profit + captures - losses = balance. ``played_by`` names the
    controller who receives the report of a controlled power."""

    power: str
    year: int
    balance_forward: int
    income: int
    bribe_profit: int
    captures: tuple[tuple[str, int], ...]
    losses: tuple[tuple[str, int], ...]
    balance: int
    vassal_income: tuple[tuple[str, int], ...] = ()
    played_by: str | None = None

    @property
    def recipient(self) -> str:
        return self.played_by or self.power


@dataclass(frozen=True, slots=True)
class YearEnd:
    """Balances after the income step, and the report each power receives."""

    balances: Mapping[str, int]
    reports: Mapping[str, IncomeReport]


def income_step(
    year: int, balances: Mapping[str, int], centers: Mapping[str, Collection[str]],
    units: Mapping[str, int], rules: RuleSet, victory: int, powers: Collection[str],
    profits: Mapping[str, int] | None = None, captures: Iterable[Capture] = (),
    dummies: Collection[str] = frozenset(), control: Control | None = None,
) -> YearEnd:
    """Credit one year's income (spec 2.5).

    NO_HOARDING empties every account first, keeping only what the power still owes for
    centres it lost this year (ZEROSUM). ZEROSUM adds bribe profits and capture
    settlements instead of tax; a loser pays its settlements out of what it holds, so no
    balance goes below 0 and no money is made up (see ``_pay_claims``). Under
    VASSAL_DUMMIES no DUMMY has an account: whatever a vassal would receive goes to its
    controller, and an independent DUMMY's receipts leave the game. PAY_DUMMIES stops
    income once no DUMMY owns a centre."""
    control = control or Control()
    control = Control(control.controllers, control.dummies | frozenset(dummies),
                      control.vassal_rule or rules.vassal_dummies)
    profits = dict(profits or {}) if rules.zerosum else {}
    captures = tuple(captures)
    stopped = rules.pay_dummies and not any(centers.get(d) for d in control.dummies)
    n = len(powers)

    def taxed(power: str) -> int:
        if stopped or not (centers.get(power) or units.get(power)):
            return 0
        return income(centers.get(power, ()), rules, victory, n)

    held = {p: balances.get(p, 0) if control.has_account(p) else 0 for p in powers}
    debts = owed(captures)
    paid = _pay_claims(captures, {p: held[p] + profits.get(p, 0) for p in powers})
    gains: dict[str, list[tuple[str, int]]] = {}
    losses: dict[str, list[tuple[str, int]]] = {}
    for k, c in enumerate(captures):
        gains.setdefault(c.winner, []).append((c.center, paid[k]))
        if c.loser is not None:
            losses.setdefault(c.loser, []).append((c.center, paid[k]))
    new: dict[str, int] = {}
    reports: dict[str, IncomeReport] = {}
    for power in powers:
        if not control.has_account(power):
            new[power] = 0
            continue
        members = (power, *control.vassals_of(power))
        forward = held[power]
        if rules.no_hoarding:
            forward = min(forward, debts.get(power, 0))
        vassal_tax = tuple((v, taxed(v)) for v in members[1:])
        earned = taxed(power) + sum(x for _, x in vassal_tax)
        profit = sum(profits.get(m, 0) for m in members)
        got = tuple(sorted(x for m in members for x in gains.get(m, ())))
        lost = tuple(sorted(x for m in members for x in losses.get(m, ())))
        new[power] = (forward + earned + profit + sum(a for _, a in got)
                      - sum(a for _, a in lost))
        if (forward or earned or profit or got or lost or new[power]) and not rules.no_ledgers:
            reports[power] = IncomeReport(
                power, year, forward, earned, profit, got, lost, new[power],
                tuple(x for x in vassal_tax if x[1]), control.controller(power))
    return YearEnd(new, reports)
