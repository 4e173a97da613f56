"""The inbox worker: stored mail handled in order, one transaction each; a crash is shunted."""

from __future__ import annotations

import logging
import threading
import traceback
from collections.abc import Callable
from contextlib import nullcontext
from dataclasses import dataclass
from datetime import datetime, timedelta
from enum import StrEnum

from sqlalchemy import Engine
from sqlalchemy.exc import DBAPIError
from sqlalchemy.orm import Session, sessionmaker

from judge.config import Settings
from judge.mail.decode import DecodedMail, decode_mail
from judge.mail.redaction import redacted_raw
from judge.storage.base import utcnow
from judge.storage.mailqueue import (
    InboundMessage,
    InboxState,
    claim_next,
    finish_inbound,
    forget_raw,
    mark_inbound,
    queue_mail,
)
from judge.storage.session import unit_of_work

log = logging.getLogger(__name__)

# The service's entry point: handles one mail inside the caller's transaction, queuing its
# replies with queue_mail; it must not commit. judge.service.inbound.handle_mail fits.
MailHandler = Callable[[Session, DecodedMail, Settings], None]
# What to do about a delivery report naming addresses the judge's mail could not reach
# (``mail.bounced``): it must send nothing to the report's sender, only tell people who
# should know. judge.service.bounces.note_bounces fits.
BounceHandler = Callable[[Session, DecodedMail, Settings], None]


class Handled(StrEnum):
    """How the worker left one stored mail."""

    DONE = "done"
    IGNORED = "ignored"
    FAILED = "failed"


def handle_next(
    factory: sessionmaker[Session], settings: Settings, handler: MailHandler,
    now: datetime | None = None, bounces: BounceHandler | None = None,
) -> Handled | None:
    """Handle the oldest waiting mail; None when the inbox is empty.

    The handler runs in the transaction that marks the mail done, so its changes and
    replies commit together with that mark or not at all. If it raises, that whole
    transaction is rolled back and a new one marks the mail failed with the traceback,
    mails the keeper and tells the sender briefly (Mailman's shunt). If the process dies
    in between, nothing commits and the mail is handled again on restart.
    """
    moment = now or utcnow()
    crash: _Crash | None = None
    try:
        with unit_of_work(factory) as session:
            # read and marked by Core statements: no ORM object, no unit of work to flush
            message = claim_next(session)
            if message is None:
                return None
            crash = _Crash(message.id)
            mail = decode_mail(message.raw, message.mail_from, message.recipients,
                               inbox_id=message.id, peer=message.peer)
            crash.mail = mail
            reason = _never_answer(mail, settings)
            if reason:
                log.info("inbox #%s not answered: %s", message.id, reason)
                if mail.bounced and bounces is not None:
                    bounces(session, mail, settings)
                    session.flush()
                    reason += f"; bounced: {', '.join(mail.bounced)}"
                finish_inbound(session, message.id, InboxState.DONE,
                               f"not answered: {reason}", moment,
                               redacted_raw(message.raw, mail.body_lines))
                crash = None
                return Handled.IGNORED
            handler(session, mail, settings)
            session.flush()  # the handler's own database errors are its crash too
            # what is kept of it from now on: no password (judge.mail.redaction)
            finish_inbound(session, message.id, InboxState.DONE, None, moment,
                           redacted_raw(message.raw, mail.body_lines))
            crash = None
            return Handled.DONE
    except Exception as error:
        # No savepoint around the handler (it costs two round trips per mail): the whole
        # transaction is gone, so the shunt gets its own. A failure before the mail was
        # claimed, in the final commit, or a lost connection is the database's, not the
        # mail's: raise it, and the mail waits to be handled again.
        if crash is None or (isinstance(error, DBAPIError) and error.connection_invalidated):
            raise
        crash.error = traceback.format_exc()
    log.error("inbox #%s could not be handled:\n%s", crash.inbox_id, crash.error)
    with unit_of_work(factory) as session:
        held = session.get(InboundMessage, crash.inbox_id, with_for_update=True)
        if held is not None and held.state == InboxState.RECEIVED:
            _shunt(session, settings, held, crash.mail, crash.error, moment)
    return Handled.FAILED


