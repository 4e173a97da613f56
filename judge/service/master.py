"""The master's commands: options, start, pause, resume, process, rollback, eject, replace, end."""

from __future__ import annotations

from judge.engine.adjudicate import adjudicate
from judge.engine.board import Map
from judge.engine.orders import Order
from judge.engine.phase import Phase, PhaseKind, Season
from judge.engine.position import Position, Unit
from judge.service.accounts import open_accounts
from judge.service.context import Context, Refusal, Result
from judge.service.powers import power_named
from judge.storage.games import (
    current_record,
    phase_records,
    player_of,
    position_of,
    record_position,
    record_result,
    roll_back,
    submissions_in_force,
)
from judge.storage.schema import Game, GameState, PowerState, SubmissionKind
from judge.text import commands as c
from judge.text.commands import Step
from judge.text.orders import parse_order

# option -> allowed values (None: any text, kept for the deadline machinery to come)
OPTIONS: dict[str, tuple[str, ...] | None] = {
    "LISTED": ("YES", "NO"),
    "DEADLINE": None,
    "GRACE": None,
    "TIMING": None,
    "DESCRIPTION": None,
}


def set_option(ctx: Context, cmd: c.SetOption, step: Step) -> Result:
    who = ctx.master()
    name, value = cmd.name, cmd.value.strip()
    if name in ("PRIVATE", "UNLISTED", "PUBLIC", "LISTED") and not value:
        name, value = "LISTED", "NO" if name in ("PRIVATE", "UNLISTED") else "YES"
    if name not in OPTIONS:
        raise Refusal(f"unknown option {name}; the options are {', '.join(OPTIONS)} "
                      "(rule flags are given at CREATE)")
    allowed = OPTIONS[name]
    if allowed is not None and value.upper() not in allowed:
        raise Refusal(f"SET {name} takes {' or '.join(allowed)}, not {value or 'nothing'!r}")
    if allowed is None and not value:
        raise Refusal(f"SET {name} needs a value, e.g. SET {name} ...")
    who.game.options = {**who.game.options, name: value.upper() if allowed else value}
    return Result(step.line, step.text, True, [f"{name} is now {who.game.options[name]}."])


def initial_position(board: Map) -> Position:
    units = {p: tuple(Unit.parse(u) for u in us) for p, us in board.starting_units.items()}
    return Position(Phase(Season.SPRING, 1901, PhaseKind.MOVEMENT), units, dict(board.homes))


def start(ctx: Context, cmd: c.Start, step: Step) -> Result:
    game = ctx.master().game
    if game.state != GameState.FORMING:
        raise Refusal(f"game {game.name} is {game.state}; only a forming game can start")
    missing = [p.name for p in game.powers if p.state != PowerState.PLAYED]
    if missing:
        raise Refusal(f"{', '.join(missing)} {'has' if len(missing) == 1 else 'have'} no player "
                      f"yet; players JOIN {game.name} <password> [<power>]")
    board = ctx.board(game)
    record_position(ctx.session, game, initial_position(board), ctx.now)
    if game.variant == "payola":
        open_accounts(ctx, game, board)
    game.state = GameState.ACTIVE
    _tell_all(ctx, game, "has started", f"The game {game.name} has started: {game.phase}.\n"
              "Sign on and send your orders; STATUS shows your units.\n")
    return Result(step.line, step.text, True, [f"Game {game.name} started: {game.phase}."])


def pause(ctx: Context, cmd: c.Pause, step: Step) -> Result:
    return _change(ctx, step, GameState.ACTIVE, GameState.PAUSED, "is paused")


def resume(ctx: Context, cmd: c.Resume, step: Step) -> Result:
    return _change(ctx, step, GameState.PAUSED, GameState.ACTIVE, "is resumed")


def terminate(ctx: Context, cmd: c.Terminate, step: Step) -> Result:
    game = ctx.master().game
    if game.state in (GameState.COMPLETED, GameState.TERMINATED):
        raise Refusal(f"game {game.name} is already {game.state}")
    game.state = GameState.TERMINATED
    _tell_all(ctx, game, "is terminated", f"The master has terminated {game.name}.\n")
    return Result(step.line, step.text, True, [f"Game {game.name} terminated."])


