"""The inbox (raw mail as received) and the outbox (mail to send): tables and queue operations."""

from __future__ import annotations

import hashlib
import uuid
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import datetime
from email.parser import BytesHeaderParser
from email.policy import compat32
from enum import StrEnum
from typing import Any, cast

from sqlalchemy import (
    Connection,
    ForeignKey,
    Index,
    Insert,
    String,
    Table,
    UniqueConstraint,
    bindparam,
    event,
    func,
    insert,
    select,
    true,
    update,
)
from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.ext.hybrid import hybrid_property
from sqlalchemy.orm import Mapped, Session, aliased, mapped_column, relationship
from sqlalchemy.sql import ColumnElement

from judge.storage.base import Base, utcnow
from judge.storage.pictures import KEY_LENGTH, StoredPicture, picture_key, store_pictures

MAX_MESSAGE_ID = 998  # RFC 5322's line limit bounds a Message-ID


class InboxState(StrEnum):
    """Where a received mail is: waiting, handled, or set aside after a crash."""

    RECEIVED = "received"
    DONE = "done"
    FAILED = "failed"


class OutboxState(StrEnum):
    """Where an outgoing mail is; ``sending`` is the claim taken just before delivery."""

    PENDING = "pending"
    SENDING = "sending"
    SENT = "sent"
    FAILED = "failed"


@dataclass(frozen=True, slots=True)
class DecodedMail:
    """What the judge reads from one mail: the one mail type between ``judge.mail``, which
    decodes it (``judge.mail.decode``), and ``judge.service``, which handles it.

    ``sender`` is the From address (lower case, "" if none), ``reply_to`` the
    Reply-To address if any; ``body_lines`` are the command lines in order, with
    quoted replies, signatures, ``//`` comments and everything after ``SIGNOFF``
    taken out, and phone separators split into lines. ``auto_reply`` marks mail that
    must never be answered (bounces, auto-replies, bulk and list mail, empty return
    path); ``auto_reason`` says why. ``bounced`` are the addresses a delivery report
    says the judge's mail could not reach. ``inbox_id`` is the stored mail's row, if any;
    ``source`` where it came from (the connection's peer and the envelope sender).
    ``unreadable`` names why the email package could not read the mail's body (deep
    MIME nesting: ``RecursionError``), "" when it could.
    """

    sender: str
    reply_to: str | None
    subject: str
    message_id: str
    body_lines: tuple[str, ...]
    auto_reply: bool
    auto_reason: str = ""
    recipients: tuple[str, ...] = ()
    inbox_id: int | None = None
    bounced: tuple[str, ...] = ()
    source: str = ""
    unreadable: str = ""

    @property
    def reply_address(self) -> str:
        """Where an answer goes: Reply-To if given, else From."""
        return self.reply_to or self.sender

    def reply_subject(self, default: str = "Diplomacy judge reply") -> str:
        """The subject of the answer: ``Re:`` once before the mail's own subject, never a
        second time (``Re: Re: orders``), or ``default`` when it had none."""
        subject = " ".join(self.subject.split())
        if not subject:
            return default
        return subject if subject[:3].lower() == "re:" else f"Re: {subject}"


class InboundMessage(Base):
    """One mail as the listener received it, kept whole until it is handled (so it can be
    handled again), then with its passwords masked, and its raw text only for
    ``[storage] keep_raw_days``. A mail is the same mail when both its Message-ID and the
    digest of its sender and body are (a true resend); a reused Message-ID on another
    body, or from another sender, is new."""

    __tablename__ = "inbox"
    __table_args__ = (Index(None, "state", "id"), UniqueConstraint("message_id", "digest"))

    id: Mapped[int] = mapped_column(primary_key=True)
    message_id: Mapped[str] = mapped_column(String(MAX_MESSAGE_ID))
    digest: Mapped[str] = mapped_column(String(64), default="")  # of sender and body
    mail_from: Mapped[str]  # the envelope sender; "" is the null return path
    rcpt_to: Mapped[str]  # envelope recipients, one per line
    raw: Mapped[bytes]
    peer: Mapped[str] = mapped_column(default="")
    received_at: Mapped[datetime] = mapped_column(default=utcnow)
    state: Mapped[str] = mapped_column(String(16), default=InboxState.RECEIVED)
    handled_at: Mapped[datetime | None]
    error: Mapped[str | None]

    @property
    def recipients(self) -> tuple[str, ...]:
        """The envelope recipients as a tuple."""
        return tuple(r for r in self.rcpt_to.splitlines() if r)


