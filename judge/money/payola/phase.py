"""One Payola phase played, from what the phase starts with to the accounts the next one
starts with: the offer sheets read and checked against each power's balance, refused
whole when they do not pass (OQ-14) or come from a power that may not send one (spec
2.9), the determination of every unit's order from sheets, acceptance lists, balances
and control (spec 1.4), the engine's adjudication, and the close of phase: Zero-Sum
capture settlements, NO_DONATIONS forfeits and, when a new year begins, the income step
(spec 1.2, 2.5, 2.7, 2.9).

``play_payola_phase`` is the one function both ``judge adjudicate`` (a case's JSON) and
the processor (a stored game) call: each edge decodes its inputs into a ``PayolaPhase``
and stores or encodes the ``PlayedPhase``. Reading an offer sheet is the text layer's
work, which this layer may not import: the edge hands its reader in.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from judge.engine.adjudicate import PhaseResult, adjudicate
from judge.engine.board import Map
from judge.engine.orders import Order
from judge.engine.phase import PhaseKind
from judge.engine.position import Position
from judge.money.payola.acceptance import AcceptanceList
from judge.money.payola.control import Control
from judge.money.payola.income import Capture
from judge.money.payola.movement import PayolaResult, Table, play_movement
from judge.money.payola.offers import OfferSheet
from judge.money.payola.rules import RuleSet
from judge.money.payola.sheets import SheetContext, SheetError
from judge.money.payola.year import Books, Closing, close_phase

SheetReader = Callable[[str, SheetContext], "OfferSheet | list[SheetError]"]


@dataclass(frozen=True)
class PayolaPhase:
    """Everything a Payola phase is played from (spec 1.4 step 1).

    ``books`` holds the balances at the start of processing, and the bribe profits and
    capture settlements ZEROSUM carries until the income step. A movement phase is
    played from ``offers``, each power's sheet lines, read with ``read_sheet``; a retreat
    or adjustment phase from ``orders``, each power's orders as read.
    ``control_after`` gives who controls whom once the phase is played (the vassals follow
    the centres); None: ``control`` stands."""

    position: Position
    board: Map
    rules: RuleSet
    control: Control
    books: Books
    accept: Mapping[str, AcceptanceList]
    offers: Mapping[str, Sequence[str]] = field(default_factory=dict)
    read_sheet: SheetReader | None = None
    seed: int | None = None
    control_after: Callable[[Position], Control] | None = None
    orders: Mapping[str, Sequence[Order]] = field(default_factory=dict)


@dataclass(frozen=True)
class PlayedPhase:
    """A played Payola phase, all of it: the engine's adjudication (``result``, whose
    ``next`` is the position after), the movement's orders, payments, statements and chart
    (``movement``; None for a phase played from orders), the sheets refused whole with
    their errors, by power, the accounts after the phase (``closing``: the books, the
    NO_DONATIONS forfeits, the income reports at the end of a year) and the Zero-Sum
    figures the next phase's state carries (``carry``)."""

    result: PhaseResult
    movement: PayolaResult | None
    refused: Mapping[str, list[str]]
    closing: Closing
    carry: Mapping[str, Any]

    @property
    def after(self) -> Position:
        """The position the phase led to."""
        return self.result.next


def play_payola_phase(phase: PayolaPhase) -> PlayedPhase:
    """Play ``phase`` whole: a movement phase from its offer sheets (orders decided, paid
    and adjudicated), any other phase from its orders; then close the accounts."""
    movement: PayolaResult | None = None
    refused: dict[str, list[str]] = {}
    balances = dict(phase.books.balances)
    profits = dict(phase.books.profits)
    if phase.position.phase.kind is PhaseKind.MOVEMENT:
        if phase.orders:
            raise ValueError("a Payola movement phase is played from its offers, not orders")
        sheets, refused = read_sheets(phase)
        table = Table(phase.position, phase.books.balances, phase.accept, sheets, phase.rules,
                      phase.control.dummies, phase.control)
        movement = play_movement(table, phase.seed, phase.board)
        assert movement.phase is not None
        result = movement.phase
        balances.update(movement.balances)
        for power, gain in movement.profits.items():
            profits[power] = profits.get(power, 0) + gain
    else:
        result = adjudicate(phase.position, phase.orders, phase.board)
    after = result.next
    control = phase.control if phase.control_after is None else phase.control_after(after)
    closing = close_phase(phase.position, after, Books(balances, profits, phase.books.captures),
                          phase.rules, phase.board, control)
    return PlayedPhase(result, movement, refused, closing, carry(closing.books, phase.rules))


def read_sheets(phase: PayolaPhase) -> tuple[dict[str, OfferSheet], dict[str, list[str]]]:
    """Each power's sheet that passes, and the errors of those refused whole: a sheet
    that breaks a rule or overspends the balance (OQ-14), a vassal's or an uncontrolled
    DUMMY's (spec 2.9). A power that wrote nothing has no sheet and no error."""
    sheets: dict[str, OfferSheet] = {}
    refused: dict[str, list[str]] = {}
    control = phase.control
    for power, lines in phase.offers.items():
        if not lines:
            continue
        refusal = control.sheet_refusal(power)
        if refusal is not None:
            refused[power] = [refusal]
            continue
        if phase.read_sheet is None:
            raise ValueError("offer sheets given without a reader")
        ctx = SheetContext(power, phase.position, phase.board, phase.rules,
                           phase.books.balances.get(power, 0), control.dummies, control.controllers)
        sheet = phase.read_sheet("\n".join(lines), ctx)
        if isinstance(sheet, list):
            refused[power] = [str(e) for e in sheet]
        else:
            sheets[power] = sheet
    return sheets, refused


def carried(state: Mapping[str, Any]) -> tuple[dict[str, int], tuple[Capture, ...]]:
    """The Zero-Sum figures a phase's ``state`` carries until the income step: each
    power's bribe profits this year and the capture settlements fixed so far."""
    profits = {str(p).upper(): int(v) for p, v in (state.get("profits") or {}).items()}
    captures = tuple(Capture(c["center"], c["winner"], c.get("loser"), int(c["amount"]))
                     for c in state.get("captures") or ())
    return profits, captures


def carry(books: Books, rules: RuleSet) -> dict[str, Any]:
    """The Zero-Sum figures the next phase's ``state`` carries (nothing without
    ZEROSUM): the inverse of ``carried``."""
    if not rules.zerosum:
        return {}
    return {"profits": dict(sorted(books.profits.items())),
            "captures": [{"center": c.center, "winner": c.winner, "loser": c.loser,
                          "amount": c.amount} for c in books.captures]}
