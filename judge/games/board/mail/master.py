"""The master's commands in a game played on the board (standard Diplomacy, Payola):
start, pause and resume, process, roll back, eject and replace a player, end it."""

from __future__ import annotations

import judge.games.payola.mail.bribes as bribes
from judge.games import kind_of
from judge.games.board.mail.phases import begin, process_phase
from judge.games.payola.mail.chartbook import book_mails
from judge.games.payola.mail.control import controller_player
from judge.service import schedule
from judge.service.context import Context, Refusal, Result
from judge.service.kinds import attachments_of, clock_roster
from judge.service.phase_flags import clear_phase_flags
from judge.service.powers import power_named
from judge.service.reports import (
    Ending,
    Mail,
    end_mails,
    pause_mails,
    removal_mails,
    rollback_mails,
    roster_of,
    unstarted_end_mails,
)
from judge.storage.games import player_of
from judge.storage.mailqueue import queue_mail
from judge.storage.phases import current_record, phase_records, position_of, roll_back
from judge.storage.schema import Game, GameState, PowerState
from judge.text import commands as c
from judge.text.commands import Step


def start(ctx: Context, cmd: c.Start, step: Step) -> Result:
    game = ctx.master().game
    if game.state != GameState.FORMING:
        raise Refusal(f"game {game.name} is {game.state}; only a forming game can start")
    missing = [p.name for p in game.powers
               if p.state != PowerState.PLAYED and controller_player(game, p) is None]
    # the master may start short: the open powers go into civil disorder, announced to all
    begin(ctx.session, game, ctx.settings, ctx.now, unplayed=missing)
    said = [f"Game {game.name} started: {game.phase}."]
    if missing:
        said.append(f"In civil disorder (no player; REPLACE opens one to a new player): "
                    f"{', '.join(missing)}.")
    return Result(step.line, step.text, True, said)


def pause(ctx: Context, cmd: c.Pause, step: Step) -> Result:
    """The game stops and everyone is told; the processor tells them again every week
    while it stays paused, so no master can stop a game in silence."""
    game = ctx.master().game
    _expect(game, GameState.ACTIVE)
    game.state = GameState.PAUSED
    game.paused_at = game.pause_told_at = ctx.now
    _queue(ctx, pause_mails(clock_roster(game, ctx.settings.name), True, game.phase))
    return Result(step.line, step.text, True, [f"Game {game.name} is paused."])


def resume(ctx: Context, cmd: c.Resume, step: Step) -> Result:
    """The deadline moves on by the length of the pause; everyone learns the new one."""
    game = ctx.master().game
    _expect(game, GameState.PAUSED)
    game.state = GameState.ACTIVE
    record = current_record(ctx.session, game)
    if record is not None and game.paused_at is not None:
        schedule.shift(record, ctx.now - game.paused_at)
    game.paused_at = game.pause_told_at = None
    deadline = record.deadline if record is not None else None
    _queue(ctx, pause_mails(clock_roster(game, ctx.settings.name), False, game.phase, deadline))
    return Result(step.line, step.text, True, [f"Game {game.name} is resumed."])


def _expect(game: Game, state: GameState) -> None:
    if game.state != state:
        raise Refusal(f"game {game.name} is {game.state}, not {state}")


def _queue(ctx: Context, mails: list[Mail]) -> None:
    for mail in mails:
        queue_mail(ctx.session, mail.to, mail.subject, mail.body, sender=ctx.settings.address,
                   inbox_id=ctx.inbox_id, now=ctx.now)


def terminate(ctx: Context, cmd: c.Terminate, step: Step) -> Result:
    game = ctx.master().game
    if game.state in (GameState.COMPLETED, GameState.TERMINATED):
        raise Refusal(f"game {game.name} is already {game.state}")
    record = current_record(ctx.session, game)
    if record is None:  # never started: nothing to show but the end
        _queue(ctx, unstarted_end_mails(roster_of(game, ctx.settings.name), but=ctx.reply_to))
    else:
        money = bribes.balances(game) if kind_of(game.variant).bank else None
        _queue(ctx, end_mails(roster_of(game, ctx.settings.name), Ending("terminated"),
                              position_of(record, ctx.board(game)), money))
        _queue(ctx, book_mails(ctx.session, game, ctx.settings.name))  # Payola: books open
        for attachment in attachments_of(game):
            attachment.end(ctx.session, ctx.settings, game, "terminated",
                           position_of(record, ctx.board(game)), ctx.now)
    game.state = GameState.TERMINATED
    game.ended_at, game.result = ctx.now, "terminated"
    return Result(step.line, step.text, True, [f"Game {game.name} terminated."])