class OutboundMessage(Base):
    """One mail to one recipient, written in the transaction of the change it reports."""

    __tablename__ = "outbox"
    __table_args__ = (Index(None, "state", "next_attempt_at"),
                      Index(None, "recipient", "budgeted", "created_at"))

    id: Mapped[int] = mapped_column(primary_key=True)
    message_id: Mapped[str] = mapped_column(String(MAX_MESSAGE_ID), unique=True)
    recipient: Mapped[str]
    sender: Mapped[str] = mapped_column(default="")  # "" = the judge's main address
    subject: Mapped[str] = mapped_column(default="")
    body: Mapped[str] = mapped_column(default="")
    raw: Mapped[bytes | None]  # a complete message to send as is, instead of subject/body
    # a picture sent beside the text (a PNG map), stored once for every mail that
    # carries it (judge.storage.pictures), and the file name it is sent under
    picture_key: Mapped[str | None] = mapped_column(
        String(KEY_LENGTH), ForeignKey("pictures.key"))
    picture_name: Mapped[str] = mapped_column(String(64), default="")
    # a second one after it: a market's year-end chart beside the phase's map
    chart_key: Mapped[str | None] = mapped_column(String(KEY_LENGTH), ForeignKey("pictures.key"))
    chart_name: Mapped[str] = mapped_column(String(64), default="")
    # read with the rows that name them, each distinct picture once (the sender's batch)
    picture_stored: Mapped[StoredPicture | None] = relationship(
        foreign_keys=[picture_key], viewonly=True, lazy="selectin")
    chart_stored: Mapped[StoredPicture | None] = relationship(
        foreign_keys=[chart_key], viewonly=True, lazy="selectin")
    in_reply_to: Mapped[str | None]
    inbox_id: Mapped[int | None] = mapped_column(
        ForeignKey("inbox.id", ondelete="SET NULL"), index=True
    )
    # an answer that counts against its recipient's hourly budget (one to a mail that
    # signed on nowhere: what a loop or a stranger gets)
    budgeted: Mapped[bool] = mapped_column(default=False)
    state: Mapped[str] = mapped_column(String(16), default=OutboxState.PENDING)
    attempts: Mapped[int] = mapped_column(default=0)
    created_at: Mapped[datetime] = mapped_column(default=utcnow)
    next_attempt_at: Mapped[datetime] = mapped_column(default=utcnow)
    sent_at: Mapped[datetime | None]
    last_error: Mapped[str | None]

    # ``picture`` and ``chart``: the bytes, read from the stored picture, or given to a
    # row not yet written (stored when it is: ``_store_given_pictures``)
    @hybrid_property
    def picture(self) -> bytes | None:
        return _picture_of(self, "picture")

    @picture.inplace.setter
    def _picture_setter(self, value: bytes | None) -> None:
        _give_picture(self, "picture", value)

    @picture.inplace.expression
    @classmethod
    def _picture_expression(cls) -> ColumnElement[str | None]:
        return cls.picture_key  # type: ignore[return-value]

    @hybrid_property
    def chart(self) -> bytes | None:
        return _picture_of(self, "chart")

    @chart.inplace.setter
    def _chart_setter(self, value: bytes | None) -> None:
        _give_picture(self, "chart", value)

    @chart.inplace.expression
    @classmethod
    def _chart_expression(cls) -> ColumnElement[str | None]:
        return cls.chart_key  # type: ignore[return-value]


def _picture_of(row: OutboundMessage, which: str) -> bytes | None:
    given: dict[str, bytes] = row.__dict__.get("_given_pictures", {})
    if which in given:
        return given[which]
    if getattr(row, f"{which}_key") is None:
        return None
    stored: StoredPicture | None = getattr(row, f"{which}_stored")
    return None if stored is None else stored.data


def _give_picture(row: OutboundMessage, which: str, value: bytes | None) -> None:
    row.__dict__.setdefault("_given_pictures", {})[which] = value
    setattr(row, f"{which}_key", picture_key(value) if value else None)


@event.listens_for(Session, "before_flush")
def _store_given_pictures(session: Session, *_: object) -> None:
    """A row made with its picture's bytes (``OutboundMessage(picture=...)``): the picture
    is stored before the row is written."""
    pictures = {picture_key(data): data for row in session.new
                if isinstance(row, OutboundMessage)
                for data in row.__dict__.get("_given_pictures", {}).values() if data}
    if pictures:
        store_pictures(session.connection(), pictures)


