"""PRESS and BROADCAST, handed to the game's kind: the board games address powers, the
market games their members by name (judge.service.kinds)."""

from __future__ import annotations

from judge.service.context import Context, Refusal, Result
from judge.service.kinds import part_of
from judge.text import commands as c
from judge.text.commands import Step


def press(ctx: Context, cmd: c.Press, step: Step) -> Result:
    """Private press to the named readers only, a broadcast to everyone; nobody learns a
    sender's address."""
    return part_of(ctx.member().game).press(ctx, cmd, step)


def end_press(ctx: Context, cmd: c.EndPress, step: Step) -> Result:
    raise Refusal("ENDPRESS without a PRESS or BROADCAST before it")
