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
from judge.service.kinds import part_of
from judge.storage.base import utcnow
from judge.storage.games import lock_game
from judge.storage.schema import Game, GameState
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
    """The one next thing due for a game, done in the caller's transaction by its kind:
    start it once full, remind a long pause, end it by agreement, or move its current
    phase on."""
    game = lock_game(session, game_id)
    if game is None:
        return None
    done = part_of(game).advance(session, settings, game, now)
    return Done(game.name, *done) if done is not None else None


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
