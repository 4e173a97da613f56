"""The master's commands: options, start, pause, resume, process, rollback, eject, replace, end."""

from __future__ import annotations

from judge.service import bribes, schedule
from judge.service.chartbook import book_mails
from judge.service.context import Context, Refusal, Result
from judge.service.control import controller_player, set_control
from judge.service.endings import set_concede
from judge.service.markets import kind_of
from judge.service.markets import master as markets
from judge.service.markets.bourse import setup as bourse_setup
from judge.service.markets.bourse import turns as bourse_turns
from judge.service.phases import begin, clear_phase_flags, initial_position, process_phase
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

__all__ = ["initial_position"]  # kept here for callers that knew it from the master

# option -> allowed values (None: any text); timing options are read by service.timing
OPTIONS: dict[str, tuple[str, ...] | None] = {
    "LISTED": ("YES", "NO"),
    "DESCRIPTION": None,
}
# what a player may SET besides the personal settings the grammar knows
PLAYER_OPTIONS = {"ZONE": schedule.set_zone, "CONCEDE": set_concede,
                  "NOCONCEDE": set_concede, "NOCONCESSION": set_concede}


ALIASES = ("PRIVATE", "UNLISTED", "PUBLIC")  # of SET LISTED NO / YES


def set_option(ctx: Context, cmd: c.SetOption, step: Step) -> Result:
    if cmd.name in PLAYER_OPTIONS and ctx.identity is not None and ctx.identity.role == "player":
        return PLAYER_OPTIONS[cmd.name](ctx, cmd, step)
    names = (*OPTIONS, *ALIASES, *schedule.TIMING_OPTIONS, *PLAYER_OPTIONS, "CONTROL",
             "NOCONTROL")
    master = ctx.identity is not None and ctx.identity.role == "master"
    if cmd.name not in names and not master:  # SET PREFERENCE and the like of other judges
        raise Refusal(f"SET {cmd.name} is not an option of this judge (HELP lists the SET "
                      "commands)")
    who = ctx.master()
    kind = kind_of(who.game)
    if kind is not None:
        done = markets.set_option(ctx, cmd, step, kind)
        if done is not None:
            return done
    elif (bourse := bourse_setup.set_option(ctx, cmd, step)) is not None:
        return bourse  # SET BOURSE ON, SET <Bourse parameter> <value>
    if cmd.name in schedule.TIMING_OPTIONS:
        return schedule.set_timing(ctx, cmd, step)
    if cmd.name in ("CONTROL", "NOCONTROL"):  # Payola: who plays whom (spec 2.9)
        return set_control(ctx, cmd, step)
    name, value = cmd.name, cmd.value.strip()
    if name in (*ALIASES, "LISTED") and not value:
        name, value = "LISTED", "NO" if name in ("PRIVATE", "UNLISTED") else "YES"
    if name not in OPTIONS:
        known = ", ".join([*OPTIONS, *sorted(schedule.TIMING_OPTIONS)])
        raise Refusal(f"unknown option {name}; the options are {known} "
                      "(rule flags are given at CREATE)")
    allowed = OPTIONS[name]
    if allowed is not None and value.upper() not in allowed:
        raise Refusal(f"SET {name} takes {' or '.join(allowed)}, not {value or 'nothing'!r}")
    if allowed is None and not value:
        raise Refusal(f"SET {name} needs a value, e.g. SET {name} ...")
    who.game.options = {**who.game.options, name: value.upper() if allowed else value}
    return Result(step.line, step.text, True, [f"{name} is now {who.game.options[name]}."])


def start(ctx: Context, cmd: c.Start, step: Step) -> Result:
    game = ctx.master().game
    kind = kind_of(game)
    if kind is not None:
        return markets.start(ctx, cmd, step, kind)
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
    if kind_of(ctx.master().game) is not None:
        return markets.pause(ctx, step, True)
    game = ctx.master().game
    _expect(game, GameState.ACTIVE)
    game.state = GameState.PAUSED
    game.paused_at = game.pause_told_at = ctx.now
    _queue(ctx, pause_mails(roster_of(game, ctx.settings.name), True, game.phase))
    return Result(step.line, step.text, True, [f"Game {game.name} is paused."])


def resume(ctx: Context, cmd: c.Resume, step: Step) -> Result:
    """The deadline moves on by the length of the pause; everyone learns the new one."""
    if kind_of(ctx.master().game) is not None:
        return markets.pause(ctx, step, False)
    game = ctx.master().game
    _expect(game, GameState.PAUSED)
    game.state = GameState.ACTIVE
    record = current_record(ctx.session, game)
    if record is not None and game.paused_at is not None:
        schedule.shift(record, ctx.now - game.paused_at)
    game.paused_at = game.pause_told_at = None
    deadline = record.deadline if record is not None else None
    _queue(ctx, pause_mails(roster_of(game, ctx.settings.name), False, game.phase, deadline))
    return Result(step.line, step.text, True, [f"Game {game.name} is resumed."])


