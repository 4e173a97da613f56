"""The phase processor: each game whose phase is due (deadline passed, or every power that
must act has acted and nobody waits) is adjudicated exactly once, and the new position,
the ledger and every mail the phase sends are committed in one transaction."""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import datetime

from sqlalchemy import select, update
from sqlalchemy.orm import Session, sessionmaker

from judge.config import Settings
from judge.engine.adjudicate import PhaseResult, adjudicate
from judge.engine.adjustments import adjustment_due
from judge.engine.board import Map
from judge.engine.maps import load_map
from judge.engine.orders import Order
from judge.engine.phase import Phase, PhaseKind, Season
from judge.engine.position import Position, Unit
from judge.money.payola import PayolaResult
from judge.service import bribes
from judge.service.accounts import open_accounts
from judge.service.context import Context
from judge.service.deadlines import Due, PhaseClock, due
from judge.service.endings import agreed_ending, finish
from judge.service.reports import (
    Ending,
    Mail,
    income_report_mails,
    late_notice_mails,
    pause_mails,
    phase_mails,
    reminder_mails,
    roster_of,
    start_mails,
)
from judge.service.schedule import schedule
from judge.service.timing import timing_of
from judge.storage.base import utcnow
from judge.storage.games import (
    current_record,
    lock_game,
    members,
    position_of,
    record_position,
    record_result,
    submissions_in_force,
)
from judge.storage.mailqueue import queue_mail
from judge.storage.schema import Game, GameState, PhaseRecord, PowerState, Role, SubmissionKind
from judge.storage.session import unit_of_work
from judge.text.orders import parse_order

log = logging.getLogger(__name__)

MAX_STEPS = 12  # what one game may do in one run; a run comes again a minute later
LIVE = (GameState.FORMING, GameState.ACTIVE, GameState.PAUSED)


@dataclass(frozen=True, slots=True)
class Done:
    """One thing the processor did to one game, for the log and ``judge process``."""

    game: str
    what: str
    phase: str | None = None

    def __str__(self) -> str:
        return f"{self.game}: {self.what}" + (f" {self.phase}" if self.phase else "")


def initial_position(board: Map) -> Position:
    units = {p: tuple(Unit.parse(u) for u in us) for p, us in board.starting_units.items()}
    return Position(Phase(Season.SPRING, 1901, PhaseKind.MOVEMENT), units, dict(board.homes))


def process_due(factory: sessionmaker[Session], settings: Settings,
                now: datetime) -> list[Done]:
    """One run of ``judge process``: every live game gets its own transactions, so one
    game's fault or a kill at any moment leaves every other game, and every phase not
    yet committed, as it was."""
    with factory() as session:
        ids = session.scalars(select(Game.id).where(Game.state.in_(LIVE)).order_by(Game.id)).all()
    out: list[Done] = []
    for game_id in ids:
        try:
            out += advance_game(factory, settings, game_id, now)
        except Exception:  # one broken game must not stop the others being processed
            log.exception("game #%s could not be processed", game_id)
            out.append(Done(f"#{game_id}", "failed (see the log)"))
    return out


def advance_game(factory: sessionmaker[Session], settings: Settings, game_id: int,
                 now: datetime) -> list[Done]:
    out: list[Done] = []
    for _ in range(MAX_STEPS):
        with unit_of_work(factory) as session:
            done = advance(session, game_id, settings, now)
        if done is None:
            break
        out.append(done)
    return out


