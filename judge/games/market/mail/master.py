"""The master's commands that differ in a market game: parameters, START, PROCESS."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from judge.games.market.mail.kind import MarketKind
from judge.games.market.mail.members import (
    market_members,
    notice,
    notice_readers,
    set_param,
    set_setting,
)
from judge.games.market.mail.phases import phase_mails, reading_of
from judge.games.market.mail.phases import process as play_phase
from judge.games.market.mail.phases import start as begin
from judge.service.context import Context, Refusal, Result
from judge.service.reports.notices import notice_subject
from judge.service.reports.roster import deadline_text
from judge.service.schedule import open_deadline, zone_of
from judge.storage.games import lock_game
from judge.storage.phases import current_record
from judge.storage.schema import Game, GameState
from judge.text import commands as c
from judge.text.commands import Step


def set_option(ctx: Context, cmd: c.SetOption, step: Step,
               kind: MarketKind[Any, Any, Any]) -> Result | None:
    """``SET <parameter> <value>`` before the start; None for the service's own options."""
    if cmd.name in kind.settings:
        return set_setting(ctx, ctx.master().game, kind, cmd.name, cmd.value.strip(), step)
    if cmd.name not in kind.defaults:
        return None
    who = ctx.master()
    return set_param(ctx, who.game, kind, cmd.name, cmd.value.strip(), step)


def start(ctx: Context, cmd: c.Start, step: Step, kind: MarketKind[Any, Any, Any]) -> Result:
    game = ctx.master().game
    lock_game(ctx.session, game.id)
    if game.state != GameState.FORMING:
        raise Refusal(f"game {game.name} is {game.state}; only a forming game can start")
    try:
        record = begin(ctx.session, ctx.settings, game, kind, ctx.now)
    except ValueError as e:
        raise Refusal(f"{game.name} cannot start: {e}") from None
    return Result(step.line, step.text, True,
                  [f"Game {game.name} started: {record.phase}; everyone is told."])


def process(ctx: Context, cmd: c.Process, step: Step, kind: MarketKind[Any, Any, Any]) -> Result:
    game = ctx.master().game
    ctx.active(game)
    record = current_record(ctx.session, game)
    if record is None or record.processed_at is not None:
        raise Refusal(f"{game.name} has no phase waiting; nothing processed")
    if cmd.phase is not None and cmd.phase != record.phase:
        raise Refusal(f"{game.name} is in {record.phase}, not {cmd.phase}; nothing processed")
    phase = record.phase
    play_phase(ctx.session, ctx.settings, game, kind, record, ctx.now)
    after = (f"the game ended ({game.result})." if game.state == GameState.COMPLETED
             else f"Next: {game.phase}.")
    return Result(step.line, step.text, True, [f"{phase} processed; {after}"])


def not_in_market(kind: MarketKind[Any, Any, Any], what: str) -> Refusal:
    return Refusal(f"{what} is not available in {kind.title} games")


def status(ctx: Context, step: Step, kind: MarketKind[Any, Any, Any]) -> Result:
    """The master's STATUS: the members, the phase and its deadline, and who has sent
    mail this phase; no address, as in every kind (ADDRESSES lists them)."""
    return Result(step.line, step.text, True, status_lines(ctx, kind))


def status_lines(ctx: Context, kind: MarketKind[Any, Any, Any]) -> list[str]:
    """The lines of the master's STATUS (and of his SUMMARY's view)."""
    game = ctx.master().game
    joined = market_members(ctx, game)
    record = current_record(ctx.session, game)
    lines = [f"{game.name}: {kind.title}, {game.state}"
             + (f", phase {record.phase}" if record is not None else "")
             + (f", deadline {deadline_text(due, zone_of(game))}"
                if (due := open_deadline(game, record)) is not None else "")]
    sent = ({m.sender for m in phase_mails(ctx.session, record)}
            if record is not None and record.processed_at is None else set())
    for m in joined:
        mark = " (has sent mail this phase)" if m.name in sent else ""
        lines.append(f"  {kind.member} {m.name}{mark}")
    if not joined:
        lines.append(f"  no {kind.member} has joined yet")
    if kind.status_now is not None and record is not None and record.processed_at is None \
            and game.state == GameState.ACTIVE:  # what every member's STATUS shows too
        lines += kind.status_now(kind.reader.in_force(reading_of(ctx.session, game, kind,
                                                                 record)))
    return lines


def pause(ctx: Context, step: Step, paused: bool) -> Result:
    """PAUSE and RESUME: a resumed phase's deadline moves on by the pause's length."""
    game = ctx.master().game
    want = GameState.ACTIVE if paused else GameState.PAUSED
    if game.state != want:
        raise Refusal(f"game {game.name} is {game.state}, not {want}")
    record = current_record(ctx.session, game)
    phase = f" in {record.phase}" if record is not None else ""
    if paused:
        game.state = GameState.PAUSED
        game.paused_at = game.pause_told_at = ctx.now
        said = (f"{game.name} is paused by its master{phase}. No phase is played while "
                "it is paused; everyone is told when it resumes.")
    else:
        game.state = GameState.ACTIVE
        if record is not None and record.deadline is not None and game.paused_at is not None:
            record.deadline = record.deadline + (ctx.now - game.paused_at)
        game.paused_at = game.pause_told_at = None
        said = f"{game.name} is resumed{phase}." + (
            f" The deadline of {record.phase} is "
            f"{deadline_text(record.deadline, zone_of(game))}."
            if record is not None and record.deadline is not None else "")
    _tell_all(ctx, notice_subject(game.name, "is paused" if paused else "is resumed"), said)
    return Result(step.line, step.text, True, [said])


def tell_deadline(ctx: Context, game: Game, phase: str, due: datetime,
                  absence: bool) -> None:
    """The open phase's deadline moved: every member, observer and the master but the
    sender (told in the reply) learns it in his own zone, as in every kind of game."""
    why = ("Because of a player's absence the deadline" if absence
           else "The master has moved the deadline")
    sender = (ctx.reply_to or "").lower()
    for address, zone in notice_readers(ctx.session, game):
        if address.lower() == sender:
            continue
        text = (f"{why} of {phase} in '{game.name}'. The deadline for orders will be "
                f"{deadline_text(due, zone or zone_of(game))}.")
        ctx.notify(address, notice_subject(game.name, "deadline", phase),
                   notice(ctx.settings, text))


def terminate(ctx: Context, step: Step) -> Result:
    game = ctx.master().game
    if game.state in (GameState.COMPLETED, GameState.TERMINATED):
        raise Refusal(f"game {game.name} is already {game.state}")
    game.state = GameState.TERMINATED
    game.ended_at = ctx.now
    game.result = "terminated"
    said = f"{game.name} was ended by its master; no further phase is played."
    _tell_all(ctx, notice_subject(game.name, "is over"), said)
    return Result(step.line, step.text, True, [said])


def _tell_all(ctx: Context, subject: str, text: str) -> None:
    """Every member, observer and the master is told, as in every kind of game (the
    master also has his reply)."""
    body = notice(ctx.settings, text)
    for address, _ in notice_readers(ctx.session, ctx.master().game):
        ctx.notify(address, subject, body)