def _expect(game: Game, state: GameState) -> None:
    if game.state != state:
        raise Refusal(f"game {game.name} is {game.state}, not {state}")


def _queue(ctx: Context, mails: list[Mail]) -> None:
    for mail in mails:
        queue_mail(ctx.session, mail.to, mail.subject, mail.body, sender=ctx.settings.address,
                   inbox_id=ctx.inbox_id, now=ctx.now)


def terminate(ctx: Context, cmd: c.Terminate, step: Step) -> Result:
    if kind_of(ctx.master().game) is not None:
        return markets.terminate(ctx, step)
    game = ctx.master().game
    if game.state in (GameState.COMPLETED, GameState.TERMINATED):
        raise Refusal(f"game {game.name} is already {game.state}")
    record = current_record(ctx.session, game)
    if record is None:  # never started: nothing to show but the end
        _queue(ctx, unstarted_end_mails(roster_of(game, ctx.settings.name), but=ctx.reply_to))
    else:
        money = bribes.balances(game) if game.variant == "payola" else None
        _queue(ctx, end_mails(roster_of(game, ctx.settings.name), Ending("terminated"),
                              position_of(record, ctx.board(game)), money))
        _queue(ctx, book_mails(ctx.session, game, ctx.settings.name))  # Payola: books open
        bourse_turns.end(ctx.session, ctx.settings, game, "terminated",
                         position_of(record, ctx.board(game)), ctx.now)
    game.state = GameState.TERMINATED
    game.ended_at, game.result = ctx.now, "terminated"
    return Result(step.line, step.text, True, [f"Game {game.name} terminated."])


def process(ctx: Context, cmd: c.Process, step: Step) -> Result:
    """Adjudicate the current phase now with the orders in force, through the same
    processor cron runs (njudge advice: name the phase, so a repeated PROCESS cannot
    process the next one)."""
    game = ctx.master().game
    kind = kind_of(game)
    if kind is not None:
        return markets.process(ctx, cmd, step, kind)
    ctx.active(game)
    record = current_record(ctx.session, game)
    assert record is not None
    if cmd.phase is not None and cmd.phase != record.phase:
        raise Refusal(f"{game.name} is in {record.phase}, not {cmd.phase}; nothing processed")
    if (bourse_turns.holds(game, position_of(record, ctx.board(game)).phase)
            and (record.deadline is None or ctx.now < record.deadline)):
        raise Refusal(f"{game.name} has a Bourse turn open and NO_EARLY: {record.phase} is "
                      "processed at its deadline (SET NO_EARLY OFF allows PROCESS)")
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
    kind = kind_of(ctx.master().game)
    if kind is not None:
        raise markets.not_in_market(kind, "ROLLBACK")
    game = ctx.master().game
    if game.state not in (GameState.ACTIVE, GameState.PAUSED, GameState.COMPLETED):
        raise Refusal(f"game {game.name} is {game.state}; nothing to roll back")
    records = phase_records(ctx.session, game)
    target = next((r for r in records if r.phase == cmd.phase), None)
    if target is None:
        played = ", ".join(r.phase for r in records)
        raise Refusal(f"{game.name} has no phase {cmd.phase}; its phases are {played}")
    saved = (target.result or {}).get("balances")
    roll_back(ctx.session, game, target)
    if game.variant == "payola":
        bribes.restore(ctx.session, game, saved, ctx.now)
    if game.state == GameState.COMPLETED:
        game.state = GameState.ACTIVE
        game.ended_at = game.result = None
    clear_phase_flags(ctx.session, game)  # the phase starts again: new waits and votes
    deadline = schedule.schedule(ctx.session, game, target, ctx.now)
    if game.state == GameState.PAUSED:  # the new deadline already counts from now
        game.paused_at = ctx.now
    _queue(ctx, rollback_mails(roster_of(game, ctx.settings.name), cmd.phase, deadline))
    return Result(step.line, step.text, True, [f"{game.name} rolled back to {cmd.phase}."])


def eject(ctx: Context, cmd: c.Eject, step: Step) -> Result:
    kind = kind_of(ctx.master().game)
    if kind is not None:
        raise markets.not_in_market(kind, "EJECT")
    return _remove_player(ctx, cmd.power, step, PowerState.DISORDER)


def replace(ctx: Context, cmd: c.Replace, step: Step) -> Result:
    kind = kind_of(ctx.master().game)
    if kind is not None:
        raise markets.not_in_market(kind, "REPLACE")
    return _remove_player(ctx, cmd.power, step, PowerState.OPEN)


def _remove_player(ctx: Context, word: str, step: Step, state: PowerState) -> Result:
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
