"""One handler per Command type; a refused command is rolled back and changes nothing."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from judge.service import addresses, lookups, maps, master, membership, orders, press
from judge.service.context import Context, Refusal, Result
from judge.service.kinds import part_of
from judge.text import commands as c
from judge.text.commands import Step

Handler = Callable[[Context, Any, Step], Result]


def kind_command(ctx: Context, cmd: Any, step: Step) -> Result:
    """A command only some kinds read (ACCEPT and TRANSFER: the games with bank
    accounts), handed to the signed-on game's kind."""
    who = ctx.member()
    part = part_of(who.game)
    handler = part.commands.get(type(cmd))
    if handler is None:
        word = step.text.split()[0].upper() if step.text.split() else type(cmd).__name__
        raise Refusal(f"{word} is not a command of {part.kind.title} games")
    return handler(ctx, cmd, step)


HANDLERS: dict[type, Handler] = {
    c.Help: lookups.help_,
    c.List: lookups.list_,
    c.Summary: lookups.summary,
    c.History: lookups.history,
    c.MapOf: maps.show_map,
    c.Unreadable: lookups.unreadable,
    c.Create: membership.create,
    c.Join: membership.join,
    c.JoinBourse: membership.join_bourse,
    c.Observe: membership.observe,
    c.SignOn: membership.signon,
    c.Resign: membership.resign,
    c.SetPassword: membership.set_password,
    c.SetAddress: addresses.set_address,
    c.ConfirmAddress: addresses.confirm_address,
    c.SetWait: membership.set_wait,
    c.SetAbsence: membership.set_absence,
    c.SetDraw: membership.set_draw,
    c.Orders: orders.orders,
    c.Clear: orders.clear,
    c.Status: orders.status,
    c.Accept: kind_command,
    c.Transfer: kind_command,
    c.Press: press.press,
    c.EndPress: press.end_press,
    c.SetOption: master.set_option,
    c.Start: master.start,
    c.Pause: master.pause,
    c.Resume: master.resume,
    c.Process: master.process,
    c.Rollback: master.rollback,
    c.Eject: master.eject,
    c.Replace: master.replace,
    c.Terminate: master.terminate,
    c.Addresses: master.addresses,
}


# Commands that write nothing before they can be refused, so a refusal has nothing to
# undo: no savepoint, two round trips fewer each. A sign-on (a wrong password is a result,
# kept with its failure record) starts nearly every mail; orders (and offer sheets) refuse
# only while reading and checking the lines, before the one submission is stored
# (judge.games.board.mail.submission.orders; tests/service/test_savepoints.py keeps them so).
NOTHING_TO_UNDO = frozenset({c.SignOn, c.Orders})


def run(ctx: Context, step: Step) -> Result:
    """Run one step in a savepoint: a refusal rolls back whatever the command changed
    (mail it queued included) and becomes a failed result."""
    handler = HANDLERS[type(step.command)]
    signon = ctx.identity.number if ctx.identity else 0
    try:
        if type(step.command) in NOTHING_TO_UNDO:
            result = handler(ctx, step.command, step)
        else:
            with ctx.session.begin_nested():
                result = handler(ctx, step.command, step)
    except Refusal as refusal:
        result = Result(step.line, step.text, False, refusal.messages,
                        template="refused", data=refusal.data)
    if not result.signon:
        result.signon = ctx.identity.number if ctx.identity else signon
    ctx.results.append(result)
    return result