@dataclass
class _Crash:
    """What is known of a mail while it is being handled, in case the handling crashes."""

    inbox_id: int
    mail: DecodedMail | None = None
    error: str = ""


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
    # These two texts stay in code, unlike every other mail: this is the path taken when
    # handling failed, and a broken template or template folder may be why it failed.
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
            session, mail.reply_address, mail.reply_subject("Diplomacy judge"),
            "Your mail could not be processed because of a fault in the judge. Nothing in it\n"
            "has taken effect. The judge keeper has been told and will look into it; you\n"
            "need not send it again unless you hear so.\n",
            sender=settings.address, in_reply_to=mail.message_id or None,
            inbox_id=message.id, now=now,
        )


def drain_inbox(
    factory: sessionmaker[Session], settings: Settings, handler: MailHandler,
    bounces: BounceHandler | None = None, stop: threading.Event | None = None,
    on_handled: Callable[[], None] | None = None,
    before_each: Callable[[], None] | None = None,
    after_each: Callable[[], None] | None = None,
) -> dict[Handled, int]:
    """Handle waiting mail until the inbox is empty (or ``stop`` is set), each mail in
    its own transaction as ``handle_next`` does, all over one database connection: a
    connection taken from the pool for every mail costs a liveness check each time
    (pool_pre_ping), a seventh of the worker's time on PostgreSQL. ``before_each`` is
    called before each mail (``judge serve`` lets the listener store arrivals first),
    ``after_each`` after each (its transaction ended)."""
    counts: dict[Handled, int] = {}
    engine = factory.kw.get("bind")
    if not isinstance(engine, Engine):
        engine = None
    with engine.connect() if engine is not None else nullcontext() as connection:
        drain = factory if connection is None else sessionmaker(
            bind=connection, expire_on_commit=False)
        while stop is None or not stop.is_set():
            if before_each is not None:
                before_each()
            try:
                result = handle_next(drain, settings, handler, bounces=bounces)
            finally:
                if after_each is not None:
                    after_each()
            if result is None:
                break
            counts[result] = counts.get(result, 0) + 1
            if on_handled is not None:
                on_handled()
    return counts


PURGE_EVERY = timedelta(hours=1)


def purge_raw(factory: sessionmaker[Session], settings: Settings,
              now: datetime | None = None) -> int:
    """Forget the raw text of mail handled more than ``[storage] keep_raw_days`` ago."""
    moment = now or utcnow()
    with unit_of_work(factory) as session:
        count = forget_raw(session, moment - timedelta(days=settings.keep_raw_days))
    if count:
        log.info("forgot the raw text of %d handled mail(s)", count)
    return count


def run_worker(
    factory: sessionmaker[Session], settings: Settings, handler: MailHandler,
    stop: threading.Event, wake: threading.Event,
    on_handled: Callable[[], None] | None = None, bounces: BounceHandler | None = None,
    before_each: Callable[[], None] | None = None,
    after_each: Callable[[], None] | None = None,
) -> None:
    """The worker loop of ``judge serve``: drain the inbox, then sleep until woken or polled;
    once an hour, forget the raw text of mail past its retention."""
    purged: datetime | None = None
    while not stop.is_set():
        wake.clear()
        try:
            drain_inbox(factory, settings, handler, bounces, stop, on_handled, before_each,
                        after_each)
            if purged is None or utcnow() - purged >= PURGE_EVERY:
                purge_raw(factory, settings)
                purged = utcnow()
        except Exception:  # the database may be briefly away; the loop must outlive it
            log.exception("inbox worker failed; retrying")
        wake.wait(settings.poll_seconds)
