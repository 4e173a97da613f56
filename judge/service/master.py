"""The master's commands: options, start, pause, resume, process, rollback, eject, replace, end."""

from __future__ import annotations

from judge.service import schedule
from judge.service.context import Context, Refusal, Result
from judge.service.kinds import all_attachments, part_of
from judge.service.maps import set_map
from judge.service.membership import set_concede
from judge.storage.games import members
from judge.storage.schema import GameState, Role
from judge.text import commands as c
from judge.text.commands import Step

# option -> allowed values (None: any text); timing options are read by service.timing
OPTIONS: dict[str, tuple[str, ...] | None] = {
    "LISTED": ("YES", "NO"),
    "DESCRIPTION": None,
    "MAP": ("ON", "OFF"),  # the default of SET MAP: results mails carry the map
}
# what a player may SET besides the personal settings the grammar knows
PLAYER_OPTIONS = {"ZONE": schedule.set_zone, "CONCEDE": set_concede,
                  "NOCONCEDE": set_concede, "NOCONCESSION": set_concede, "MAP": set_map}


ALIASES = ("PRIVATE", "UNLISTED", "PUBLIC")  # of SET LISTED NO / YES


def is_option(name: str) -> bool:
    """Whether ``SET <name>`` is an option of this judge (of a master or a player)."""
    return name in (*OPTIONS, *ALIASES, *schedule.TIMING_OPTIONS, *PLAYER_OPTIONS,
                    "CONTROL", "NOCONTROL")


def not_an_option(name: str) -> str:
    """The answer to ``SET PREFERENCE`` and the like of other judges, in every game."""
    return f"SET {name} is not an option of this judge (HELP lists the SET commands)"


def set_option(ctx: Context, cmd: c.SetOption, step: Step) -> Result:
    if cmd.name in PLAYER_OPTIONS and ctx.identity is not None and ctx.identity.role == "player":
        return PLAYER_OPTIONS[cmd.name](ctx, cmd, step)
    master = ctx.identity is not None and ctx.identity.role == "master"
    if not is_option(cmd.name) and not master:  # SET PREFERENCE and the like
        raise Refusal(not_an_option(cmd.name))
    who = ctx.master()
    part = part_of(who.game)
    done = part.set_option(ctx, cmd, step)  # the kind's own: parameters, CONTROL
    for attachment in all_attachments():  # SET BOURSE ON, SET <Bourse parameter> <value>
        if done is None and part.kind.name in attachment.kind.hosts:
            done = attachment.set_option(ctx, cmd, step)
    if done is not None:
        return done
    if cmd.name in schedule.TIMING_OPTIONS:
        return schedule.set_timing(ctx, cmd, step)
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
    return part_of(ctx.master().game).start(ctx, cmd, step)


def pause(ctx: Context, cmd: c.Pause, step: Step) -> Result:
    """The game stops and everyone is told."""
    return part_of(ctx.master().game).pause(ctx, step, True)


def resume(ctx: Context, cmd: c.Resume, step: Step) -> Result:
    """The deadline moves on by the length of the pause; everyone learns the new one."""
    return part_of(ctx.master().game).pause(ctx, step, False)


def terminate(ctx: Context, cmd: c.Terminate, step: Step) -> Result:
    return part_of(ctx.master().game).terminate(ctx, step)


def addresses(ctx: Context, cmd: c.Addresses, step: Step) -> Result:
    """The members of the master's game with their addresses, the same in every kind:
    the one place the judge shows an address (STATUS and SUMMARY never do)."""
    game = ctx.master().game
    rows = sorted(((m.role, m.power.name if m.power is not None else (m.name or "").upper(),
                    m.address) for m in members(ctx.session, game)),
                  key=lambda row: (row[0] != Role.PLAYER, row[0], row[1]))
    lines = [f"{game.name}: the addresses of its members (yours alone to read):"]
    lines += [f"  {role} {name}: {address}" for role, name, address in rows]
    if not rows:
        lines.append("  nobody has joined yet" if game.state == GameState.FORMING
                     else "  nobody plays or watches it now")
    return Result(step.line, step.text, True, lines)


def process(ctx: Context, cmd: c.Process, step: Step) -> Result:
    """Play the current phase now, through the same processor cron runs."""
    return part_of(ctx.master().game).process(ctx, cmd, step)


def rollback(ctx: Context, cmd: c.Rollback, step: Step) -> Result:
    return part_of(ctx.master().game).rollback(ctx, cmd, step)


def eject(ctx: Context, cmd: c.Eject, step: Step) -> Result:
    return part_of(ctx.master().game).remove(ctx, cmd.power, step, reopen=False)


def replace(ctx: Context, cmd: c.Replace, step: Step) -> Result:
    return part_of(ctx.master().game).remove(ctx, cmd.power, step, reopen=True)
