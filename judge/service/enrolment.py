"""What joining any game takes, whatever its kind: the game named, a new member's
password, the notices a change of membership sends, and the confirmation of a Reply-To
that differs from the From."""

from __future__ import annotations

from judge.service.addresses import request_change
from judge.service.context import Context, Identity, Refusal
from judge.service.passwords import new_password_hash
from judge.service.reports import Mail
from judge.storage.games import find_and_lock_game, find_game
from judge.storage.schema import Game

MAX_NAME = 16


def new_password(ctx: Context, password: str) -> str:
    """A new member's password, hashed (at most a few a mail: passwords.MAX_NEW_PER_MAIL)."""
    return new_password_hash(ctx, password)


def game_named(ctx: Context, name: str, lock: bool = False) -> Game:
    """The game named; with ``lock``, read and locked for the rest of the mail's transaction
    (one read where finding it, loading its powers and locking it took four)."""
    game = find_and_lock_game(ctx.session, name) if lock else find_game(ctx.session, name)
    if game is None:
        raise Refusal(f"there is no game named {name!r}; LIST shows the games")
    return game


def tell(ctx: Context, mails: list[Mail]) -> None:
    for mail in mails:
        ctx.notify(mail.to, mail.subject, mail.body)


def confirming(ctx: Context, who: Identity) -> list[str]:
    """For a mail whose Reply-To differs from its From: the new member is registered at
    the From, and the Reply-To gets a confirmation code, nothing else, until it answers."""
    new = ctx.unconfirmed_address
    if not new:
        return []
    ctx.session.flush()  # the new member's row, for the address change to point at
    try:
        asked = request_change(ctx, who, new)
    except Refusal as refusal:
        asked = f"Your mail's Reply-To {new} was not asked to confirm: {refusal.messages[0]}."
    return [f"Registered at {ctx.reply_to}, the From of your mail, not at its Reply-To.", asked]
