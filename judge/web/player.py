"""A player's own page: sign-in checked by the very code of SIGNON, his STATUS, the mail
the judge sent him, and his form, whose lines are handled as his mail.

Signing in runs a ``SIGNON <who>@<game> <password>`` line through the service's sign-on
(judge.service.membership.signon and the kinds' own), from a sender of the web
(``web:<client>``): a wrong password is counted and answered ever more slowly exactly as
by mail (judge.service.guessing), keyed on the client, so a stranger guessing from his
own address cannot lock the player out. The session keeps the password hash the
password matched; each mail of the form is then ``SIGNON <who>@<game>`` and the lines
typed, from his registered address, handled by ``handle_mail`` with that sign-on vouched
for: the same path and the same reply as his mail, which is shown and also mailed.
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass
from datetime import datetime

from sqlalchemy import select
from sqlalchemy.orm import Session

from judge.config import Settings
from judge.mail.lines import command_lines
from judge.service.context import Context
from judge.service.guessing import answer_delay
from judge.service.handlers import run
from judge.service.inbound import handle_mail
from judge.service.membership import count_wrong_passwords
from judge.service.reports.replies import render
from judge.storage.mailqueue import DecodedMail, OutboundMessage
from judge.storage.schema import NAME, Game
from judge.storage.websessions import WebSession, open_session
from judge.text import commands as c
from judge.text.script import mail_script

NOWHERE = "web@sign-in.invalid"  # the sign-in's Reply-To: never an address of a member
MAX_LINES = 200  # lines of one form, as a mail of them would be cut by the service
MAX_TEXT = 20_000
MAILS_SHOWN = 30


@dataclass(frozen=True, slots=True)
class SignIn:
    """How a sign-in went: ``token`` the new session's (None: refused), ``message``
    what the page says, ``status`` the HTTP status of a refusal."""

    token: str | None
    message: str
    status: int = 200


def client_sender(client: str) -> tuple[str, str]:
    """The sender and source a sign-in from ``client`` (its IP address) is counted under."""
    return f"web:{client}"[:320], f"web {client}"[:384]


def sign_in(session: Session, settings: Settings, game: str, who: str, password: str,
            client: str, now: datetime) -> SignIn:
    """Check a sign-in as SIGNON does, in the caller's transaction."""
    game, who = game.strip().lower(), who.strip().upper()
    if not game or not who or not password or max(len(game), len(who)) > NAME \
            or len(password) > 64 or any(ch.isspace() for ch in game + who + password):
        return SignIn(None, "give the game, your power or name, and your password", 400)
    sender, source = client_sender(client)
    steps = mail_script((f"SIGNON {who}@{game} {password}",)).steps
    if len(steps) != 1 or not isinstance(steps[0].command, c.SignOn):
        return SignIn(None, "give the game, your power or name, and your password", 400)
    ctx = Context(session, settings, now, sender=sender, reply_to=NOWHERE, source=source)
    result = run(ctx, steps[0])
    if ctx.wrong_passwords:
        # counted as by mail; past the hour's limit a wrong password gets no answer by
        # mail, and here no word on whether it was the password that was wrong
        count_wrong_passwords(ctx)
        if answer_delay(session, sender, source, now) is None:
            return SignIn(None, "too many wrong passwords from your address this hour; "
                          "try again later", 429)
        return SignIn(None, f"wrong password for {who} in {game}", 401)
    who_is = ctx.identity
    if not result.ok or who_is is None or ctx.matched is None:
        said = result.messages[0] if result.messages else "refused"
        return SignIn(None, f"not signed in: {said}", 400)
    registered = ctx.copies.get(who_is.number)
    if registered is None:
        return SignIn(None, "not signed in: this sign-on has no address of its own", 400)
    token = open_session(session, who_is.game.id, who, registered[0], ctx.matched, now)
    return SignIn(token, f"Signed in as {who_is.name} in {who_is.game.name}.")


def _as_mail(web: WebSession, game: Game, lines: tuple[str, ...], password: str,
             client: str) -> DecodedMail:
    return DecodedMail(
        sender=web.address, reply_to=None, subject="from the web page",
        message_id=f"<web-{secrets.token_hex(12)}@judge.web>",
        body_lines=(f"SIGNON {web.who}@{game.name} {password}", *lines), auto_reply=False,
        source=client_sender(client)[1])


def still_vouched(session: Session, settings: Settings, web: WebSession, game: Game,
                  now: datetime) -> bool:
    """Whether the session's sign-on still holds (his password is the one he signed in
    with, he still plays): tried in a savepoint rolled back, so that a password changed
    since (SET PASSWORD) ends the session instead of counting as a wrong one."""
    step = mail_script((f"SIGNON {web.who}@{game.name} {secrets.token_hex(16)}",)).steps
    probe = session.begin_nested()
    try:
        ctx = Context(session, settings, now, sender=web.address, reply_to=web.address,
                      vouched=web.vouched)
        run(ctx, step[0])
        return ctx.identity is not None and not ctx.wrong_passwords
    finally:
        probe.rollback()


def send(session: Session, settings: Settings, web: WebSession, game: Game, text: str,
         client: str, now: datetime) -> str | None:
    """The form's text handled as a mail of its lines from the player's address, in the
    caller's transaction; the reply (also queued to him), or None when none was sent."""
    lines = command_lines(text[:MAX_TEXT])[:MAX_LINES]
    placeholder = secrets.token_hex(16)  # scrubbed from the reply as a password is
    web.seen_at = now
    return handle_mail(session, _as_mail(web, game, lines, placeholder, client), settings,
                       now, vouched=web.vouched)


def status(session: Session, settings: Settings, web: WebSession, game: Game,
           now: datetime) -> str:
    """His STATUS, as the reply to a mail ``SIGNON``, ``STATUS`` would show it; nothing is
    written (the caller rolls back) and nothing is mailed."""
    placeholder = secrets.token_hex(16)
    script = mail_script((f"SIGNON {web.who}@{game.name} {placeholder}", "STATUS"))
    ctx = Context(session, settings, now, sender=web.address, reply_to=web.address,
                  vouched=web.vouched)
    for step in script.steps:
        run(ctx, step)
    return script.scrub(render("reply/mail.txt.j2", results=ctx.results[1:], refused=sum(
        not r.ok for r in ctx.results[1:]), copy_of=None, sender=web.address,
        judge=settings.name, address=settings.address))


def mails(session: Session, web: WebSession) -> list[OutboundMessage]:
    """The newest mails the judge sent to his registered address since he joined the
    game's judge, newest first."""
    return list(session.scalars(select(OutboundMessage)
                                .where(OutboundMessage.recipient == web.address)
                                .order_by(OutboundMessage.id.desc()).limit(MAILS_SHOWN)))
