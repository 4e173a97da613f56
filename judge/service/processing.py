"""The phase processor's runs (``judge process``, and ``judge serve`` every minute): each
live game in its own transactions gets what is due: a full game starts, a phase past its
deadline (or complete early with nobody waiting) is processed, reminders and late
notices go out, agreed draws and concessions end games, long pauses are announced."""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import datetime

from sqlalchemy import select
from sqlalchemy.orm import Session, sessionmaker

from judge.config import Settings
from judge.engine.board import Map
from judge.engine.maps import load_map
from judge.engine.position import Position
from judge.service import bribes
from judge.service.deadlines import Due, due
from judge.service.endings import agreed_ending, finish
from judge.service.markets import kind_of
from judge.service.markets import phases as markets
from judge.service.phases import begin, phase_clock, process_phase, queue_all
from judge.service.reports import late_notice_mails, pause_mails, reminder_mails, roster_of
from judge.service.schedule import schedule
from judge.service.timing import timing_of
from judge.storage.base import utcnow
from judge.storage.games import lock_game
from judge.storage.phases import current_record, position_of
from judge.storage.schema import Game, GameState, PhaseRecord, PowerState
from judge.storage.session import unit_of_work

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
    market = kind_of(game)
    if market is not None:  # Exchange, Shareholders, Capitalist: judge.service.markets
        did = markets.advance(session, settings, game, market, now)
        return Done(game.name, did, game.phase) if did else None
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
    if action is Due.PROCESS:
        if process_phase(session, game, record, settings, now) is None:
            return None
        return Done(game.name, "processed", record.phase)
    roster = roster_of(game, settings.name)
    assert record.deadline is not None
    if action is Due.REMIND:
        queue_all(session, settings, now,
               reminder_mails(roster, unacted, record.phase, record.deadline, now))
        record.reminded_at = now
        return Done(game.name, "reminded " + " ".join(unacted) + " of", record.phase)
    mails = late_notice_mails(roster, record.phase, unacted, record.deadline,
                              record.deadline + timing.grace, timing.disorder)
    if action is Due.TELL_MASTER:
        queue_all(session, settings, now, [m for m in mails if m.reader == "MASTER"])
        record.master_told_at = now
        return Done(game.name, "waits for the master after the grace period of", record.phase)
    queue_all(session, settings, now, mails)
    record.late_told_at = now
    return Done(game.name, "late notice to " + " ".join(unacted) + " for", record.phase)


def _pause_reminder(session: Session, game: Game, settings: Settings,
                    now: datetime) -> Done | None:
    """A master cannot pause a game forever in silence: everyone is told again every
    ``pause_notice`` (a week by default) that it is still paused."""
    timing = timing_of(game.options)
    told = game.pause_told_at or game.paused_at
    if told is not None and now - told < timing.pause_notice:
        return None
    since = (game.paused_at or now).strftime("%Y-%m-%d %H:%M UTC")
    queue_all(session, settings, now, pause_mails(roster_of(game, settings.name), True, game.phase,
                                               None, f"still paused by the master since {since}"))
    game.pause_told_at = now
    return Done(game.name, "still paused; everyone told", game.phase)


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