def message_id_of(raw: bytes) -> str:
    """The mail's Message-ID, or a digest of its bytes when it has none (same bytes, same id)."""
    try:
        headers = BytesHeaderParser(policy=compat32).parsebytes(raw, headersonly=True)
        value = str(headers.get("Message-ID", "") or "").strip()
    except Exception:  # a header block this broken still has to be stored
        value = ""
    value = " ".join(value.split())
    if not value or len(value) > MAX_MESSAGE_ID:
        value = f"<sha256-{hashlib.sha256(raw).hexdigest()}@judge.invalid>"
    return value


def body_digest(raw: bytes) -> str:
    """SHA-256 (hex) of a mail's sender and body (issue 26: the same Message-ID and body
    from another sender is another mail, answered): the From header's mailbox, then what
    follows the first empty line, line ends made CRLF, trailing blank lines left out
    (relays differ in all of that, never in the text)."""
    normal = raw.replace(b"\r\n", b"\n")
    head, sep, body = normal.partition(b"\n\n")
    if not sep:
        body = b""
    digest = hashlib.sha256(b"From: " + _from_mailbox(head) + b"\r\n\r\n")
    digest.update(body.rstrip(b"\n").replace(b"\n", b"\r\n"))
    return digest.hexdigest()


def _from_mailbox(head: bytes) -> bytes:
    """The From header's mailbox as written (the part in angle brackets if any, lower
    case), read from the raw header block: no parser (the standard library's address
    parser recursed to a crash on nested comments), and what a relay refolds is left out."""
    value = b""
    for line in head.split(b"\n"):
        if value and line[:1] in (b" ", b"\t"):
            value += b" " + line.strip()
        elif value:
            break
        elif line[:5].lower() == b"from:":
            value = line[5:].strip() or b" "
    value = value.strip()
    start = value.rfind(b"<")
    if start >= 0:
        end = value.find(b">", start)
        value = value[start + 1:end if end >= 0 else None]
    return b" ".join(value.lower().split())[:320]


def store_inbound(
    session: Session,
    raw: bytes,
    mail_from: str,
    rcpt_to: Iterable[str],
    *,
    peer: str = "",
    now: datetime | None = None,
) -> int | None:
    """Store a received mail; its row id, or None when the same mail (Message-ID, and the
    digest of sender and body) is already stored."""
    values = {
        "message_id": message_id_of(raw),
        "digest": body_digest(raw),
        "mail_from": mail_from or "",
        "rcpt_to": "\n".join(rcpt_to),
        "raw": raw,
        "peer": peer,
        "received_at": now or utcnow(),
        "state": InboxState.RECEIVED.value,
    }
    dialect = session.get_bind().dialect.name
    stored = _STORE.get(dialect)
    if stored is not None:
        # built once: a statement built for every mail cost most of the listener's writes
        return session.connection().execute(stored, values).scalar_one_or_none()
    exists = session.scalar(
        select(InboundMessage.id).where(InboundMessage.message_id == values["message_id"],
                                        InboundMessage.digest == values["digest"])
    )
    if exists is not None:
        return None
    table = cast(Table, InboundMessage.__table__)
    result = session.execute(table.insert().values(values).returning(table.c.id))
    return result.scalar_one_or_none()


# store_inbound's INSERT ... ON CONFLICT DO NOTHING RETURNING id, by dialect
_STORE: dict[str, Insert] = {
    name: module.insert(cast(Table, InboundMessage.__table__)).on_conflict_do_nothing()
    .returning(cast(Table, InboundMessage.__table__).c.id)
    for name, module in (("postgresql", postgresql), ("sqlite", sqlite))
}


def claim_next_inbound(session: Session) -> InboundMessage | None:
    """The oldest mail waiting to be handled whose sender has no older mail waiting,
    locked for this transaction where the backend can (PostgreSQL skips rows another
    worker holds; SQLite's write lock already serialises workers).

    Several judges may share one PostgreSQL database: each mail is handled by one of
    them, and one sender's mails are handled in the order they arrived, since a mail held
    by another worker still counts as waiting until that worker commits. On SQLite one
    worker at a time holds the database, so the oldest waiting mail is always free and
    the check of the sender's older mail is left out (on a long queue it costs a scan
    per claim)."""
    postgresql = session.get_bind().dialect.name == "postgresql"
    return session.scalars(_CLAIM_IN_ORDER if postgresql else _CLAIM_OLDEST).first()


