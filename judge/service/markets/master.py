"""The master's commands that differ in a market game: parameters, START, PROCESS."""

from __future__ import annotations

from judge.service.context import Context, Refusal, Result
from judge.service.markets.kind import MarketKind
from judge.service.markets.members import set_param
from judge.service.markets.phases import process as play_phase
from judge.service.markets.phases import start as begin
from judge.storage.games import current_record, lock_game
from judge.storage.schema import GameState
from judge.text import commands as c
from judge.text.commands import Step


def set_option(ctx: Context, cmd: c.SetOption, step: Step, kind: MarketKind) -> Result | None:
    """``SET <parameter> <value>`` before the start; None for the service's own options."""
    if cmd.name not in kind.defaults:
        return None
    who = ctx.master()
    return set_param(ctx, who.game, kind, cmd.name, cmd.value.strip(), step)


def start(ctx: Context, cmd: c.Start, step: Step, kind: MarketKind) -> Result:
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


def process(ctx: Context, cmd: c.Process, step: Step, kind: MarketKind) -> Result:
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


def not_in_market(kind: MarketKind, what: str) -> Refusal:
    return Refusal(f"{what} is not available in {kind.title} games")