def process(ctx: Context, cmd: c.Process, step: Step) -> Result:
    """Adjudicate the current phase now with the orders in force, through the same
    processor cron runs (njudge advice: name the phase, so a repeated PROCESS cannot
    process the next one)."""
    game = ctx.master().game
    ctx.active(game)
    record = current_record(ctx.session, game)
    assert record is not None
    if cmd.phase is not None and cmd.phase != record.phase:
        raise Refusal(f"{game.name} is in {record.phase}, not {cmd.phase}; nothing processed")
    phase = position_of(record, ctx.board(game)).phase
    for attachment in attachments_of(game):
        if (attachment.holds(game, phase)
                and (record.deadline is None or ctx.now < record.deadline)):
            raise Refusal(f"{game.name} has a {attachment.kind.word.capitalize()} turn open "
                          f"and NO_EARLY: {record.phase} is processed at its deadline "
                          "(SET NO_EARLY OFF allows PROCESS)")
    done = process_phase(ctx.session, game, record, ctx.settings, ctx.now)
    if done is None:
        raise Refusal(f"{record.phase} of {game.name} was processed meanwhile; nothing done")
    result = done.result
    after = (f"{game.name} won by {result.victory}." if result.victory
             else f"Next: {done.next}.")
    return Result(step.line, step.text, True, [f"{done.phase} processed. {after}"])


def rollback(ctx: Context, cmd: c.Rollback, step: Step) -> Result:
    """Make an earlier phase current again: its position, and in Payola every balance as
    it was when that phase was processed; a new deadline; everyone is told."""
    game = ctx.master().game
    if game.state not in (GameState.ACTIVE, GameState.PAUSED, GameState.COMPLETED):
        raise Refusal(f"game {game.name} is {game.state}; nothing to roll back")
    records = phase_records(ctx.session, game)
    target = next((r for r in records if r.phase == cmd.phase), None)
    if target is None:
        played = ", ".join(r.phase for r in records)
        raise Refusal(f"{game.name} has no phase {cmd.phase}; its phases are {played}")
    if kind_of(game.variant).bank:  # the balances kept with the target, before it is reset
        bribes.restore(ctx.session, game, target, ctx.now)
    roll_back(ctx.session, game, target)
    if game.state == GameState.COMPLETED:
        game.state = GameState.ACTIVE
        game.ended_at = game.result = None
    clear_phase_flags(ctx.session, game)  # the phase starts again: new waits and votes
    deadline = schedule.schedule(ctx.session, game, target, ctx.now)
    if game.state == GameState.PAUSED:  # the new deadline already counts from now
        game.paused_at = ctx.now
    _queue(ctx, rollback_mails(roster_of(game, ctx.settings.name), cmd.phase, deadline))
    return Result(step.line, step.text, True, [f"{game.name} rolled back to {cmd.phase}."])


def remove_player(ctx: Context, word: str, step: Step, state: PowerState) -> Result:
    """EJECT leaves the power in civil disorder; REPLACE opens it to a new player (JOIN)."""
    game = ctx.master().game
    name = power_named(ctx.board(game), word)
    power = next(p for p in game.powers if p.name == name)
    player = player_of(ctx.session, power)
    if player is None and state == PowerState.DISORDER:
        raise Refusal(f"{name} of {game.name} has no player to eject")
    if player is not None:  # told before leaving the roster, which reads current players
        _queue(ctx, removal_mails(roster_of(game, ctx.settings.name), name,
                                  reopened=state == PowerState.OPEN))
        player.left_at = ctx.now
    power.state = state
    said = "open for a new player" if state == PowerState.OPEN else "in civil disorder"
    return Result(step.line, step.text, True, [f"{name} of {game.name} is now {said}."])
