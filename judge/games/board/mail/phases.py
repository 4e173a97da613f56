"""One phase of a stored game processed: claimed exactly once, adjudicated (Payola
through the money layer), saved with the next phase and its deadline, and every mail it
sends queued, all in the caller's transaction."""

from __future__ import annotations

import textwrap
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime

from sqlalchemy import update
from sqlalchemy.orm import Session

import judge.games.payola.mail.bribes as bribes
from judge.config import Settings
from judge.engine.adjudicate import PhaseResult, adjudicate
from judge.engine.adjustments import adjustment_due
from judge.engine.board import Map
from judge.engine.maps import load_map
from judge.engine.orders import Order
from judge.engine.phase import Phase, PhaseKind, Season
from judge.engine.position import Position, Unit
from judge.games import kind_of
from judge.games.board.mail.endings import finish
from judge.games.payola.mail.accounts import open_accounts
from judge.games.payola.mail.chartbook import chart_for_master, keep_statements
from judge.games.payola.mail.control import control_of, vassal_status
from judge.money.payola.movement import PayolaResult
from judge.money.payola.phase import PlayedPhase
from judge.service.context import Context
from judge.service.deadlines import PhaseClock
from judge.service.kinds import attachments_of, part_of
from judge.service.phase_flags import clear_phase_flags
from judge.service.reports import (
    Ending,
    Mail,
    income_report_mails,
    phase_mails,
    public_results,
    roster_of,
    start_mails,
)
from judge.service.schedule import schedule
from judge.service.timing import timing_of
from judge.storage.games import members
from judge.storage.mailqueue import queue_mails
from judge.storage.phases import (
    carried_out,
    keep_public,
    position_of,
    public_letters,
    record_position,
    record_result,
)
from judge.storage.schema import (
    Game,
    GameState,
    PhaseRecord,
    Player,
    PowerState,
    Role,
    SubmissionKind,
)
from judge.storage.submissions import canonical_in_force, submissions_in_force
from judge.text.orders import parse_order


def initial_position(board: Map) -> Position:
    units = {p: tuple(Unit.parse(u) for u in us) for p, us in board.starting_units.items()}
    return Position(Phase(Season.SPRING, 1901, PhaseKind.MOVEMENT), units, dict(board.homes))


def submission_kind(game: Game, position: Position) -> str:
    money = kind_of(game.variant).bank and position.phase.kind is PhaseKind.MOVEMENT
    return SubmissionKind.OFFERS if money else SubmissionKind.ORDERS


def powers_to_act(position: Position, board: Map) -> frozenset[str]:
    """Who has something to order: units in movement, dislodged units in retreats, builds
    or removals in adjustments."""
    kind = position.phase.kind
    if kind is PhaseKind.MOVEMENT:
        return frozenset(p for p, us in position.units.items() if us)
    if kind is PhaseKind.RETREAT:
        return frozenset(p for p, ds in position.dislodged.items() if ds)
    return frozenset(p for p in board.powers if adjustment_due(position, board, p))


def acting_players(session: Session, game: Game, position: Position,
                   board: Map) -> dict[str, Player]:
    """Who must act for each power that has something to order: its own player, or for a
    power another controls (SET CONTROL) the controller's player, who signs on as it. A
    power nobody plays is never waited for (civil disorder orders for it), nor is a
    vassal (VASSAL_DUMMIES: it sends nothing; its controller bribes its units)."""
    players = {m.power.name: m for m in members(session, game)
               if m.role == Role.PLAYER and m.power is not None}
    controllers: dict[str, str] = {}
    if kind_of(game.variant).bank:
        control = control_of(game, board, position)
        controllers = {p: by for p, by in control.controllers.items()
                       if not control.is_vassal(p)}
    acting: dict[str, Player] = {}
    for power in powers_to_act(position, board):
        player = players.get(power) or players.get(controllers.get(power, ""))
        if player is not None:
            acting[power] = player
    return acting


