"""Where the service hands a market game's mail over: the lines a signed-on member
sends (anything but the service's own commands) go to the game as one mail."""

from __future__ import annotations

from judge.service.context import Context, Refusal, Result
from judge.service.markets import kind_of
from judge.service.markets.bourse.members import BourseIdentity
from judge.service.markets.bourse.orders import lines as bourse_lines
from judge.service.markets.orders import lines
from judge.text import commands as c
from judge.text.commands import Step

# what the service itself answers, whoever is signed on
SERVICE = (c.Help, c.List, c.Summary, c.History, c.Create, c.Join, c.Observe, c.SignOn,
           c.SignOff, c.SetPassword, c.SetAddress, c.ConfirmAddress, c.SetAbsence,
           c.Press, c.EndPress)


def market_line(step: Step) -> bool:
    return not isinstance(step.command, SERVICE)


def each_line(step: Step) -> list[Step]:
    """A step as the lines it came from: an order section is one line each."""
    if isinstance(step.command, c.Orders):
        return [Step(o.line, o.text, c.Orders((o,))) for o in step.command.lines]
    return [step]


def run_market(ctx: Context, steps: list[Step]) -> None:
    """The member's lines as one mail to his game, each answered in the reply."""
    who = ctx.identity
    assert who is not None
    if isinstance(who, BourseIdentity):  # the Bourse beside a host game
        _run_bourse(ctx, who, steps)
        return
    kind = kind_of(who.game)
    assert kind is not None
    try:
        with ctx.session.begin_nested():
            results = lines(ctx, who, kind, steps)
    except Refusal as refusal:
        results = [Result(s.line, s.text, False, refusal.messages, template="refused")
                   for s in steps]
    for result in results:
        result.signon = who.number
    ctx.results.extend(results)


def _run_bourse(ctx: Context, who: BourseIdentity, steps: list[Step]) -> None:
    try:
        with ctx.session.begin_nested():
            results = bourse_lines(ctx, who, steps)
    except Refusal as refusal:
        results = [Result(s.line, s.text, False, refusal.messages, template="refused")
                   for s in steps]
    for result in results:
        result.signon = who.number
    ctx.results.extend(results)
