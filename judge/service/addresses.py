"""Changing a member's registered address: asked with SET ADDRESS, done by CONFIRM ADDRESS."""

from __future__ import annotations

import hashlib
import re
import secrets
from datetime import timedelta

from sqlalchemy import func, select, update

from judge.service.answer_limits import over_budget
from judge.service.context import Context, Identity, Refusal, Result
from judge.service.reports import changed_mails, code_mail
from judge.storage.games import members
from judge.storage.schema import AddressChange, Game, Player, Role
from judge.text import commands as c
from judge.text.commands import Step

ADDRESS = re.compile(r"[^@\s,;<>]+@[^@\s,;<>]+\.[^@\s,;<>]+")
VALID_FOR = timedelta(days=7)
MAX_PER_DAY = 3  # each request mails an address the judge does not know yet
# confirmation codes one address is sent a day, whoever asks, for whatever game (issue 26:
# one mail of 200 CREATE lines with a victim's Reply-To sent him 200)
CODES_PER_ADDRESS = 1
DAY = timedelta(days=1)
# no 0/o, 1/l/i: the code is copied by hand from a phone as often as pasted
CODE_LETTERS = "abcdefghjkmnpqrstuvwxyz23456789"
CODE_LENGTH = 10


def _digest(code: str) -> str:
    # the code is random and single-use, so a plain hash is enough to keep it unusable
    # to anyone who reads the table
    return hashlib.sha256(code.strip().lower().encode("utf-8", "surrogatepass")).hexdigest()


def _current(who: Identity) -> str:
    if who.role == "master":
        return who.game.master_address
    assert who.player is not None
    return who.player.address


def _taken(ctx: Context, game: Game, player: Player | None, address: str) -> None:
    """One address plays one power per game (as JOIN enforces)."""
    if player is None or player.role != Role.PLAYER:
        return
    for other in members(ctx.session, game):
        if (other.id != player.id and other.role == Role.PLAYER and other.power is not None
                and other.address.lower() == address.lower()):
            raise Refusal(f"{address} already plays {other.power.name} in {game.name}; "
                          "one address plays one power per game")


def set_address(ctx: Context, cmd: c.SetAddress, step: Step) -> Result:
    """Mail a code to the new address; nothing changes until it comes back. Without a
    confirmation anyone who knows a password could send the judge's mail (and its
    notices) to any address, or lose a player's results to a typing mistake."""
    who = ctx.member()
    new = (cmd.address or ctx.reply_to).strip()
    if not ADDRESS.fullmatch(new):
        raise Refusal(f"{new!r} is not a mail address (e.g. SET ADDRESS me@example.org)")
    old = _current(who)
    if new.lower() == old.lower():
        return Result(step.line, step.text, True,
                      [f"{new} already is the address of {who.name} in {who.game.name}."])
    return Result(step.line, step.text, True, [request_change(ctx, who, new)])


def request_change(ctx: Context, who: Identity, new: str) -> str:
    """Mail a one-time code to ``new`` for ``who``'s address (refusing what SET ADDRESS
    refuses); what to tell the member."""
    _taken(ctx, who.game, who.player if who.role != "master" else None, new)
    player_id = who.player.id if who.role != "master" and who.player else None
    mine = (AddressChange.game_id == who.game.id, AddressChange.player_id.is_(None)
            if player_id is None else AddressChange.player_id == player_id)
    asked = ctx.session.scalar(select(func.count()).select_from(AddressChange).where(
        *mine, AddressChange.requested_at > ctx.now - timedelta(days=1)))
    if (asked or 0) >= MAX_PER_DAY:
        raise Refusal(f"{who.name} in {who.game.name} asked for {MAX_PER_DAY} address changes "
                      "within a day; try again tomorrow")
    sent = ctx.session.scalar(select(func.count()).select_from(AddressChange).where(
        func.lower(AddressChange.address) == new.lower(),
        AddressChange.requested_at > ctx.now - DAY))
    if (sent or 0) >= CODES_PER_ADDRESS:
        raise Refusal(f"a confirmation code went to {new} within the last day, and an "
                      f"address is sent {CODES_PER_ADDRESS} a day; ask again tomorrow")
    # a confirmation counts against the address's budget of answers, like any mail
    if over_budget(ctx.session, new, ctx.settings.replies_per_hour, ctx.now) is not None:
        raise Refusal(f"{new} has had as much mail from the judge as it gets in an hour; "
                      "ask again in an hour")
    # a newer request replaces any still waiting: only the latest code works
    ctx.session.execute(update(AddressChange).where(*mine, AddressChange.done_at.is_(None))
                        .values(expires_at=ctx.now))
    code = "".join(secrets.choice(CODE_LETTERS) for _ in range(CODE_LENGTH))
    ctx.session.add(AddressChange(
        game_id=who.game.id, player_id=player_id, address=new, code_hash=_digest(code),
        requested_by=ctx.reply_to, requested_at=ctx.now, expires_at=ctx.now + VALID_FOR,
    ))
    mail = code_mail(new, who.game.name, who.name, who.role, code, VALID_FOR.days)
    ctx.notify(mail.to, mail.subject, mail.body)
    # signed on from another address, the registered one gets a copy of this result
    return (f"A confirmation code was mailed to {new}. The address of {who.name} in "
            f"{who.game.name} stays as it is until that mail's CONFIRM ADDRESS line comes "
            f"back (within {VALID_FOR.days} days).")


def confirm_address(ctx: Context, cmd: c.ConfirmAddress, step: Step) -> Result:
    """The code proves the new address reads its mail; no sign-on is needed."""
    change = ctx.session.scalar(
        select(AddressChange).where(AddressChange.code_hash == _digest(cmd.code)))
    if change is None or change.done_at is not None or change.expires_at <= ctx.now:
        raise Refusal("no address change is waiting for this code: it is mistyped, used "
                      "already, replaced by a newer SET ADDRESS, or older than "
                      f"{VALID_FOR.days} days; SET ADDRESS again to get a new one")
    game = ctx.session.get(Game, change.game_id)
    assert game is not None
    if change.player_id is None:
        name, role, old = "MASTER", "master", game.master_address
        game.master_address = change.address
    else:
        player = ctx.session.get(Player, change.player_id)
        if player is None or player.left_at is not None:
            raise Refusal(f"the address change was for a player who has left {game.name}")
        _taken(ctx, game, player, change.address)
        if player.power is not None:
            name, role = player.power.name, "player"
        else:
            name, role = (player.name or "OBSERVER").upper(), "observer"
        old = player.address
        player.address = change.address
    change.done_at = ctx.now
    for mail in changed_mails(game.name, name, role, old, change.address, but=ctx.reply_to):
        ctx.notify(mail.to, mail.subject, mail.body)
    return Result(step.line, step.text, True,
                  [f"The address of {name} in {game.name} is now {change.address}."])
