"""The inbox worker: stored mail handled in order, many a transaction; crashes shunted."""

from __future__ import annotations

import logging
import threading
import time
import traceback
from collections.abc import Callable, Iterable, Iterator
from contextlib import nullcontext
from dataclasses import dataclass
from datetime import datetime, timedelta
from enum import StrEnum

from sqlalchemy import Connection, Engine
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
    claim_waiting,
    finish_inbound,
    forget_raw,
    mark_inbound,
    queue_mail,
    still_waiting,
    waiting_inbound,
)
from judge.storage.session import checkpoint, read_snapshot, unit_of_work

log = logging.getLogger(__name__)

# The service's entry point: handles one mail inside the caller's transaction, queuing its
# replies with queue_mail; it must not commit. judge.service.inbound.handle_mail fits.
MailHandler = Callable[[Session, DecodedMail, Settings], object]  # its return value unread
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
            # what is kept of it from now on: no password (judge.mail.redaction)
            kept = _kept(message.raw, mail)
            result = _handle(session, message.id, mail, kept, settings, handler, bounces,
                             moment)
            crash = None
            return result
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


def _kept(raw: bytes, mail: DecodedMail) -> bytes:
    """What is kept of a mail once handled (judge.mail.redaction): of one that could not
    be read, no subject either (no body tells which of its words is a password)."""
    subject = "(not kept: the mail could not be read)" if mail.unreadable else mail.subject
    return redacted_raw(raw, mail.body_lines, subject)


def _handle(
    session: Session, inbox_id: int, mail: DecodedMail, kept: bytes, settings: Settings,
    handler: MailHandler, bounces: BounceHandler | None, moment: datetime,
) -> Handled:
    """One claimed mail handled in ``session``'s transaction and marked done, its raw text
    replaced by ``kept`` (no password: judge.mail.redaction)."""
    reason = _never_answer(mail, settings)
    if reason:
        log.info("inbox #%s not answered: %s", inbox_id, reason)
        if mail.bounced and bounces is not None:
            bounces(session, mail, settings)
            session.flush()
            reason += f"; bounced: {', '.join(mail.bounced)}"
        finish_inbound(session, inbox_id, InboxState.DONE, f"not answered: {reason}", moment,
                       kept)
        return Handled.IGNORED
    handler(session, mail, settings)
    session.flush()  # the handler's own database errors are its crash too
    finish_inbound(session, inbox_id, InboxState.DONE, None, moment, kept)
    return Handled.DONE


BATCH = 20  # mails handled in one write transaction at most (handle_batch, handle_claimed_batch)


def handle_batch(
    connection: Connection, settings: Settings, handler: MailHandler,
    bounces: BounceHandler | None = None, limit: int = BATCH,
    before_write: Callable[[], None] | None = None,
    after_write: Callable[[], None] | None = None, stop: threading.Event | None = None,
    yield_to: Callable[[], bool] | None = None,
    read_ahead: dict[int, tuple[DecodedMail, bytes]] | None = None,
) -> list[Handled]:
    """Handle up to ``limit`` waiting mails, oldest first, as ``handle_next`` would one
    after another, in one write transaction (one commit); [] when none waits. For SQLite,
    whose one writer is what the listener's stores wait for: the mails are read in a
    snapshot that takes no write lock, and decoded (and what is kept of each worked out)
    before the write transaction starts, which first checks that they are still waiting
    (any that are not are left alone) and gives each handler a session of its own.

    ``before_write`` and ``after_write`` are called around the write transaction. Once
    ``stop`` is set, or ``yield_to()`` is true (others wait to write), no further mail is
    begun and those handled are committed; the rest wait for the next call, and
    ``read_ahead`` (kept by the caller from one call to the next) keeps what was read of
    them, so they are not decoded again.

    If any of them cannot be handled, nothing of the batch is kept, and its mails are
    handled again one at a time by ``handle_next``, so a crash costs only its own mail
    (shunted as ``handle_next`` does). A lost connection is raised, as there."""
    with read_snapshot(connection):
        waiting = waiting_inbound(connection, limit)
    if not waiting:
        return []
    known = read_ahead if read_ahead is not None else {}
    for gone in known.keys() - {message.id for message in waiting}:
        del known[gone]  # handled elsewhere meanwhile
    try:
        read = []
        for message in waiting:
            if message.id not in known:
                mail = decode_mail(message.raw, message.mail_from, message.recipients,
                                   inbox_id=message.id, peer=message.peer)
                known[message.id] = mail, _kept(message.raw, mail)
            read.append((message.id, *known[message.id]))
    except Exception:
        read = []  # handle_next below shunts the mail that cannot be read
    else:

        def still_there() -> Iterator[tuple[int, DecodedMail, bytes]]:
            still = still_waiting(connection, waiting[0].id, waiting[-1].id)
            for inbox_id, mail, kept in read:
                if inbox_id in still:
                    yield inbox_id, mail, kept
                known.pop(inbox_id, None)

        out = _in_one_transaction(connection, still_there, settings, handler, bounces,
                                  before_write, after_write, stop, yield_to)
        if out is not None:
            return out
    known.clear()
    return _one_at_a_time(sessionmaker(bind=connection, expire_on_commit=False), settings,
                          handler, bounces, len(waiting), before_write, after_write, stop)