def phase_clock(session: Session, game: Game, record: PhaseRecord, position: Position,
                board: Map) -> tuple[PhaseClock, list[str]]:
    """The phase's timing facts, and the powers that must act and have not (see
    ``acting_players``); a controller's WAIT holds the powers it plays too."""
    acting = acting_players(session, game, position, board)
    given = canonical_in_force(session, record, submission_kind(game, position))
    unacted = sorted(p for p in acting if not given.get(p))
    waiting = any(player.wait for player in acting.values())
    ready = (bool(acting) and not unacted and not waiting  # and no Bourse's NO_EARLY:
             and not any(a.holds(game, position.phase) for a in attachments_of(game)))
    clock = PhaseClock(record.deadline, ready, bool(unacted), record.reminded_at,
                       record.late_told_at, record.master_told_at, record.created_at,
                       timing_of(game.options).length(position.phase.kind))
    return clock, unacted


def orders_in_force(session: Session, record: PhaseRecord, board: Map) -> dict[str, list[Order]]:
    """Each power's orders as the judge read them when they were given."""
    return {power: [parse_order(x.canonical, board) for x in lines]
            for power, lines in submissions_in_force(session, record,
                                                     SubmissionKind.ORDERS).items()}


@dataclass(frozen=True)
class Processed:
    """A processed phase: the engine's result, Payola's when there was one, and the next
    phase (None when the game ended)."""

    phase: str
    result: PhaseResult
    payola: PayolaResult | None
    next: str | None


def claim(session: Session, record: PhaseRecord, now: datetime) -> bool:
    """Compare-and-set: mark the phase processed unless someone already has. Two
    processors (or a master's PROCESS and cron) race here; exactly one wins, and the
    mark commits only together with everything the phase produced."""
    done = session.execute(
        update(PhaseRecord)
        .where(PhaseRecord.id == record.id, PhaseRecord.processed_at.is_(None),
               PhaseRecord.rolled_back.is_(False))
        .values(processed_at=now)
        .execution_options(synchronize_session=False)
    )
    return done.rowcount == 1  # type: ignore[attr-defined]


def process_phase(session: Session, game: Game, record: PhaseRecord, settings: Settings,
                  now: datetime) -> Processed | None:
    """Adjudicate the phase with the orders (or Payola sheets) in force, keep the result,
    settle money, start the next phase with its deadline, and queue every mail; None if
    the phase was already processed."""
    if not claim(session, record, now):
        return None
    clear_phase_flags(session, game)
    board = load_map(game.map_name)
    position = position_of(record, board)
    payola = kind_of(game.variant).bank
    before = bribes.balances(game) if payola else {}
    money: PlayedPhase | None = None  # the Payola phase played whole, its money posted
    if payola:
        orders = ({} if position.phase.kind is PhaseKind.MOVEMENT  # played from the sheets
                  else orders_in_force(session, record, board))
        money = bribes.play(session, game, record, position, board, orders, now)
        result = money.result
    else:
        result = adjudicate(position, orders_in_force(session, record, board), board)
    record_result(record, result, now)
    if money is not None:  # what ROLLBACK restores; sheets refused now, for the master
        bribes.keep(record, before, money.refused)
    played = money.movement if money is not None else None
    # the master's bribe chart and the statements, kept for the books at the end of the
    # game; the chart is mailed after the results
    if played:
        keep_statements(record, played.statements)
    chart = chart_for_master(game, record, played.chart, settings.name) if played else []
    roster = roster_of(game, settings.name)
    vassals = vassal_status(game, board, result.next) if payola else None
    carried = {a.key: state for a in attachments_of(game)
               if (state := a.after_phase(session, settings, game, record, result.next, now))
               is not None}
    if result.victory:
        keep_public(record, _letters(public_results(roster, played or result, None, vassals)))
        queue_all(session, settings, now,
                  [*phase_mails(roster, played or result, None, vassals), *chart])
        if money is not None:
            queue_all(session, settings, now, income_report_mails(roster, money.closing.reports))
        finish(session, game, Ending("victory", (result.victory,)), result.next, settings, now,
               bribes.balances(game) if payola else None)
        return Processed(record.phase, result, played, None)
    following = record_position(session, game, result.next, now)
    if money is not None and money.carry:
        following.state = {**following.state, **money.carry}
    if carried:
        following.state = {**following.state, **carried}
    deadline = schedule(session, game, following, now)
    keep_public(record, _letters(public_results(roster, played or result, deadline, vassals)))
    queue_all(session, settings, now,
              [*phase_mails(roster, played or result, deadline, vassals), *chart])
    if money is not None:
        queue_all(session, settings, now, income_report_mails(roster, money.closing.reports))
    queue_all(session, settings, now,
              part_of(game).after_phase(session, game, record, result, roster))
    for attachment in attachments_of(game):
        attachment.opened(session, settings, game, following, now)
    return Processed(record.phase, result, played, following.phase)