def advance(session: Session, game_id: int, settings: Settings, now: datetime) -> Done | None:
    """The one next thing due for a game, done in the caller's transaction: start it once
    full, remind a long pause, end it by agreement, or move its current phase on."""
    game = lock_game(session, game_id)
    if game is None:
        return None
    if game.state == GameState.FORMING:
        if game.powers and all(p.state == PowerState.PLAYED for p in game.powers):
            begin(session, game, settings, now)
            return Done(game.name, "started", game.phase)
        return None
    if game.state == GameState.PAUSED:
        return _pause_reminder(session, game, settings, now)
    if game.state != GameState.ACTIVE:
        return None
    record = current_record(session, game)
    if record is None or record.processed_at is not None:
        return None
    board = load_map(game.map_name)
    position = position_of(record, board)
    ending = agreed_ending(session, game, position, board)
    if ending is not None:
        money = bribes.balances(game) if game.variant == "payola" else None
        finish(session, game, ending, position, settings, now, money)
        return Done(game.name, f"ended ({ending.kind})", record.phase)
    if record.deadline is None:
        schedule(session, game, record, now)
        return Done(game.name, "deadline set for", record.phase)
    return _phase_step(session, game, record, position, board, settings, now)


def _phase_step(session: Session, game: Game, record: PhaseRecord, position: Position,
                board: Map, settings: Settings, now: datetime) -> Done | None:
    timing = timing_of(game.options)
    clock, unacted = phase_clock(session, game, record, position, board)
    action = due(clock, timing, now)
    if action is None:
        return None
    roster = roster_of(game, settings.name)
    assert record.deadline is not None
    if action is Due.PROCESS:
        if process_phase(session, game, record, settings, now) is None:
            return None
        return Done(game.name, "processed", record.phase)
    if action is Due.REMIND:
        _queue(session, settings, now,
               reminder_mails(roster, unacted, record.phase, record.deadline, now))
        record.reminded_at = now
        return Done(game.name, "reminded " + " ".join(unacted) + " of", record.phase)
    mails = late_notice_mails(roster, record.phase, unacted, record.deadline,
                              record.deadline + timing.grace, timing.disorder)
    if action is Due.TELL_MASTER:
        _queue(session, settings, now, [m for m in mails if m.reader == "MASTER"])
        record.master_told_at = now
        return Done(game.name, "waits for the master after the grace period of", record.phase)
    _queue(session, settings, now, mails)
    record.late_told_at = now
    return Done(game.name, "late notice to " + " ".join(unacted) + " for", record.phase)


def submission_kind(game: Game, position: Position) -> str:
    money = game.variant == "payola" and position.phase.kind is PhaseKind.MOVEMENT
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


def phase_clock(session: Session, game: Game, record: PhaseRecord, position: Position,
                board: Map) -> tuple[PhaseClock, list[str]]:
    """The phase's timing facts, and the powers with a player that must act and have not.
    A power nobody plays is never waited for: civil disorder orders for it."""
    players = {m.power.name: m for m in members(session, game)
               if m.role == Role.PLAYER and m.power is not None}
    acting = {p: players[p] for p in powers_to_act(position, board) if p in players}
    given = submissions_in_force(session, record, submission_kind(game, position))
    unacted = sorted(p for p in acting if not given.get(p))
    waiting = any(player.wait for player in acting.values())
    ready = bool(acting) and not unacted and not waiting
    clock = PhaseClock(record.deadline, ready, bool(unacted), record.reminded_at,
                       record.late_told_at, record.master_told_at, record.created_at)
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
    board = load_map(game.map_name)
    position = position_of(record, board)
    payola = game.variant == "payola"
    before = bribes.balances(game) if payola else None
    played: PayolaResult | None = None
    if payola and position.phase.kind is PhaseKind.MOVEMENT:
        played, _refused = bribes.movement(session, game, record, position, board, now)
        assert played.phase is not None
        result = played.phase
    else:
        result = adjudicate(position, orders_in_force(session, record, board), board)
    record_result(record, result, now)
    if before is not None:
        record.result = {**(record.result or {}), "balances": before}
    year = (bribes.settle(session, game, record, position, result.next, board, now, played)
            if payola else None)
    roster = roster_of(game, settings.name)
    if result.victory:
        _queue(session, settings, now, phase_mails(roster, played or result, None))
        if year is not None:
            _queue(session, settings, now, income_report_mails(roster, year.reports))
        finish(session, game, Ending("victory", (result.victory,)), result.next, settings, now,
               bribes.balances(game) if payola else None)
        return Processed(record.phase, result, played, None)
    following = record_position(session, game, result.next, now)
    if year is not None and year.carry:
        following.state = {**following.state, **year.carry}
    deadline = schedule(session, game, following, now)
    _queue(session, settings, now, phase_mails(roster, played or result, deadline))
    if year is not None:
        _queue(session, settings, now, income_report_mails(roster, year.reports))
    return Processed(record.phase, result, played, following.phase)


