"""A Payola movement phase: offers and balances decide the orders, the engine adjudicates
them, the ledger records payments (spec 1.4)."""

from __future__ import annotations

import random
from collections.abc import Collection, Mapping
from dataclasses import dataclass, field

from judge.engine.adjudicate import PhaseResult, adjudicate
from judge.engine.board import Map
from judge.engine.orders import Order
from judge.engine.position import Position
from judge.money.acceptance import AcceptanceList, expand_lists
from judge.money.determination import Determination, Settings, determine
from judge.money.offers import OfferedOrder, OfferSheet, Signal, expand_sheets
from judge.money.rules import RuleSet
from judge.money.sheets import exists
from judge.money.statements import PublicTotals, Statement, public_totals, statements


@dataclass(frozen=True)
class Table:
    """Everything frozen at the start of processing (spec 1.4 step 1)."""

    position: Position
    balances: Mapping[str, int]
    accept: Mapping[str, AcceptanceList]
    sheets: Mapping[str, OfferSheet]
    rules: RuleSet = field(default_factory=RuleSet)
    dummies: Collection[str] = frozenset()
    vassals: Mapping[str, str] = field(default_factory=dict)  # vassal -> controller


@dataclass(frozen=True)
class PayolaResult:
    """A processed Payola movement phase.

    ``orders`` is the order each unit issued (by unit location), ``paid`` what each power
    paid for each unit (non-zero payments only), ``balances`` the balances after payment,
    ``profits`` (ZEROSUM) what each power's units earned, ``phase`` the engine's
    adjudication of the issued orders.
    """

    orders: Mapping[str, OfferedOrder]
    paid: Mapping[str, Mapping[str, int]]
    balances: Mapping[str, int]
    profits: Mapping[str, int]
    determination: Determination
    rankings: Mapping[str, tuple[str, ...]]
    statements: Mapping[str, Statement]
    public: PublicTotals | None
    phase: PhaseResult | None


def decide(table: Table, seed: int | None, board: Map) -> tuple[Determination, dict]:
    """Order determination alone (spec 1.4 steps 2-5): no adjudication, no bookkeeping."""
    position, rules = table.position, table.rules
    powers = list(board.powers)
    rng = random.Random(seed)
    lists = dict(table.accept)
    for vassal, controller in table.vassals.items():
        if rules.vassal_dummies:
            lists[vassal] = lists.get(controller, AcceptanceList.default(controller))
    rankings = expand_lists(lists, powers, rng)
    funds = {
        p: max(0, table.balances.get(p, 0) - table.sheets.get(p, OfferSheet()).savings)
        for p in powers
    }
    units = {p: position.units.get(p, ()) for p in powers}
    real = (lambda item: exists(item, position)) if rules.blind else None
    bribes = expand_sheets(table.sheets, units, powers, real)
    signals: dict[str, OfferedOrder] = {}
    if rules.restrict_signal:
        for writer, sheet in table.sheets.items():
            for offer in sheet.offers:
                for order in offer.orders:
                    unit_owner = _owner(position, order) if isinstance(order, Signal) else None
                    if unit_owner is not None and writer in (
                        unit_owner, table.vassals.get(unit_owner)
                    ):
                        signals[order.unit.province] = order
    settings = Settings(rules.ebayola, rules.public_totals, rules.restrict_signal)
    dummies = frozenset(table.dummies) - set(table.vassals)
    det = determine(bribes, position.occupant, funds, rankings, settings, dummies, signals)
    return det, rankings


def play_movement(table: Table, seed: int | None, board: Map,
                  adjudicated: bool = True) -> PayolaResult:
    """Decide every unit's order, charge the payers and adjudicate the issued orders as
    orders of the units' owners (spec 1.4, 5.6, 5.7)."""
    det, rankings = decide(table, seed, board)
    before = {p: table.balances.get(p, 0) for p in board.powers}
    after = {p: before[p] - det.spent.get(p, 0) for p in board.powers}
    paid: dict[str, dict[str, int]] = {}
    profits: dict[str, int] = {}
    for d in det.decisions.values():
        for power, amount in d.paid.items():
            if amount:
                paid.setdefault(power, {})[str(d.unit)] = amount
        if table.rules.zerosum:
            profits[d.owner] = profits.get(d.owner, 0) + sum(d.paid.values())
    orders = {d.unit.location: d.order for d in det.decisions.values()}
    phase = None
    if adjudicated:
        issued: dict[str, list[Order]] = {}
        for d in det.decisions.values():
            order = d.order.order if isinstance(d.order, Signal) else d.order
            issued.setdefault(d.owner, []).append(order)
        phase = adjudicate(table.position, issued, board)
    reports = statements(table.position, det, table.sheets, before, after, table.rules,
                         frozenset(table.dummies) - set(table.vassals))
    return PayolaResult(orders, paid, after, profits, det, rankings, reports,
                        public_totals(table.position, det, table.rules), phase)


def _owner(position: Position, order: Signal) -> str | None:
    found = position.unit_at(order.unit.province)
    return None if found is None else found[0]