def _letters(letter: str | None) -> list[str]:
    """The public letter of the phase as the store keeps it (none in a BLIND game)."""
    return [] if letter is None else [letter]


def begin(session: Session, game: Game, settings: Settings, now: datetime,
          unplayed: Sequence[str] = ()) -> PhaseRecord:
    """Start a forming game: S1901M with its deadline, Payola starting balances, and the
    start notice to everyone. ``unplayed``: the powers the master started without a
    player; they are in civil disorder (their units hold, they build nothing, nobody
    waits for them), and the notice says so."""
    board = load_map(game.map_name)
    for power in game.powers:
        if power.name in unplayed:
            power.state = PowerState.DISORDER
    position = initial_position(board)
    record = record_position(session, game, position, now)
    for attachment in attachments_of(game):
        attachment.before_phase(session, game, record)
    if kind_of(game.variant).bank:
        open_accounts(Context(session, settings, now, settings.address, settings.address),
                      game, board)
    game.state = GameState.ACTIVE
    deadline = schedule(session, game, record, now)
    money = bribes.balances(game) if kind_of(game.variant).bank else None
    queue_all(session, settings, now, start_mails(roster_of(game, settings.name), position,
                                               deadline, money, unplayed))
    for attachment in attachments_of(game):
        attachment.opened(session, settings, game, record, now)
    return record


def queue_all(session: Session, settings: Settings, now: datetime, mails: Sequence[Mail]) -> None:
    """Queue every mail, in order, in the caller's transaction (one insert of them all)."""
    queue_mails(session, [(mail.to, mail.subject, mail.body, mail.picture) for mail in mails],
                sender=settings.address, now=now)


def blind_history(record: PhaseRecord) -> list[str]:
    """A processed phase of a BLIND game in HISTORY: the results as an observer read them
    (no unit: each player saw only what was in sight of his own), never its orders."""
    letters = public_letters(record)
    if not letters:
        return ["(a BLIND game: its results went to its players only)"]
    text = "\n".join(line for letter in letters for line in str(letter).splitlines()
                     if not line.startswith("::")).strip("\n")
    out: list[str] = []
    for paragraph in text.split("\n\n"):
        lines = paragraph.splitlines()
        if any(len(line) > HISTORY_WIDTH for line in lines):  # prose: filled again
            lines = textwrap.wrap(" ".join(lines), HISTORY_WIDTH, break_long_words=False)
        out += [*(line.rstrip() for line in lines), ""]
    return out[:-1]


HISTORY_WIDTH = 70  # HISTORY indents each line by 8: within the mail's 78 columns


def orders_carried_out(record: PhaseRecord) -> list[str]:
    """A processed phase's orders, power by power, each with its outcome when it failed
    (HISTORY: public once the phase is processed)."""
    done = carried_out(record)
    outcomes = done.outcomes
    lines = []
    for power, orders in sorted(done.orders.items()):
        for order in orders:
            unit = " ".join(order.split()[:2])
            outcome = outcomes.get(unit, "ok")
            lines.append(f"{power:<8} {order}" + (f"  ({outcome})" if outcome != "ok" else ""))
    return lines
