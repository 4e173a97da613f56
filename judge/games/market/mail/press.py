"""Press in a market game: members write to one another under their names (a Capitalist
pseudonym, an investor's name), never under an address.

``PRESS TO <name>[, <name>...]`` writes to those members (a power's name reaches the
member acting for it now: its leader or commander); ``PRESS TO ALL [BUT <name>...]`` and
``BROADCAST`` to every member, observer and the master. The readers see the sender's
name only; the master's copy of a broadcast also names the address it came from, since
the master alone may know who is behind a name. Each message is kept in the press table
under the sender's name.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from judge.engine.maps import load_map
from judge.games.market.mail.kind import MarketKind
from judge.games.market.mail.members import market_members
from judge.games.market.mail.play import opened
from judge.service.context import Context, Refusal, Result
from judge.service.reports import press_mail
from judge.storage.games import add_press, members
from judge.storage.phases import current_record
from judge.storage.schema import Game, Player, Role
from judge.text import commands as c
from judge.text.commands import Step

MAX_BODY_LINES = 500


def market_press(ctx: Context, cmd: c.Press, step: Step, kind: MarketKind[Any, Any, Any]) -> Result:
    who = ctx.member()
    game = who.game
    if not any(line.strip() for line in cmd.body):
        raise Refusal("the press message is empty; write it between PRESS and ENDPRESS")
    if len(cmd.body) > MAX_BODY_LINES:
        raise Refusal(f"a press message has at most {MAX_BODY_LINES} lines")
    if who.market:
        assert who.player is not None and who.player.name is not None
        sender, role = who.player.name.upper(), "member"
    else:
        sender, role = who.name, who.role
    joined = {(m.name or "").upper(): m for m in market_members(ctx, game)}
    named = {_member_named(ctx, kind, game, word, joined) for word in cmd.to}
    if cmd.broadcast:
        recipients = [n for n in joined if n != sender]
    elif cmd.all_but:
        recipients = [n for n in joined if n != sender and n not in named]
    else:
        recipients = [n for n in joined if n in named and n != sender]
    if not recipients:
        raise Refusal(f"nobody would receive this press; name other {kind.member}s")
    private = not cmd.broadcast and not cmd.all_but
    body = "\n".join(cmd.body).rstrip() + "\n"
    add_press(ctx.session, game, sender, recipients, not private, body, ctx.now)
    lines = body.rstrip("\n").split("\n")
    shown = tuple(recipients) if private else ()
    readers = [(joined[n].address, n) for n in recipients]
    if not private:
        readers += [(m.address, "OBSERVER") for m in members(ctx.session, game)
                    if m.role == Role.OBSERVER]
    for address, reader in readers:
        if address.lower() != ctx.reply_to.lower():
            mail = press_mail(address, reader, game.name, sender, role, shown, lines,
                              powers=False)
            ctx.notify(mail.to, mail.subject, mail.body)
    if not private and role != "master":
        seen = [f"(for the master alone: {sender} sent this from {ctx.reply_to})", "",
                *lines]
        mail = press_mail(game.master_address, "MASTER", game.name, sender, role, shown, seen,
                          powers=False)
        ctx.notify(mail.to, mail.subject, mail.body)
    to = "everyone" if not private else ", ".join(recipients)
    size = f"{len(cmd.body)} line{'s' if len(cmd.body) != 1 else ''}"
    return Result(step.line, step.text, True, [f"Press sent to {to} ({size}) as {sender}."])


def _member_named(ctx: Context, kind: MarketKind[Any, Any, Any], game: Game, word: str,
                  joined: Mapping[str, Player]) -> str:
    """The member a recipient word names: his name, or a power's name for whoever acts
    for it now (its leader, its commander)."""
    name = word.upper()
    if name in joined:
        return name
    power = load_map(game.map_name).power_named(name)
    record = current_record(ctx.session, game)
    if power is not None and record is not None:
        now = list(kind.acting(opened(game, kind, record), power))
        if now:
            return str(now[0]).upper()
    raise Refusal(f"{word} is not a {kind.member} of {game.name}; "
                  f"PRESS TO <{kind.member}>[, <{kind.member}>...] or PRESS TO ALL")
