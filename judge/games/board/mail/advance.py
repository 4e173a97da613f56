"""What the processor does next to a game played on the board: start it once every
power has a player, remind the players of a long pause, end it by an agreed draw or
concession, set a phase's deadline, remind, tell of lateness, or process the phase."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy.orm import Session

import judge.games.payola.mail.bribes as bribes
from judge.config import Settings
from judge.engine.board import Map
from judge.engine.maps import load_map
from judge.engine.position import Position
from judge.games import kind_of
from judge.games.board.mail.endings import agreed_ending, finish
from judge.games.board.mail.phases import begin, phase_clock, process_phase, queue_all
from judge.service.deadlines import Due, due
from judge.service.kinds import clock_roster
from judge.service.reports import late_notice_mails, pause_mails, reminder_mails, roster_of
from judge.service.schedule import schedule
from judge.service.timing import timing_of
from judge.storage.phases import current_record, position_of
from judge.storage.schema import Game, GameState, PhaseRecord, PowerState

Done = tuple[str, str | None]  # what was done, and to which phase


def advance(session: Session, settings: Settings, game: Game, now: datetime) -> Done | None:
    """The one next thing due for the game, done in the caller's transaction."""
    if game.state == GameState.FORMING:
        if game.powers and all(p.state == PowerState.PLAYED for p in game.powers):
            begin(session, game, settings, now)
            return ("started", game.phase)
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
        money = bribes.balances(game) if kind_of(game.variant).bank else None
        finish(session, game, ending, position, settings, now, money)
        return (f"ended ({ending.kind})", record.phase)
    if record.deadline is None:
        schedule(session, game, record, now)
        return ("deadline set for", record.phase)
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
        return ("processed", record.phase)
    roster = roster_of(game, settings.name)
    assert record.deadline is not None
    if action is Due.REMIND:
        queue_all(session, settings, now,
               reminder_mails(roster, unacted, record.phase, record.deadline, now))
        record.reminded_at = now
        return ("reminded " + " ".join(unacted) + " of", record.phase)
    mails = late_notice_mails(roster, record.phase, unacted, record.deadline,
                              record.deadline + timing.grace, timing.disorder)
    if action is Due.TELL_MASTER:
        queue_all(session, settings, now, [m for m in mails if m.reader == "MASTER"])
        record.master_told_at = now
        return ("waits for the master after the grace period of", record.phase)
    queue_all(session, settings, now, mails)
    record.late_told_at = now
    return ("late notice to " + " ".join(unacted) + " for", record.phase)


def _pause_reminder(session: Session, game: Game, settings: Settings,
                    now: datetime) -> Done | None:
    """A master cannot pause a game forever in silence: everyone is told again every
    ``pause_notice`` (a week by default) that it is still paused."""
    timing = timing_of(game.options)
    told = game.pause_told_at or game.paused_at
    if told is not None and now - told < timing.pause_notice:
        return None
    since = (game.paused_at or now).strftime("%Y-%m-%d %H:%M UTC")
    queue_all(session, settings, now,
              pause_mails(clock_roster(game, settings.name), True, game.phase, None,
                          f"still paused by the master since {since}"))
    game.pause_told_at = now
    return ("still paused; everyone told", game.phase)