# Built once (every mail is claimed with one of them)
_CLAIM_OLDEST = (
    select(InboundMessage)
    .where(InboundMessage.state == InboxState.RECEIVED.value)
    .order_by(InboundMessage.id)
    .limit(1)
)
_EARLIER = aliased(InboundMessage)
_CLAIM_IN_ORDER = _CLAIM_OLDEST.where(~(
    select(_EARLIER.id)
    .where(_EARLIER.state == InboxState.RECEIVED.value)
    .where(_EARLIER.mail_from == InboundMessage.mail_from)
    .where(_EARLIER.id < InboundMessage.id)
).exists()).with_for_update(skip_locked=True)


@dataclass(frozen=True, slots=True)
class ClaimedMail:
    """What the worker reads of the mail it claimed (``claim_next``)."""

    id: int
    raw: bytes
    mail_from: str
    rcpt_to: str
    peer: str

    @property
    def recipients(self) -> tuple[str, ...]:
        """The envelope recipients as a tuple."""
        return tuple(r for r in self.rcpt_to.splitlines() if r)


def claim_next(session: Session) -> ClaimedMail | None:
    """``claim_next_inbound`` as the worker runs it for every mail: the same choice and
    lock, read as plain values by a Core statement (no ORM object to load, and no unit of
    work to flush when it is marked: ``finish_inbound``)."""
    postgresql = session.get_bind().dialect.name == "postgresql"
    row = session.connection().execute(
        _CLAIM_ROW_IN_ORDER if postgresql else _CLAIM_ROW_OLDEST).first()
    return None if row is None else ClaimedMail(*row)


def claim_waiting(connection: Connection, limit: int) -> list[ClaimedMail]:
    """PostgreSQL: the oldest ``limit`` waiting mails no other worker holds, read and
    locked by one statement, less those whose sender has an older mail still waiting
    that is not among them (held by another worker, whose transaction has not ended):
    as ``claim_next`` would take them one after another, each sender's in order.

    Those left out stay locked until the caller's transaction ends, unhandled (another
    worker is handling the older one, and the next claim sees them again)."""
    return [ClaimedMail(*row[:5]) for row in connection.execute(_CLAIM_MANY,
                                                                {"limit": limit})
            if not row[5]]


def waiting_inbound(connection: Connection, limit: int) -> list[ClaimedMail]:
    """The oldest ``limit`` mails waiting to be handled, read as ``claim_next`` reads one,
    without locking them (``judge.mail.worker`` reads them in a read snapshot, then
    handles them in a write transaction that checks ``still_waiting`` first)."""
    return [ClaimedMail(*row) for row in connection.execute(_WAITING, {"limit": limit})]


def still_waiting(connection: Connection, first: int, last: int) -> set[int]:
    """Which mails from row ``first`` to ``last`` are still waiting to be handled: run in
    the write transaction, after ``waiting_inbound`` read them outside it."""
    return set(connection.execute(_STILL_WAITING, {"first": first, "last": last}).scalars())


def finish_inbound(session: Session, inbox_id: int, state: InboxState, error: str | None,
                   now: datetime, raw: bytes) -> None:
    """``mark_inbound`` for a mail claimed with ``claim_next``, its raw text replaced by
    ``raw`` (what is kept of it: judge.mail.redaction), in one Core statement."""
    session.connection().execute(_FINISH, {"inbox_id": inbox_id, "state": state.value,
                                           "error": error, "handled_at": now, "raw": raw})


_INBOX = cast(Table, InboundMessage.__table__)
_CLAIMED = (_INBOX.c.id, _INBOX.c.raw, _INBOX.c.mail_from, _INBOX.c.rcpt_to, _INBOX.c.peer)
_CLAIM_ROW_OLDEST = (select(*_CLAIMED).where(_INBOX.c.state == InboxState.RECEIVED.value)
                     .order_by(_INBOX.c.id).limit(1))
_WAITING = (select(*_CLAIMED).where(_INBOX.c.state == InboxState.RECEIVED.value)
            .order_by(_INBOX.c.id).limit(bindparam("limit")))
_STILL_WAITING = select(_INBOX.c.id).where(_INBOX.c.state == InboxState.RECEIVED.value,
                                           _INBOX.c.id.between(bindparam("first"),
                                                               bindparam("last")))
