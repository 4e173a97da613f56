"""What each power is told after a movement phase, as data for the templates (spec 6.1, 6.4).

Every value here is built for one recipient and holds only what that recipient may see:
a power learns its own units' orders and totals (never who paid), its own accepted
bribes, sheet and balance; PUBLIC_TOTALS adds per-unit totals for everybody.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace

from judge.engine.position import Position
from judge.money.payola.control import Control
from judge.money.payola.determination import Decision, Determination
from judge.money.payola.offers import OfferSheet, sheet_texts
from judge.money.payola.rules import RuleSet


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
    """A power's private movement statement. Fields a rule hides are None.

    ``played_by`` names the controller of a controlled power: the statement is about the
    controlled power's account and goes to its controller. ``vassal_units`` are the units
    of the recipient's vassals (VASSAL_DUMMIES), shown as its own units are, with the mark
    telling whether its own money was in the order.
    """

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
    played_by: str | None = None
    vassal_units: tuple[UnitLine, ...] = ()

    @property
    def recipient(self) -> str:
        """The power whose player receives this statement."""
        return self.played_by or self.power


@dataclass(frozen=True, slots=True)
class PublicTotals:
    """PUBLIC_TOTALS: every unit's issued order and accepted total, with no payer (OQ-23)."""

    phase: str
    rows: tuple[tuple[str, str, int], ...]


def statements(
    position: Position, determination: Determination, sheets: Mapping[str, OfferSheet],
    before: Mapping[str, int], after: Mapping[str, int], rules: RuleSet,
    control: Control | None = None,
) -> dict[str, Statement]:
    """One statement per account that is owed one (spec 6.1): none under NO_LEDGERS, none
    for an uncontrolled DUMMY, a vassal, or a power with no units, no offers and no money.
    A controlled power's statement is its own, addressed to its controller."""
    if rules.no_ledgers:
        return {}
    control = control or Control()
    out: dict[str, Statement] = {}
    tails: dict[int, str] = {}  # each order's printed tail, shared by the sheets (sheet_texts)
    for power in sorted(set(before) | set(position.units)):
        sheet = sheets.get(power, OfferSheet())
        units = position.units.get(power, ())
        vassals = control.vassals_of(power)
        if power in control.dummies and (power not in control.controllers
                                         or control.is_vassal(power)):
            continue
        if not (units or sheet.offers or before.get(power, 0) or vassals):
            continue
        statement = _statement(power, position, determination, sheet, before, after, rules,
                               tails)
        extra = _unit_lines(power, [d for d in determination.decisions.values()
                                    if d.owner in vassals], rules)
        out[power] = replace(statement, played_by=control.controller(power),
                             vassal_units=extra)
    return out


def _unit_lines(payer: str, decisions: list[Decision], rules: RuleSet) -> tuple[UnitLine, ...]:
    """Units' issued orders and accepted totals; the mark tells whether ``payer``'s money
    (even a zero offer) was in the order, never who else paid."""
    if rules.pay_dummies:
        return ()
    return tuple(
        UnitLine(str(d.unit), str(d.order), None if rules.hide_cost else d.total,
                 None if rules.hide_offers else payer not in d.paid)
        for d in sorted(decisions, key=lambda d: str(d.unit))
    )


def _statement(power: str, position: Position, det: Determination, sheet: OfferSheet,
               before: Mapping[str, int], after: Mapping[str, int],
               rules: RuleSet, tails: dict[int, str]) -> Statement:
    own = [d for d in det.decisions.values() if d.owner == power]
    units = _unit_lines(power, own, rules)
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
        tuple(sheet_texts(sheet.lines, tails)), before.get(power, 0),
        det.rounds.get(power, 0), spent, after.get(power, 0),
    )
