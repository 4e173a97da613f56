"""A player's orders, CLEAR and STATUS: each handed to the game's kind
(judge.service.kinds), which reads them in its own way."""

from __future__ import annotations

from judge.service.context import Context, Refusal, Result
from judge.service.kinds import part_of
from judge.text import commands as c
from judge.text.commands import Step


def orders(ctx: Context, cmd: c.Orders, step: Step) -> Result:
    return part_of(ctx.player().game).orders(ctx, cmd, step)


def clear(ctx: Context, cmd: c.Clear, step: Step) -> Result:
    return part_of(ctx.player().game).clear(ctx, cmd, step)


def status(ctx: Context, cmd: c.Status, step: Step) -> Result:
    who = ctx.member()
    if who.role == "observer":  # answered alike in every kind of game
        raise Refusal(f"STATUS shows a player his own game, and the master his view; "
                      f"you observe {who.game.name}: SUMMARY {who.game.name} shows the game")
    return part_of(who.game).status(ctx, cmd, step)
