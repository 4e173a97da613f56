"""A Payola game's money when a phase is processed: offer sheets, acceptance lists,
balances, control and the Zero-Sum figures from the store through the money layer's
``play_payola_phase`` (the one Payola phase step ``judge adjudicate`` plays too), and what
it gives into the ledger: payments, Zero-Sum settlements, NO_DONATIONS forfeits and the
income step."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from datetime import datetime
from typing import Any

from sqlalchemy.orm import Session

from judge.engine.board import Map
from judge.engine.position import Position
from judge.money.payola.acceptance import AcceptanceError, AcceptanceList
from judge.money.payola.income import Capture, IncomeReport
from judge.money.payola.movement import PayolaResult
from judge.money.payola.phase import PayolaPhase, carried, carry, play_payola_phase
from judge.money.payola.rules import RuleSet
from judge.money.payola.year import Books
from judge.service.board.control import control_of
from judge.storage.ledger import post, post_many
from judge.storage.schema import Game, PhaseRecord, SubmissionKind
from judge.storage.submissions import canonical_in_force
from judge.text.offers import read_sheet


@dataclass(frozen=True)
class YearEnd:
    """What settling a Payola phase's money produced: each power's income report (at the
    end of a year), what NO_DONATIONS took, and the Zero-Sum figures carried into the next
    phase."""

    reports: Mapping[str, IncomeReport] = field(default_factory=dict)
    carry: Mapping[str, Any] = field(default_factory=dict)
    forfeited: Mapping[str, int] = field(default_factory=dict)


def rules_of(game: Game, board: Map) -> RuleSet:
    return RuleSet.parse(game.flags, board.centers)


def phase_seed(game: Game, record: PhaseRecord) -> int:
    """Each phase's own seed, fixed by the game's seed, so a rerun draws the same ``?``."""
    return (game.seed * 1_000_003 + record.seq) % 2**31


def balances(game: Game) -> dict[str, int]:
    return {p.name: p.balance for p in game.powers}


def payola_phase(game: Game, record: PhaseRecord, position: Position,
                 board: Map) -> PayolaPhase:
    """What the stored game's phase is played from: its rules, who controls whom (and,
    once played, whom the vassals follow), the balances now, the Zero-Sum figures the
    phase record carries, the acceptance lists and the phase's own seed."""
    profits, captures = carried(record.state)
    return PayolaPhase(position, board, rules_of(game, board), control_of(game, board, position),
                       Books(balances(game), profits, captures), acceptance_lists(game, board),
                       read_sheet=read_sheet, seed=phase_seed(game, record),
                       control_after=lambda after: control_of(game, board, after))


def movement(session: Session, game: Game, record: PhaseRecord, position: Position,
             board: Map, now: datetime) -> tuple[PayolaResult, dict[str, list[str]]]:
    """Spec 1.4: the sheets in force, the acceptance lists, the balances and who controls
    whom decide every unit's order; payments go into the ledger. A sheet that no longer
    passes (a transfer since lowered the balance) is refused whole (OQ-14), and so is a
    vassal's or an uncontrolled DUMMY's (spec 2.9): that power's errors are returned and
    its units get only the default offers. The result carries the accounts after the
    phase (``closing``), which ``settle`` posts."""
    offers = canonical_in_force(session, record, SubmissionKind.OFFERS)
    phase = replace(payola_phase(game, record, position, board), offers=offers)
    played = play_payola_phase(phase)
    result = played.movement
    assert result is not None
    before = phase.books.balances
    by_name = {p.name: p for p in game.powers}
    post_many(session, game, [(by_name[power], after - before.get(power, 0))
                              for power, after in sorted(result.balances.items())
                              if after != before.get(power, 0)], "bribes", now)
    return result, dict(played.refused)


def acceptance_lists(game: Game, board: Map) -> dict[str, AcceptanceList]:
    lists: dict[str, AcceptanceList] = {}
    for power in game.powers:
        try:
            lists[power.name] = (AcceptanceList.parse(power.acceptance, board.powers)
                                 if power.acceptance else AcceptanceList.default(power.name))
        except AcceptanceError:  # stored lists were checked when given; keep going anyway
            lists[power.name] = AcceptanceList.default(power.name)
    return lists


def captures_of(state: Mapping[str, Any]) -> tuple[Capture, ...]:
    """The Zero-Sum capture settlements a phase record carries until the income step."""
    return carried(state)[1]


def settle(session: Session, game: Game, record: PhaseRecord, position: Position,
           after: Position, board: Map, now: datetime,
           played: PayolaResult | None = None) -> YearEnd:
    """After any phase of a Payola game, the money layer's close of phase: Zero-Sum
    capture settlements and NO_DONATIONS forfeits when centres change hands, and at the
    end of a year the income step (spec 2.5, 2.7, 2.9), vassals' income to their
    controllers. Every change is a ledger entry, so the ledger adds up to each balance.
    A movement phase's accounts came with its result (``movement``); any other phase is
    closed here, from the position the engine gave (``after``)."""
    closing = played.closing if played is not None else None
    if closing is None:
        closing = play_payola_phase(payola_phase(game, record, position, board), after).closing
    by_name = {p.name: p for p in game.powers}
    post_many(session, game, [(by_name[power], -amount)
                              for power, amount in sorted(closing.forfeited.items())],
              "forfeit", now)
    post_many(session, game, [(by_name[power], amount - by_name[power].balance)
                              for power, amount in sorted(closing.books.balances.items())
                              if amount != by_name[power].balance], "income", now)
    return YearEnd(closing.reports, carry(closing.books, rules_of(game, board)),
                   closing.forfeited)


def restore(session: Session, game: Game, saved: Mapping[str, int] | None,
            now: datetime) -> None:
    """ROLLBACK: each balance back to what it was when the phase was processed (after the
    transfers made during it), posted as ledger entries so the ledger still adds up."""
    if not saved:
        return
    for power in game.powers:
        change = int(saved.get(power.name, power.balance)) - power.balance
        if change:
            post(session, game, power, change, "rollback", now)
