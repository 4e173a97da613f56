"""SET MAP: whether a player's results mails carry the map of the phase.

A player's ``SET MAP OFF`` (or ``ON``) is their own; the master's sets the game's
default (its ``MAP`` option), which every member who said nothing follows."""

from __future__ import annotations

from judge.service.context import Context, Refusal, Result
from judge.text import commands as c
from judge.text.commands import Step

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
