"""A Payola game's money when a phase is processed: offer sheets (or orders), acceptance
lists, balances, control and the Zero-Sum figures from the store, played once through the
money layer's ``play_payola_phase`` (the one Payola phase step ``judge adjudicate`` plays
too), and what it gives into the ledger: payments, NO_DONATIONS forfeits, Zero-Sum
settlements and the income step."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
from datetime import datetime
from typing import Any

from sqlalchemy.orm import Session

from judge.engine.board import Map
from judge.engine.orders import Order
from judge.engine.phase import PhaseKind
from judge.engine.position import Position
from judge.games.payola.mail.control import control_of
from judge.money.payola.acceptance import AcceptanceError, AcceptanceList
from judge.money.payola.income import Capture
from judge.money.payola.phase import PayolaPhase, PlayedPhase, carried, play_payola_phase
from judge.money.payola.rules import RuleSet
from judge.money.payola.year import Books
from judge.storage.ledger import post, post_many
from judge.storage.schema import Game, PhaseRecord, SubmissionKind
from judge.storage.submissions import canonical_in_force
from judge.text.offers import read_sheet


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


def play(session: Session, game: Game, record: PhaseRecord, position: Position, board: Map,
         orders: Mapping[str, Sequence[Order]], now: datetime) -> PlayedPhase:
    """The phase played whole by the money layer, in one call, and what it gives posted
    into the ledger. A movement phase is played from the sheets in force (spec 1.4): a
    sheet that no longer passes (a transfer since lowered the balance) is refused whole
    (OQ-14), and so is a vassal's or an uncontrolled DUMMY's (spec 2.9), its units getting
    only the default offers; any other phase from ``orders``. Then, in this order, the
    payments, the NO_DONATIONS forfeits and the close of phase (Zero-Sum capture
    settlements, the income step at the end of a year, vassals' income to their
    controllers: spec 2.5, 2.7, 2.9) become ledger entries, so the ledger adds up to
    each balance."""
    phase = payola_phase(game, record, position, board)
    if position.phase.kind is PhaseKind.MOVEMENT:
        phase = replace(phase, offers=canonical_in_force(session, record, SubmissionKind.OFFERS))
    else:
        phase = replace(phase, orders=orders)
    played = play_payola_phase(phase)
    by_name = {p.name: p for p in game.powers}
    before = phase.books.balances
    if played.movement is not None:
        post_many(session, game, [(by_name[power], after - before.get(power, 0))
                                  for power, after in sorted(played.movement.balances.items())
                                  if after != before.get(power, 0)], "bribes", now)
    closing = played.closing
    post_many(session, game, [(by_name[power], -amount)
                              for power, amount in sorted(closing.forfeited.items())],
              "forfeit", now)
    post_many(session, game, [(by_name[power], amount - by_name[power].balance)
                              for power, amount in sorted(closing.books.balances.items())
                              if amount != by_name[power].balance], "income", now)
    return played


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


BALANCES, REFUSED = "balances", "refused"  # Payola's keys in a phase's stored result


def keep(record: PhaseRecord, before: Mapping[str, int], refused: Mapping[str, Any]) -> None:
    """Keep with the processed phase what ROLLBACK restores (each balance as the phase was
    processed) and the sheets refused then, for the master's books."""
    record.result = {**(record.result or {}), BALANCES: dict(before), REFUSED: dict(refused)}


def restore(session: Session, game: Game, target: PhaseRecord, now: datetime) -> None:
    """ROLLBACK to ``target``: each balance back to what it was when that phase was
    processed (after the transfers made during it), posted as ledger entries so the
    ledger still adds up."""
    saved: Mapping[str, int] | None = (target.result or {}).get(BALANCES)
    if not saved:
        return
    for power in game.powers:
        change = int(saved.get(power.name, power.balance)) - power.balance
        if change:
            post(session, game, power, change, "rollback", now)