_EARLIER_ROW = _INBOX.alias()
_CLAIM_ROW_IN_ORDER = _CLAIM_ROW_OLDEST.where(~(
    select(_EARLIER_ROW.c.id)
    .where(_EARLIER_ROW.c.state == InboxState.RECEIVED.value)
    .where(_EARLIER_ROW.c.mail_from == _INBOX.c.mail_from)
    .where(_EARLIER_ROW.c.id < _INBOX.c.id)
).exists()).with_for_update(skip_locked=True)
# claim_waiting: the oldest rows free to lock, each with whether an older mail of its
# sender, not among them, still waits (one statement, one snapshot: a mail done by
# another worker after it began still counts as waiting, so nothing is taken early)
_TAKEN = _WAITING.with_for_update(skip_locked=True).cte("taken")
_CLAIM_MANY = select(*_TAKEN.c, select(_EARLIER_ROW.c.id).where(
    _EARLIER_ROW.c.state == InboxState.RECEIVED.value,
    _EARLIER_ROW.c.mail_from == _TAKEN.c.mail_from,
    _EARLIER_ROW.c.id < _TAKEN.c.id,
    _EARLIER_ROW.c.id.not_in(select(_TAKEN.c.id)),
).exists().label("blocked")).order_by(_TAKEN.c.id)
_FINISH = (update(_INBOX).where(_INBOX.c.id == bindparam("inbox_id"))
           .values(state=bindparam("state"), error=bindparam("error"),
                   handled_at=bindparam("handled_at"), raw=bindparam("raw")))


def mark_inbound(
    message: InboundMessage, state: InboxState, error: str | None = None,
    now: datetime | None = None,
) -> None:
    """Record how handling a mail ended."""
    message.state = state.value
    message.error = error
    message.handled_at = now or utcnow()


def forget_raw(session: Session, before: datetime) -> int:
    """Empty the raw text of mail handled before ``before`` (failed mail waits for the
    keeper and is kept); the row stays, for the audit and for recognising resends."""
    result = session.execute(
        update(InboundMessage)
        .where(InboundMessage.state == InboxState.DONE.value,
               InboundMessage.handled_at < before, func.length(InboundMessage.raw) > 0)
        .values(raw=b"")
    )
    return int(result.rowcount or 0)  # type: ignore[attr-defined]


def requeue_inbound(session: Session, inbox_id: int) -> bool:
    """Put a mail set aside back in line to be handled again; False if it was not failed."""
    message = session.get(InboundMessage, inbox_id)
    if message is None or message.state != InboxState.FAILED.value:
        return False
    message.state = InboxState.RECEIVED.value
    message.handled_at = None
    return True


Picture = tuple[bytes, str] | None  # a PNG to send beside a mail's text, and its file name


def queue_mail(
    session: Session,
    to: str,
    subject: str,
    body: str,
    *,
    sender: str = "",
    in_reply_to: str | None = None,
    inbox_id: int | None = None,
    raw: bytes | None = None,
    now: datetime | None = None,
    not_before: datetime | None = None,
    budgeted: bool = False,
    picture: Picture = None,
    chart: Picture = None,
) -> OutboundMessage:
    """Queue one mail to ``to`` in the caller's transaction: it is sent only if that
    transaction commits, and a rolled-back change sends nothing; not before ``not_before``
    if given. ``picture`` and ``chart`` go beside the text, in that order."""
    message = OutboundMessage(**_outbound(to, subject, body, sender, in_reply_to, inbox_id,
                                          raw, now, not_before, budgeted, picture, chart))
    # the bytes given to the row: stored, once, when it is written (_store_given_pictures)
    message.picture = picture[0] if picture else None
    message.chart = chart[0] if chart else None
    session.add(message)
    return message


def queue_reply(
    session: Session,
    to: str,
    subject: str,
    body: str,
    *,
    sender: str = "",
    in_reply_to: str | None = None,
    inbox_id: int | None = None,
    now: datetime | None = None,
    not_before: datetime | None = None,
    budgeted: bool = False,
    picture: Picture = None,
) -> None:
    """``queue_mail`` written at once by a Core insert (no ORM object, nothing returned):
    the worker's reply to every mail. Mail the session holds unwritten is written first,
    so the outbox keeps the order in which mail was queued."""
    session.flush()
    connection = session.connection()
    store_pictures(connection, _distinct([picture]))
    connection.execute(_QUEUE, _outbound(
        to, subject, body, sender, in_reply_to, inbox_id, None, now, not_before, budgeted,
        picture))