def _change(ctx: Context, step: Step, was: GameState, now: GameState, said: str) -> Result:
    game = ctx.master().game
    if game.state != was:
        raise Refusal(f"game {game.name} is {game.state}, not {was}")
    game.state = now
    _tell_all(ctx, game, said, f"The game {game.name} {said}.\n")
    return Result(step.line, step.text, True, [f"Game {game.name} {said}."])


def _tell_all(ctx: Context, game: Game, said: str, body: str) -> None:
    for address in ctx.everyone(game, but=ctx.reply_to):
        ctx.notify(address, f"Diplomacy game {game.name} {said}", body)


def process(ctx: Context, cmd: c.Process, step: Step) -> Result:
    """Adjudicate the current phase now with the orders in force (njudge advice: name the
    phase, so a repeated PROCESS cannot process the next one)."""
    game = ctx.master().game
    ctx.active(game)
    record = current_record(ctx.session, game)
    assert record is not None
    if cmd.phase is not None and cmd.phase != record.phase:
        raise Refusal(f"{game.name} is in {record.phase}, not {cmd.phase}; nothing processed")
    board = ctx.board(game)
    position = position_of(record, board)
    if game.variant == "payola" and position.phase.kind is PhaseKind.MOVEMENT:
        raise Refusal("Payola movement phases are processed by the phase processor, "
                      "which turns offer sheets into orders; it is not available yet")
    given: dict[str, list[Order]] = {}
    for power, lines in submissions_in_force(ctx.session, record, SubmissionKind.ORDERS).items():
        given[power] = [parse_order(x.canonical, board) for x in lines]
    result = adjudicate(position, given, board)
    record_result(record, result, ctx.now)
    record_position(ctx.session, game, result.next, ctx.now)
    if result.victory:
        game.state = GameState.COMPLETED
    lines = [f"{p}: {o}  ({result.outcomes[o.unit].value})" if hasattr(o, "unit")
             and o.unit in result.outcomes else f"{p}: {o}"
             for p, os in sorted(result.orders.items()) for o in os]
    after = f"{game.name} won by {result.victory}." if result.victory else f"Next: {game.phase}."
    _tell_all(ctx, game, f"processed {record.phase}",
              f"{record.phase} of {game.name} has been processed.\n\n" + "\n".join(lines)
              + f"\n\n{after}\n")
    return Result(step.line, step.text, True, [f"{record.phase} processed. {after}"])


def rollback(ctx: Context, cmd: c.Rollback, step: Step) -> Result:
    game = ctx.master().game
    if game.state not in (GameState.ACTIVE, GameState.PAUSED, GameState.COMPLETED):
        raise Refusal(f"game {game.name} is {game.state}; nothing to roll back")
    records = phase_records(ctx.session, game)
    target = next((r for r in records if r.phase == cmd.phase), None)
    if target is None:
        played = ", ".join(r.phase for r in records)
        raise Refusal(f"{game.name} has no phase {cmd.phase}; its phases are {played}")
    roll_back(ctx.session, game, target)
    if game.state == GameState.COMPLETED:
        game.state = GameState.ACTIVE
    _tell_all(ctx, game, f"rolled back to {cmd.phase}",
              f"The master rolled {game.name} back to {cmd.phase}; orders for it stand as "
              "they were.\n")
    return Result(step.line, step.text, True, [f"{game.name} rolled back to {cmd.phase}."])


def eject(ctx: Context, cmd: c.Eject, step: Step) -> Result:
    return _remove_player(ctx, cmd.power, step, PowerState.DISORDER)


def replace(ctx: Context, cmd: c.Replace, step: Step) -> Result:
    return _remove_player(ctx, cmd.power, step, PowerState.OPEN)


def _remove_player(ctx: Context, word: str, step: Step, state: PowerState) -> Result:
    """EJECT leaves the power in civil disorder; REPLACE opens it to a new player (JOIN)."""
    game = ctx.master().game
    name = power_named(ctx.board(game), word)
    power = next(p for p in game.powers if p.name == name)
    player = player_of(ctx.session, power)
    if player is None and state == PowerState.DISORDER:
        raise Refusal(f"{name} of {game.name} has no player to eject")
    if player is not None:
        player.left_at = ctx.now
        ctx.notify(player.address, f"Diplomacy game {game.name}: you no longer play {name}",
                   f"The master of {game.name} has removed you from {name}.\n")
    power.state = state
    said = "open for a new player" if state == PowerState.OPEN else "in civil disorder"
    return Result(step.line, step.text, True, [f"{name} of {game.name} is now {said}."])
