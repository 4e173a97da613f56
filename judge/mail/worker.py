"""The inbox worker: stored mail handled in order, one transaction each; a crash is shunted."""

from __future__ import annotations

import logging
import threading
import traceback
from collections.abc import Callable
from datetime import datetime
from enum import StrEnum

from sqlalchemy.orm import Session, sessionmaker

from judge.config import Settings
from judge.mail.decode import DecodedMail, decode_mail
from judge.storage.base import utcnow
from judge.storage.mailqueue import (
    InboundMessage,
    InboxState,
    claim_next_inbound,
    mark_inbound,
    queue_mail,
)
from judge.storage.session import unit_of_work

log = logging.getLogger(__name__)

# The service's entry point: handles one mail inside the caller's transaction, queuing its
# replies with queue_mail; it must not commit. judge.service.inbound.handle_mail fits.
MailHandler = Callable[[Session, DecodedMail, Settings], None]


class Handled(StrEnum):
    """How the worker left one stored mail."""

    DONE = "done"
    IGNORED = "ignored"
    FAILED = "failed"


def handle_next(
    factory: sessionmaker[Session], settings: Settings, handler: MailHandler,
    now: datetime | None = None,
) -> Handled | None:
    """Handle the oldest waiting mail; None when the inbox is empty.

    The handler runs in a savepoint inside the transaction that marks the mail done, so
    its changes and replies commit together with that mark or not at all. If it raises,
    its changes are rolled back and, in the same transaction, the mail is marked failed
    with the traceback, the keeper is mailed and the sender told briefly (Mailman's shunt).
    If the process dies instead, nothing commits and the mail is handled again on restart.
    """
    moment = now or utcnow()
    with unit_of_work(factory) as session:
        message = claim_next_inbound(session)
        if message is None:
            return None
        mail: DecodedMail | None = None
        try:
            with session.begin_nested():
                mail = decode_mail(message.raw, message.mail_from, message.recipients,
                                   inbox_id=message.id)
                reason = _never_answer(mail, settings)
                if reason:
                    log.info("inbox #%s not answered: %s", message.id, reason)
                    mark_inbound(message, InboxState.DONE, f"not answered: {reason}", moment)
                    return Handled.IGNORED
                handler(session, mail, settings)
        except Exception:
            error = traceback.format_exc()
            log.error("inbox #%s could not be handled:\n%s", message.id, error)
            _shunt(session, settings, message, mail, error, moment)
            return Handled.FAILED
        mark_inbound(message, InboxState.DONE, None, moment)
        return Handled.DONE


def _never_answer(mail: DecodedMail, settings: Settings) -> str:
    if mail.auto_reply:
        return mail.auto_reason or "automatic mail"
    if not mail.reply_address:
        return "no address to answer"
    if settings.is_judge_address(mail.reply_address) or settings.is_judge_address(mail.sender):
        return "mail from the judge itself"
    return ""


def _shunt(
    session: Session, settings: Settings, message: InboundMessage, mail: DecodedMail | None,
    error: str, now: datetime,
) -> None:
    mark_inbound(message, InboxState.FAILED, error, now)
    subject = mail.subject if mail else ""
    who = (mail.sender if mail else "") or message.mail_from or "(no sender)"
    queue_mail(
        session, settings.keeper, f"{settings.name}: inbox #{message.id} could not be handled",
        f"Mail #{message.id} from {who} (Message-ID {message.message_id}, subject "
        f"{subject!r}) made the judge fail. It is kept in the inbox, marked failed;\n"
        f"once fixed, run `judge requeue {message.id}` to handle it again.\n\n{error}",
        sender=settings.address, inbox_id=message.id, now=now,
    )
    if mail is not None and not _never_answer(mail, settings):
        queue_mail(
            session, mail.reply_address, f"Re: {subject}" if subject else "Diplomacy judge",
            "Your mail could not be processed because of a fault in the judge. Nothing in it\n"
            "has taken effect. The judge keeper has been told and will look into it; you\n"
            "need not send it again unless you hear so.\n",
            sender=settings.address, in_reply_to=mail.message_id or None,
            inbox_id=message.id, now=now,
        )


def run_worker(
    factory: sessionmaker[Session], settings: Settings, handler: MailHandler,
    stop: threading.Event, wake: threading.Event,
    on_handled: Callable[[], None] | None = None,
) -> None:
    """The worker loop of ``judge serve``: drain the inbox, then sleep until woken or polled."""
    while not stop.is_set():
        wake.clear()
        try:
            while not stop.is_set() and handle_next(factory, settings, handler) is not None:
                if on_handled is not None:
                    on_handled()
        except Exception:  # the database may be briefly away; the loop must outlive it
            log.exception("inbox worker failed; retrying")
        wake.wait(settings.poll_seconds)
