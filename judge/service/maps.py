"""The map commands: SET MAP, whether a player's results mails carry the map of the
phase, and MAP, the map of a played phase by mail.

A player's ``SET MAP OFF`` (or ``ON``) is their own; the master's sets the game's
default (its ``MAP`` option), which every member who said nothing follows."""

from __future__ import annotations

from judge.engine.adjudicate import PhaseResult, adjudicate
from judge.engine.board import Map
from judge.engine.maps import load_map
from judge.games import kind_of
from judge.maps import board_png
from judge.service import lookups
from judge.service.context import Context, Refusal, Result
from judge.service.reports.maps import recorded, view
from judge.service.reports.roster import roster_of
from judge.storage.phases import carried_out, phase_records, position_of
from judge.storage.schema import PhaseRecord
from judge.text import commands as c
from judge.text.commands import Step
from judge.text.orders import parse_order

VALUES = {"ON": True, "YES": True, "OFF": False, "NO": False}


def set_map(ctx: Context, cmd: c.SetOption, step: Step) -> Result:
    """A player's own SET MAP ON / OFF."""
    who = ctx.player()
    assert who.player is not None
    value = cmd.value.strip().upper()
    if value not in VALUES:
        raise Refusal(f"SET MAP takes ON or OFF, not {cmd.value.strip() or 'nothing'!r}")
    who.player.maps = VALUES[value]
    said = "will carry the map of the phase" if VALUES[value] else "will be text only"
    return Result(step.line, step.text, True, [f"Results mailed to {who.name} {said}."])


def show_map(ctx: Context, cmd: c.MapOf, step: Step) -> Result:
    """``MAP [game] [phase]``: the map of a played phase (the last by default), public
    once the phase is processed. In a BLIND game the public map shows no unit, and a
    player signed on in it gets his own view (what his results showed). The picture
    goes with the reply (judge.service.inbound: to a registered address only)."""
    game = lookups.game_of(ctx, cmd.game)
    played = [r for r in phase_records(ctx.session, game)
              if r.processed_at is not None and r.result is not None]
    chosen = [r for r in played if cmd.phase is None or r.phase == cmd.phase]
    if not chosen:
        raise Refusal(f"{game.name} has no played phase {cmd.phase}" if cmd.phase
                      else f"{game.name} has no played phase yet")
    record = chosen[-1]
    if not kind_of(game.variant).board or "units" not in record.state \
            or record.phase[-1:] not in "MRA":
        raise Refusal(f"{record.phase} of {game.name} was not played on the board")
    roster = roster_of(game, ctx.settings.name)
    if roster.blind:
        who = ctx.identity
        own = who is not None and who.game.id == game.id
        if own and who is not None and who.role == "master":
            reader = "MASTER"           # the master sees the whole board
        elif own and who is not None and who.role == "player" and who.power is not None:
            reader = who.power.name     # a player his own view
        else:
            reader = "OBSERVER"         # anyone else no unit
        board = load_map(game.map_name)
        drawn = view(roster, replayed(record, board), board, reader)
    else:
        reader = ""
        drawn = recorded(record.state, record.result)
    png = board_png(drawn.state, orders=drawn.orders, results=drawn.results,
                    title=f"Game {game.name}")
    seen = f" as {reader.title()} sees it" if reader in load_map(game.map_name).powers else ""
    return Result(step.line, step.text, True,
                  [f"The map of {game.name} {record.phase}{seen} is beside this reply "
                   "(a PNG) when it goes to a member signed on in this mail; no picture "
                   "goes to any other address."],
                  picture=(png, f"{game.name}-{record.phase}.png"))


def replayed(record: PhaseRecord, board: Map) -> PhaseResult:
    """A processed phase played again from its record (adjudication is deterministic):
    the engine's result, which a BLIND reader's view is cut from."""
    orders = {power: [parse_order(text, board) for text in texts]
              for power, texts in carried_out(record).orders.items()}
    return adjudicate(position_of(record, board), orders, board)