def begin(session: Session, game: Game, settings: Settings, now: datetime) -> PhaseRecord:
    """Start a forming game: S1901M with its deadline, Payola starting balances, and the
    start notice to everyone."""
    board = load_map(game.map_name)
    position = initial_position(board)
    record = record_position(session, game, position, now)
    if game.variant == "payola":
        open_accounts(Context(session, settings, now, settings.address, settings.address),
                      game, board)
    game.state = GameState.ACTIVE
    deadline = schedule(session, game, record, now)
    money = bribes.balances(game) if game.variant == "payola" else None
    _queue(session, settings, now, start_mails(roster_of(game, settings.name), position,
                                               deadline, money))
    return record


def _pause_reminder(session: Session, game: Game, settings: Settings,
                    now: datetime) -> Done | None:
    """A master cannot pause a game forever in silence: everyone is told again every
    ``pause_notice`` (a week by default) that it is still paused."""
    timing = timing_of(game.options)
    told = game.pause_told_at or game.paused_at
    if told is not None and now - told < timing.pause_notice:
        return None
    since = (game.paused_at or now).strftime("%Y-%m-%d %H:%M UTC")
    _queue(session, settings, now, pause_mails(roster_of(game, settings.name), True, game.phase,
                                               None, f"still paused by the master since {since}"))
    game.pause_told_at = now
    return Done(game.name, "still paused; everyone told", game.phase)


def _queue(session: Session, settings: Settings, now: datetime, mails: Sequence[Mail]) -> None:
    for mail in mails:
        queue_mail(session, mail.to, mail.subject, mail.body, sender=settings.address, now=now)


def run_processor(factory: sessionmaker[Session], settings: Settings, stop: threading.Event,
                  interval: float = 60.0, on_done: Callable[[], None] | None = None,
                  clock: Callable[[], datetime] = utcnow) -> None:
    """``judge serve``'s processor thread: a run every ``interval`` seconds until stopped."""
    while not stop.is_set():
        try:
            done = process_due(factory, settings, clock())
            for item in done:
                log.info("processor: %s", item)
            if done and on_done is not None:
                on_done()
        except Exception:  # the database may be briefly away; the loop must outlive it
            log.exception("processor run failed; trying again")
        stop.wait(interval)


def processor_options(settings: Settings) -> tuple[bool, float]:
    """``[processing] enabled`` (default yes) and ``interval`` seconds (default 60)."""
    enabled = settings.option("processing", "enabled", "yes").strip().lower()
    if enabled not in ("yes", "no", "true", "false", "on", "off", "1", "0"):
        raise ValueError(f"[processing] enabled must be yes or no, not {enabled!r}")
    try:
        interval = float(settings.option("processing", "interval", "60"))
    except ValueError:
        raise ValueError("[processing] interval must be a number of seconds") from None
    if interval < 1:
        raise ValueError("[processing] interval must be at least 1 second")
    return enabled in ("yes", "true", "on", "1"), interval


@contextmanager
def processor_thread(factory: sessionmaker[Session], settings: Settings,
                     on_done: Callable[[], None] | None = None) -> Iterator[bool]:
    """Run the processor beside ``judge serve`` while the block runs (unless
    ``[processing] enabled = no``); yields whether it runs."""
    enabled, interval = processor_options(settings)
    if not enabled:
        yield False
        return
    stop = threading.Event()
    thread = threading.Thread(target=run_processor, name="phase-processor", daemon=True,
                              args=(factory, settings, stop, interval, on_done))
    thread.start()
    try:
        yield True
    finally:
        stop.set()
        thread.join()