def handle_claimed_batch(
    connection: Connection, settings: Settings, handler: MailHandler,
    bounces: BounceHandler | None = None, limit: int = BATCH,
    before_write: Callable[[], None] | None = None,
    after_write: Callable[[], None] | None = None, stop: threading.Event | None = None,
    yield_to: Callable[[], bool] | None = None,
) -> list[Handled]:
    """``handle_batch`` for PostgreSQL, where several judges may share the database: up
    to ``limit`` waiting mails handled in one transaction (one ``BEGIN`` and one
    ``COMMIT``, where each mail had its own), claimed by one statement inside it
    (``claim_waiting``: rows another worker holds are skipped, and a sender's mail waits
    while an older one of theirs is being handled elsewhere), oldest first, so each
    sender's mails are handled in the order they came. Each mail is decoded and handled
    in a session of its own. [] when none is free to claim: what others hold, they
    handle.

    Each game a mail acts on stays locked until the batch commits. Two judges whose
    batches wait for each other's games are told so by PostgreSQL (a deadlock, after
    ``deadlock_timeout``): the batch that gives way is undone. As in ``handle_batch``, a
    batch that cannot be handled is undone and its mails are handled again one at a
    time (``handle_next``), so a crash costs only its own mail; a lost connection is
    raised."""
    def claimed() -> Iterator[tuple[int, DecodedMail, bytes]]:
        for message in claim_waiting(connection, limit):
            mail = decode_mail(message.raw, message.mail_from, message.recipients,
                               inbox_id=message.id, peer=message.peer)
            yield message.id, mail, _kept(message.raw, mail)

    out = _in_one_transaction(connection, claimed, settings, handler, bounces, before_write,
                              after_write, stop, yield_to)
    if out is not None:
        return out
    return _one_at_a_time(sessionmaker(bind=connection, expire_on_commit=False), settings,
                          handler, bounces, limit, before_write, after_write, stop)


def _in_one_transaction(
    connection: Connection, mails: Callable[[], Iterable[tuple[int, DecodedMail, bytes]]],
    settings: Settings, handler: MailHandler, bounces: BounceHandler | None,
    before_write: Callable[[], None] | None, after_write: Callable[[], None] | None,
    stop: threading.Event | None, yield_to: Callable[[], bool] | None,
) -> list[Handled] | None:
    """The mails ``mails()`` gives (each its inbox row, what was read of it and what is
    kept of it), read inside the transaction, handled one after another in one write
    transaction, each in a session of its own, until they run out or ``_stopping``;
    None if any of them could not be handled, and nothing was kept (a lost connection
    is raised)."""
    if before_write is not None:
        before_write()
    try:
        with connection.begin():
            out: list[Handled] = []
            for inbox_id, mail, kept in mails():
                if out and _stopping(stop, yield_to):
                    break  # those not begun wait for the next batch
                with Session(bind=connection, expire_on_commit=False) as session:
                    out.append(_handle(session, inbox_id, mail, kept, settings, handler,
                                       bounces, utcnow()))
            return out
    except Exception as error:
        if isinstance(error, DBAPIError) and error.connection_invalidated:
            raise
        return None
    finally:
        if after_write is not None:
            after_write()


def _stopping(stop: threading.Event | None, yield_to: Callable[[], bool] | None) -> bool:
    """Whether a batch begins no further mail: asked to stop, or others wait to write."""
    return (stop is not None and stop.is_set()) or (yield_to is not None and yield_to())


