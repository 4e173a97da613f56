"""What each power is told after a movement phase, as data for the templates (spec 6.1, 6.4).

Every value here is built for one recipient and holds only what that recipient may see:
a power learns its own units' orders and totals (never who paid), its own accepted
bribes, sheet and balance; PUBLIC_TOTALS adds per-unit totals for everybody.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping
from dataclasses import dataclass

from judge.engine.position import Position
from judge.money.determination import Determination
from judge.money.offers import OfferSheet
from judge.money.rules import RuleSet


@dataclass(frozen=True, slots=True)
class UnitLine:
    """One own unit: the order it issued, the total it accepted (None under HIDE_COST) and
    whether none of the owner's money was in that order (None under HIDE_OFFERS)."""

    unit: str
    order: str
    total: int | None
    bought_by_others: bool | None


@dataclass(frozen=True, slots=True)
class BribeLine:
    """One accepted bribe of the recipient: what it pays, for which unit and order. In
    BLIND games ``order`` is None and ``nationality`` names the unit's owner instead."""

    amount: int
    unit: str
    order: str | None
    nationality: str | None = None


@dataclass(frozen=True, slots=True)
class Statement:
    """A power's private movement statement. Fields a rule hides are None."""

    phase: str
    power: str
    units: tuple[UnitLine, ...]
    bribe_profit: int | None
    offered: bool
    accepted: tuple[BribeLine, ...] | None
    sheet: tuple[str, ...] | None
    previous_balance: int | None
    rounds: int | None
    cost: int | None
    balance: int


@dataclass(frozen=True, slots=True)
class PublicTotals:
    """PUBLIC_TOTALS: every unit's issued order and accepted total, with no payer (OQ-23)."""

    phase: str
    rows: tuple[tuple[str, str, int], ...]


def statements(
    position: Position, determination: Determination, sheets: Mapping[str, OfferSheet],
    before: Mapping[str, int], after: Mapping[str, int], rules: RuleSet,
    dummies: Collection[str] = frozenset(),
) -> dict[str, Statement]:
    """One statement per power that is owed one (none under NO_LEDGERS, none for an
    uncontrolled DUMMY or for a power with no units, no offers and no money)."""
    if rules.no_ledgers:
        return {}
    out: dict[str, Statement] = {}
    for power in sorted(set(before) | set(position.units)):
        sheet = sheets.get(power, OfferSheet())
        units = position.units.get(power, ())
        if power in dummies or not (units or sheet.offers or before.get(power, 0)):
            continue
        out[power] = _statement(power, position, determination, sheet, before, after, rules)
    return out


def _statement(power: str, position: Position, det: Determination, sheet: OfferSheet,
               before: Mapping[str, int], after: Mapping[str, int],
               rules: RuleSet) -> Statement:
    own = [d for d in det.decisions.values() if d.owner == power]
    units: tuple[UnitLine, ...] = ()
    if not rules.pay_dummies:
        units = tuple(
            UnitLine(
                str(d.unit), str(d.order),
                None if rules.hide_cost else d.total,
                None if rules.hide_offers else power not in d.paid,
            )
            for d in sorted(own, key=lambda d: str(d.unit))
        )
    # ZEROSUM: money actually paid to own units, never the DUMMY rule's "+1" (OQ-17 d)
    profit = sum(sum(d.paid.values()) for d in own) if rules.zerosum else None
    offered = bool(sheet.offers)
    if rules.hide_offers:
        return Statement(str(position.phase), power, units, profit, offered, None, None, None,
                         None, None, after.get(power, 0))
    lines: list[BribeLine] = []
    for d in sorted(det.decisions.values(), key=lambda d: str(d.unit)):
        if power not in d.paid:
            continue
        amount = d.paid[power]
        foreign = d.owner != power
        if amount == 0 and ((rules.blind and foreign and not rules.zero_foreign)
                            or (rules.pay_dummies and not foreign)):
            continue
        if rules.blind:
            lines.append(BribeLine(amount, str(d.unit), None, d.owner))
        else:
            lines.append(BribeLine(amount, str(d.unit), str(d.order)))
    spent = det.spent.get(power, 0)
    return Statement(
        str(position.phase), power, units, profit, offered, tuple(lines),
        tuple(str(x) for x in sheet.lines), before.get(power, 0),
        det.rounds.get(power, 0), spent, after.get(power, 0),
    )


def public_totals(position: Position, determination: Determination,
                  rules: RuleSet) -> PublicTotals | None:
    """The per-unit totals everybody sees under PUBLIC_TOTALS (spec 6.4), else None."""
    if not rules.public_totals:
        return None
    rows = tuple(sorted((str(d.unit), str(d.order), d.total)
                        for d in determination.decisions.values()))
    return PublicTotals(str(position.phase), rows)
