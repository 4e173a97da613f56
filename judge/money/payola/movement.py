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
from judge.money.payola.acceptance import AcceptanceList, expand_lists
from judge.money.payola.chart import BribeChart, bribe_chart
from judge.money.payola.control import Control
from judge.money.payola.determination import Determination, Settings, determine
from judge.money.payola.offers import OfferedOrder, OfferSheet, Signal, expand_sheets
from judge.money.payola.rules import RuleSet
from judge.money.payola.sheets import exists
from judge.money.payola.statements import PublicTotals, Statement, statements


@dataclass(frozen=True)
class Table:
    """Everything frozen at the start of processing (spec 1.4 step 1). ``control`` holds
    the controlled powers and vassals (None: nobody is controlled)."""

    position: Position
    balances: Mapping[str, int]
    accept: Mapping[str, AcceptanceList]
    sheets: Mapping[str, OfferSheet]
    rules: RuleSet = field(default_factory=RuleSet)
    dummies: Collection[str] = frozenset()
    control: Control | None = None
    bribers: tuple[str, ...] = ()

    def payers(self, board: Map) -> list[str]:
        """The accounts that may pay: the map's powers, then the ``bribers`` (Exchange
        investors: accounts with no units, ranked after every power in every acceptance
        list, in the order given; exchange.md 5.11)."""
        powers = list(board.powers)
        return powers + [b for b in self.bribers if b not in powers]

    def who(self) -> Control:
        """The control relationships, with the table's DUMMY powers and VASSAL_DUMMIES."""
        given = self.control or Control()
        return Control(given.controllers, frozenset(self.dummies) | given.dummies,
                       self.rules.vassal_dummies)

    def sheets_in_force(self) -> dict[str, OfferSheet]:
        """The sheets of the powers that may send one: never a vassal's nor an uncontrolled
        DUMMY's (spec 2.9)."""
        who = self.who()
        return {p: s for p, s in self.sheets.items() if who.sheet_refusal(p) is None}


@dataclass(frozen=True)
class PayolaResult:
    """A processed Payola movement phase.

    ``orders`` is the order each unit issued (by unit location), ``paid`` what each power
    paid for each unit (non-zero payments only), ``balances`` the balances after payment,
    ``profits`` (ZEROSUM) what each power's units earned, ``phase`` the engine's
    adjudication of the issued orders. ``statements`` are the private reports (each says
    whom it goes to), ``public`` the PUBLIC_TOTALS table, ``chart`` the GameMaster's bribe
    chart and ``eavesdropped`` the statements the GameMaster also receives (EAVESDROP).
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
    chart: BribeChart
    eavesdropped: Mapping[str, Statement] = field(default_factory=dict)


def decide(
    table: Table, seed: int | None, board: Map
) -> tuple[Determination, dict[str, tuple[str, ...]]]:
    """Order determination alone (spec 1.4 steps 2-5): no adjudication, no bookkeeping."""
    position, rules, who = table.position, table.rules, table.who()
    powers = table.payers(board)
    sheets = table.sheets_in_force()
    rankings = expand_lists(table.accept, list(board.powers), random.Random(seed))
    for vassal, controller in who.vassals().items():
        rankings[vassal] = rankings[controller]  # the controller's list, as expanded (4.3)
    if table.bribers:
        rankings = {p: tuple(r) + table.bribers for p, r in rankings.items()}
    funds = {
        p: max(0, table.balances.get(p, 0) - sheets.get(p, OfferSheet()).savings)
        if who.has_account(p) else 0
        for p in powers
    }
    units = {p: position.units.get(p, ()) for p in powers}
    real = (lambda item: exists(item, position)) if rules.blind else None
    bribes = expand_sheets(sheets, units, powers, real)
    signals: dict[str, OfferedOrder] = {}
    if rules.restrict_signal:
        for writer, sheet in sheets.items():
            for offer in sheet.offers:
                for order in offer.orders:
                    if not isinstance(order, Signal):
                        continue
                    unit_owner = _owner(position, order)
                    if unit_owner is not None and who.signals_for(writer, unit_owner):
                        signals[order.unit.province] = order
    settings = Settings(rules.ebayola, rules.public_totals, rules.restrict_signal)
    det = determine(bribes, position.occupant, funds, rankings, settings,
                    who.uncontrolled_dummies(), signals)
    return det, rankings


def play_movement(table: Table, seed: int | None, board: Map,
                  adjudicated: bool = True) -> PayolaResult:
    """Decide every unit's order, charge the payers and adjudicate the issued orders as
    orders of the units' owners (spec 1.4, 5.6, 5.7)."""
    det, rankings = decide(table, seed, board)
    who = table.who()
    payers = table.payers(board)
    before = {p: table.balances.get(p, 0) for p in payers}
    after = {p: before[p] - det.spent.get(p, 0) for p in payers}
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
    sheets = table.sheets_in_force()
    reports = statements(table.position, det, sheets, before, after, table.rules, who)
    savings = {p: s.savings for p, s in sheets.items()}
    chart = bribe_chart(str(table.position.phase), det, rankings, savings, before, after, who)
    public = chart.totals_only() if table.rules.public_totals else None
    copies = dict(reports) if table.rules.eavesdrop else {}
    return PayolaResult(orders, paid, after, profits, det, rankings, reports, public, phase,
                        chart, copies)


def _owner(position: Position, order: Signal) -> str | None:
    found = position.unit_at(order.unit.province)
    return None if found is None else found[0]