def _one_at_a_time(
    factory: sessionmaker[Session], settings: Settings, handler: MailHandler,
    bounces: BounceHandler | None, count: int, before_write: Callable[[], None] | None,
    after_write: Callable[[], None] | None, stop: threading.Event | None,
) -> list[Handled]:
    """Up to ``count`` waiting mails handled by ``handle_next``, each in a transaction of
    its own: what a batch that could not be handled falls back to."""
    out: list[Handled] = []
    for _ in range(count):
        if out and stop is not None and stop.is_set():
            break
        if before_write is not None:
            before_write()
        try:
            result = handle_next(factory, settings, handler, bounces=bounces)
        finally:
            if after_write is not None:
                after_write()
        if result is None:
            break
        out.append(result)
    return out


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
    yield_to: Callable[[], bool] | None = None, batch: int = BATCH,
) -> dict[Handled, int]:
    """Handle waiting mail until the inbox is empty (or ``stop`` is set), all over one
    database connection: a connection taken from the pool for every mail costs a
    liveness check each time (pool_pre_ping), a seventh of the worker's time on
    PostgreSQL. The waiting mails are handled many to a write transaction (``batch``
    mails at most): on SQLite read beforehand and handled in a write transaction that
    ends early when ``yield_to()`` says others wait to write (``handle_batch``), on
    PostgreSQL, which takes several writers (and judges) at once, claimed inside the
    transaction (``handle_claimed_batch``); with a session factory bound to no engine,
    one at a time (``handle_next``). ``before_each`` is called before each write
    transaction (``judge serve`` lets the listener store arrivals first), ``after_each``
    after each (it ended)."""
    counts: dict[Handled, int] = {}
    engine = factory.kw.get("bind")
    if not isinstance(engine, Engine):
        engine = None
    with engine.connect() if engine is not None else nullcontext() as connection:
        read_ahead: dict[int, tuple[DecodedMail, bytes]] = {}
        while stop is None or not stop.is_set():
            results: list[Handled]
            if connection is None:
                results = _one_at_a_time(factory, settings, handler, bounces, 1,
                                         before_each, after_each, stop)
            elif connection.dialect.name == "sqlite":
                results = handle_batch(connection, settings, handler, bounces, batch,
                                       before_write=before_each, after_write=after_each,
                                       stop=stop, yield_to=yield_to, read_ahead=read_ahead)
            else:
                results = handle_claimed_batch(connection, settings, handler, bounces, batch,
                                               before_write=before_each,
                                               after_write=after_each, stop=stop,
                                               yield_to=yield_to)
            if not results:
                break
            for handled in results:
                counts[handled] = counts.get(handled, 0) + 1
                if on_handled is not None:
                    on_handled()
    return counts


PURGE_EVERY = timedelta(hours=1)
# the write-ahead log is emptied at most this often (seconds) while mail comes in, once
# the inbox is drained, and when the worker stops
CHECKPOINT_EVERY = 5.0


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
    yield_to: Callable[[], bool] | None = None, batch: int = BATCH,
) -> None:
    """The worker loop of ``judge serve``: drain the inbox, then sleep until woken or polled;
    once an hour, forget the raw text of mail past its retention."""
    purged: datetime | None = None
    emptied = time.monotonic()
    redacted = False  # handled mail since the log was last emptied
    while not stop.is_set():
        wake.clear()
        try:
            handled = drain_inbox(factory, settings, handler, bounces, stop, on_handled,
                                  before_each, after_each, yield_to, batch)
            forgot = 0
            if purged is None or utcnow() - purged >= PURGE_EVERY:
                forgot = purge_raw(factory, settings)
                purged = utcnow()
            redacted = redacted or bool(handled or forgot)
            if redacted and time.monotonic() - emptied >= CHECKPOINT_EVERY:
                # the inbox is drained and redacted: no raw mail left in the log (issue 26)
                checkpoint(factory)
                emptied, redacted = time.monotonic(), False
        except Exception:  # the database may be briefly away; the loop must outlive it
            log.exception("inbox worker failed; retrying")
        wake.wait(settings.poll_seconds)
    try:
        checkpoint(factory)
    except Exception:
        log.exception("inbox worker: the last checkpoint failed")
