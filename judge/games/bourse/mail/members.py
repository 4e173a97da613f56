"""Who is in a game's Bourse, and signing on to it.

``SIGNON BOURSE@<game> <password>`` signs on to the game's Bourse: as the member at the
mail's address whose password it is, or, when no member has that address, as a newcomer
known only by his address (D14), whose password becomes his own once a ``JOIN BOURSE
<pseudonym>`` line of his is accepted. ``SIGNON <PSEUDONYM>@<game> <password>`` signs on
as a member from any address (a copy of the reply goes to his own); a pseudonym that is
also a power's name or initial signs on with ``BOURSE@``.
"""

from __future__ import annotations

from dataclasses import dataclass

from sqlalchemy.orm import Session

from judge.engine.maps import load_map
from judge.games.bourse.mail import FLAG, ROLE
from judge.service.context import Context, Identity, Result
from judge.service.guessing import WrongPassword
from judge.service.passwords import new_password_hash, password_matches
from judge.storage.games import members
from judge.storage.schema import Game, Player
from judge.text import commands as c
from judge.text.commands import Step

MEMBER = "member"  # Identity.role of whoever is signed on to a market game (and a Bourse)


@dataclass
class BourseIdentity(Identity):
    """Signed on to a game's Bourse: ``player`` is the member's row, or None for a
    newcomer, whose password (hashed) is kept until he joins."""

    password_hash: str = ""
    attachment: str | None = ROLE

    @property
    def pseudonym(self) -> str | None:
        return self.player.name if self.player is not None else None


def bourse_members(session: Session, game: Game) -> list[Player]:
    """The Bourse's members in the order they joined."""
    return [m for m in members(session, game) if m.role == ROLE]


def host_player(session: Session, game: Game, address: str) -> bool:
    """Whether an address plays a power of the host game (only the judge looks)."""
    return any(m.role == "player" and m.address.lower() == address.lower()
               for m in members(session, game))


def signon(ctx: Context, cmd: c.SignOn, step: Step, game: Game) -> Result | None:
    """A sign-on to the Bourse; None for every other sign-on of the host game."""
    who = cmd.who.upper()
    joined = bourse_members(ctx.session, game)
    if who == FLAG:
        candidates = [m for m in joined if m.address.lower() == ctx.reply_to.lower()]
        if not candidates:
            return _newcomer(ctx, cmd, step, game)
    else:
        if who in ("MASTER", "M", "O", "OBSERVER") or load_map(game.map_name).power_named(who):
            return None
        candidates = [m for m in joined if (m.name or "").upper() == who]
        if not candidates:
            return None
    chosen = next((m for m in candidates if password_matches(ctx, cmd.password, m.password_hash)),
                  None)
    if chosen is None:
        ctx.wrong_passwords.append(WrongPassword(game.name, who, who, candidates[0].address,
                                                 game.master_address))
        return Result(step.line, step.text, False, [
            f"wrong password for {who} in {game.name}; nothing after this line is "
            "done or checked"])
    ctx.signons += 1
    identity = BourseIdentity(game, MEMBER, None, chosen, ctx.signons, acting=chosen.name)
    ctx.identity = identity
    if chosen.address.lower() != ctx.reply_to.lower():
        ctx.copies[identity.number] = (chosen.address, f"{chosen.name} in {game.name}")
    return Result(step.line, step.text, True,
                  [f"Signed on as {chosen.name} in the Bourse of {game.name}."],
                  signon=identity.number)


def _newcomer(ctx: Context, cmd: c.SignOn, step: Step, game: Game) -> Result:
    password_hash = new_password_hash(ctx, cmd.password)
    # no password was checked: this sign-on does not lift the reply budget (ctx.signons)
    ctx.identity = BourseIdentity(game, MEMBER, None, None, 0, acting=FLAG,
                                  password_hash=password_hash)
    return Result(step.line, step.text, True, [
        f"Signed on to the Bourse of {game.name}, not yet as a member: JOIN BOURSE "
        "<pseudonym> joins it, with this password as yours."])