_QUEUE = insert(cast(Table, OutboundMessage.__table__)).inline()  # built once; no RETURNING


def queue_mails(session: Session, mails: Iterable[tuple[str, str, str, Picture]], *,
                sender: str = "", now: datetime | None = None) -> None:
    """``queue_mail`` for many mails (each ``(to, subject, body, picture)``) at once: one
    Core insert of every row, in order (no ORM object, nothing returned), where the ORM
    wrote each with its own ``INSERT ... RETURNING``. Mail the session holds unwritten is
    written first, so the outbox keeps the order in which mail was queued."""
    mails = list(mails)
    rows = [_outbound(to, subject, body, sender, None, None, None, now, None, False, picture)
            for to, subject, body, picture in mails]
    if not rows:
        return
    session.flush()
    connection = session.connection()
    # a phase's map goes to each of its readers: stored once, each row naming it
    store_pictures(connection, _distinct(picture for _, _, _, picture in mails))
    connection.execute(_QUEUE, rows)


def _distinct(pictures: Iterable[Picture]) -> dict[str, bytes]:
    """The pictures to store, each once, by key."""
    return {picture_key(picture[0]): picture[0] for picture in pictures if picture}


def _outbound(to: str, subject: str, body: str, sender: str, in_reply_to: str | None,
              inbox_id: int | None, raw: bytes | None, now: datetime | None,
              not_before: datetime | None, budgeted: bool,
              picture: Picture = None, chart: Picture = None) -> dict[str, Any]:
    """An outbox row's values (``queue_mail``)."""
    if not to or "@" not in to or "\n" in to or "\r" in to:
        raise ValueError(f"not a mail address: {to!r}")
    domain = (sender or "judge@judge.invalid").rpartition("@")[2] or "judge.invalid"
    moment = now or utcnow()
    return {
        "message_id": f"<{uuid.uuid4().hex}@{domain}>",
        "recipient": to.strip(),
        "sender": sender,
        # PostgreSQL text cannot hold NUL; whatever put one there, the mail must still go.
        "subject": " ".join(subject.replace("\x00", "\ufffd").split()),
        "body": body.replace("\x00", "\ufffd"),
        "raw": raw,
        "picture_key": picture_key(picture[0]) if picture else None,
        "picture_name": picture[1] if picture else "",
        "chart_key": picture_key(chart[0]) if chart else None,
        "chart_name": chart[1] if chart else "",
        "in_reply_to": in_reply_to,
        "inbox_id": inbox_id,
        "budgeted": budgeted,
        "state": OutboxState.PENDING.value,
        "attempts": 0,
        "created_at": moment,
        "next_attempt_at": max(moment, not_before) if not_before else moment,
        "sent_at": None,
        "last_error": None,
    }


def replies_since(session: Session, address: str, since: datetime) -> int:
    """How many answers counted against the budget (``budgeted``) were queued for
    ``address`` since ``since``."""
    # on the session's connection: the ORM's execution path costs more than the count
    return int(session.connection().scalar(_BUDGETED, {"address": address, "since": since})
               or 0)


# Built once, from the table (a Core statement, no ORM entity to compile), an equality on
# every column of its index before the range (``IS TRUE`` would keep SQLite from using the
# index): every mail pays this count.
_OUTBOX = cast(Table, OutboundMessage.__table__)
_BUDGETED = select(func.count()).select_from(_OUTBOX).where(
    _OUTBOX.c.recipient == bindparam("address"),
    _OUTBOX.c.budgeted == true(),
    _OUTBOX.c.created_at >= bindparam("since"))


def due_outbound(session: Session, now: datetime, limit: int = 50) -> Sequence[OutboundMessage]:
    """Mail waiting to be sent whose next attempt is due, oldest first, locked where possible."""
    stmt = (
        select(OutboundMessage)
        .where(OutboundMessage.state == OutboxState.PENDING.value)
        .where(OutboundMessage.next_attempt_at <= now)
        .order_by(OutboundMessage.next_attempt_at, OutboundMessage.id)
        .limit(limit)
    )
    if session.get_bind().dialect.name == "postgresql":
        stmt = stmt.with_for_update(skip_locked=True)
    return session.scalars(stmt).all()


def count_by_state(
    session: Session, table: type[InboundMessage] | type[OutboundMessage]
) -> dict[str, int]:
    """How many rows of the inbox or outbox are in each state."""
    rows = session.execute(select(table.state, func.count()).group_by(table.state))
    return {state: n for state, n in rows}
