"""The outbox sender: queued mail delivered at most once each, retried with backoff."""

from __future__ import annotations

import binascii
import logging
import os
import random
import re
import sys
import threading
from collections.abc import Callable, Sequence
from datetime import datetime, timedelta
from email.message import EmailMessage
from email.policy import SMTP as SMTP_POLICY
from email.policy import SMTPUTF8 as SMTPUTF8_POLICY
from email.utils import format_datetime
from functools import lru_cache, partial
from pathlib import Path
from typing import Any

from sqlalchemy import Connection, Engine, select, update
from sqlalchemy.orm import Session, sessionmaker

from judge.config import Settings
from judge.mail.delivery import Delivery, DeliveryError, RelayDelivery, delivery_for
from judge.storage.base import utcnow
from judge.storage.mailqueue import OutboundMessage, OutboxState, due_outbound
from judge.storage.session import let_go, sync_later, sync_log, unit_of_work

log = logging.getLogger(__name__)
MAX_DELAY = timedelta(hours=6)


def render(row: OutboundMessage, settings: Settings, now: datetime) -> bytes:
    """The mail as sent: the stored raw bytes, or a plain-text message built from the row."""
    if row.raw is not None:
        return row.raw
    quick = _render_plain(row, settings, now)
    if quick is not None:
        return quick
    return render_message(row, settings, now)


def render_message(row: OutboundMessage, settings: Settings, now: datetime) -> bytes:
    """The message built from the row with ``email.message.EmailMessage``."""
    # an address beyond ASCII goes in UTF-8 headers (RFC 6532), sent with SMTPUTF8
    plain = row.recipient.isascii() and (row.sender or settings.address).isascii()
    message = EmailMessage(policy=SMTP_POLICY if plain else SMTPUTF8_POLICY)
    message["From"] = row.sender or settings.address
    message["To"] = row.recipient
    message["Subject"] = row.subject
    message["Date"] = format_datetime(now)
    message["Message-ID"] = row.message_id
    if row.in_reply_to:
        message["In-Reply-To"] = row.in_reply_to
        message["References"] = row.in_reply_to
    # RFC 3834: tells vacation responders not to answer, so judges and robots never loop.
    message["Auto-Submitted"] = "auto-replied" if row.in_reply_to else "auto-generated"
    message.set_content(row.body if row.body.endswith("\n") else row.body + "\n")
    # the text stays the first part, as a text-only reader has always read it; the map
    # and a market's chart follow as inline PNGs (multipart/mixed)
    for png, name in _pictures(row):
        message.add_attachment(png, maintype="image", subtype="png", disposition="inline",
                               filename=name)
    return message.as_bytes()


def _pictures(row: OutboundMessage) -> list[tuple[bytes, str]]:
    """The PNGs sent beside the text, in order, with their file names."""
    return [(png, name or default) for png, name, default
            in ((row.picture, row.picture_name, "map.png"),
                (row.chart, row.chart_name, "chart.png")) if png]


# The common reply, assembled directly as bytes: ``render_message`` builds the same bytes
# through the email package's header objects and generator, a millisecond of CPU a mail
# (most of the sender's time). Only what that path is sure to leave as given takes this
# one: addresses and Message-ID of dot-atoms, printable ASCII header text with no
# encoded word, no run of spaces, nothing to trim, every header line short enough not to
# be folded, and an ASCII body with no line over the limit (sent as 7bit).
# tests/mail/test_send.py compares the two on generated rows.
_ATOM = r"[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+"
_DOT_ATOM = rf"{_ATOM}(?:\.{_ATOM})*"
_ADDRESS = re.compile(rf"{_DOT_ATOM}@{_DOT_ATOM}")
_MESSAGE_ID = re.compile(rf"<{_DOT_ATOM}@{_DOT_ATOM}>")
_TEXT = re.compile(r"[!-~]+(?: [!-~]+)*")
_LINE_LIMIT = SMTP_POLICY.max_line_length or 78


def _render_plain(row: OutboundMessage, settings: Settings, now: datetime) -> bytes | None:
    if now.year < 1000:  # the Date header would read its year as two digits
        return None
    sender = row.sender or settings.address
    headers = [("From", sender), ("To", row.recipient), ("Subject", row.subject),
               ("Date", format_datetime(now)), ("Message-ID", row.message_id)]
    if row.in_reply_to:
        headers += [("In-Reply-To", row.in_reply_to), ("References", row.in_reply_to)]
    if not (_ADDRESS.fullmatch(sender) and _ADDRESS.fullmatch(row.recipient)
            and _MESSAGE_ID.fullmatch(row.message_id) and _plain_text(row.subject)
            and (not row.in_reply_to or _plain_text(row.in_reply_to))):
        return None
    if any(len(name) + 2 + len(value) > _LINE_LIMIT for name, value in headers):
        return None
    body = row.body if row.body.endswith("\n") else row.body + "\n"
    if not body.isascii():
        return None
    lines = body.encode("ascii").splitlines()
    if max(map(len, lines), default=0) > _LINE_LIMIT:
        return None
    headers.append(("Auto-Submitted", "auto-replied" if row.in_reply_to else "auto-generated"))
    head = "".join(f"{name}: {value}\r\n" for name, value in headers)
    text = b"\r\n".join(lines) + b"\r\n"
    pictures = _pictures(row)
    if not pictures:
        return (f"{head}Content-Type: text/plain; charset=\"utf-8\"\r\n"
                "Content-Transfer-Encoding: 7bit\r\nMIME-Version: 1.0\r\n\r\n").encode(
                    "ascii") + text
    return _with_pictures(head, text, pictures)


# A mail with a map: what ``render_message`` makes of it (multipart/mixed, the text part
# first, the PNG inline in base64 lines of 76), but for the boundary, which is random
# there too. The picture's base64 is made once for all the mails that carry it (a phase's
# map goes to every reader: the email package took 3 ms a mail over it).
_FILE_NAME = re.compile(r"[A-Za-z0-9._-]+")
_DISPOSITION = 'Content-Disposition: inline; filename="{}"'


def _with_pictures(head: str, text: bytes, pictures: list[tuple[bytes, str]]) -> bytes | None:
    dispositions = [_DISPOSITION.format(name) for _, name in pictures]
    if not all(_FILE_NAME.fullmatch(name) for _, name in pictures) \
            or any(len(d) > _LINE_LIMIT for d in dispositions):
        return None
    boundary = _boundary(text)
    line = f"--{boundary}\r\n".encode("ascii")
    parts = [f"{head}MIME-Version: 1.0\r\nContent-Type: multipart/mixed; "
             f'boundary="{boundary}"\r\n\r\n'.encode("ascii"),
             line, b'Content-Type: text/plain; charset="utf-8"\r\n'
             b"Content-Transfer-Encoding: 7bit\r\n\r\n", text, b"\r\n"]
    for (png, _), disposition in zip(pictures, dispositions, strict=True):
        parts += [line, b"Content-Type: image/png\r\nContent-Transfer-Encoding: base64\r\n",
                  f"{disposition}\r\nMIME-Version: 1.0\r\n\r\n".encode("ascii"),
                  _base64_lines(png), b"\r\n"]
    parts.append(f"--{boundary}--\r\n".encode("ascii"))
    return b"".join(parts)


def _boundary(text: bytes) -> str:
    """A boundary as the email package makes one, in no line of ``text``."""
    while True:
        boundary = f"{'=' * 15}{random.randrange(sys.maxsize):019d}=="
        if f"--{boundary}".encode("ascii") not in text:
            return boundary


@lru_cache(maxsize=8)
def _base64_lines(picture: bytes) -> bytes:
    """``picture`` in base64, lines of 76 characters ending CRLF (the last one too)."""
    encoded = binascii.b2a_base64(picture, newline=False)
    lines = [encoded[i:i + 76] for i in range(0, len(encoded), 76)]
    return b"\r\n".join(lines) + b"\r\n" if lines else b""


def _plain_text(text: str) -> bool:
    return _TEXT.fullmatch(text) is not None and "=?" not in text


def backoff(settings: Settings, attempts: int) -> timedelta:
    """Wait before attempt ``attempts + 1``: retry_seconds doubled per attempt, capped."""
    seconds = settings.retry_base_seconds * (2 ** max(0, attempts - 1))
    return min(timedelta(seconds=seconds), MAX_DELAY)


# A mail still ``sending`` this long after it was claimed was left by a sender that died:
# no live sender takes longer (the relay connection times out after a minute). Only such
# mail is settled, so a judge never settles what another judge on the same database is
# delivering right now.
STUCK = timedelta(minutes=10)


BATCH = 50  # mails claimed in one transaction, handed over, then marked in one


def _boot() -> str:
    """This boot of the machine ("" where it cannot be told): after a power cut or a
    reboot what the journal wrote without syncing may be lost, after a crash it is not."""
    try:
        return Path("/proc/sys/kernel/random/boot_id").read_text().strip()
    except OSError:
        return ""


class Journal:
    """The sender's journal of the batch it is handing over (``[judge] var``'s
    ``sending.log``), so that a judge starting after a crash settles what its last run
    left ``sending`` at once, not ``STUCK`` minutes later (issue 26): the rows claimed,
    in order, synced before the claim commits; then, written as each is handed to a
    relay, ``done`` (the relay took it) or ``not`` (it surely did not). Only mail in this
    judge's own journal is settled at start-up (another judge on the same database may
    be delivering its own right now)."""

    def __init__(self, path: Path) -> None:
        self.path = Path(path)
        self._file: Any = None

    def claimed(self, rows: Sequence[OutboundMessage]) -> None:
        """A new batch: its rows, in the order they will be handed over, on disk."""
        self.close()
        self.path.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
        descriptor = os.open(self.path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
        self._file = os.fdopen(descriptor, "w", encoding="utf-8")
        self._file.write(f"boot {_boot() or '-'}\n")
        self._file.write("".join(f"claim {row.id}\n" for row in rows))
        self._file.flush()
        os.fsync(self._file.fileno())

    def mark(self, word: str, row_id: int) -> None:
        """``done`` or ``not`` for one row (not synced: see ``settle_at_start``)."""
        if self._file is not None:
            self._file.write(f"{word} {row_id}\n")
            self._file.flush()

    def read(self) -> tuple[str, list[int], dict[int, str]]:
        """The boot it was written in, the rows claimed in order, each row's mark."""
        try:
            lines = self.path.read_text(encoding="utf-8").splitlines()
        except FileNotFoundError:
            return "", [], {}
        boot, claimed, marks = "", [], {}
        for line in lines:
            word, _, value = line.partition(" ")
            if word == "boot":
                boot = value
            elif word == "claim" and value.isdigit():
                claimed.append(int(value))
            elif word in ("done", "not") and value.isdigit():
                marks[int(value)] = word
        return boot, claimed, marks

    def close(self) -> None:
        if self._file is not None:
            self._file.close()
            self._file = None

    def clear(self) -> None:
        self.close()
        self.path.unlink(missing_ok=True)


def settle_at_start(factory: sessionmaker[Session], delivery: Delivery,
                    journal: Journal) -> list[int]:
    """At start-up, settle the mail the journal says this judge's last run left
    ``sending``: with the Maildir, sent if it is there, else back in the queue; with a
    relay, sent if marked ``done``, back in the queue if marked ``not`` or if it comes
    after the first mail in doubt (mail goes to the relay one at a time, in order: the
    run died handing that one over, and never began the rest), and failed for the
    keeper if it is the one in doubt. After a reboot marks not synced may be lost, so
    only ``done`` and ``not`` are believed and the rest fail. The journal is emptied."""
    boot, claimed, marks = journal.read()
    settled: list[int] = []
    if claimed:
        same_boot = bool(boot) and boot != "-" and boot == _boot()
        with unit_of_work(factory) as session:
            rows = {row.id: row for row in session.scalars(
                select(OutboundMessage).where(OutboundMessage.id.in_(claimed),
                                              OutboundMessage.state
                                              == OutboxState.SENDING.value))}
            doubt = False
            for row_id in claimed:
                row = rows.get(row_id)
                if row is None:
                    continue
                arrived = delivery.delivered(row.message_id)
                if arrived is None:  # a relay: the journal's marks say
                    mark = marks.get(row_id)
                    arrived = True if mark == "done" else False if mark == "not" else None
                    if arrived is None and same_boot and doubt:
                        arrived = False  # after the one in doubt: never begun
                    doubt = doubt or arrived is None
                _settle(row, arrived)
                settled.append(row_id)
    journal.clear()
    if settled:
        log.info("settled %d mail(s) a crashed run left being sent", len(settled))
    return settled


def claim(factory: sessionmaker[Session], now: datetime) -> int | None:
    """Mark the next due mail ``sending`` and commit; its id, or None."""
    rows = claim_batch(factory, now, 1)
    return rows[0].id if rows else None


def claim_batch(factory: sessionmaker[Session], now: datetime,
                limit: int = BATCH, journal: Journal | None = None) -> list[OutboundMessage]:
    """Mark up to ``limit`` due mails ``sending`` and commit, so a crash from here on can
    never resend them; the rows, detached (readable, no longer tracked). A crash leaves
    at most this batch in doubt: with the Maildir the recovery finds out which arrived,
    with a relay it fails them for the keeper rather than risk sending one twice."""
    with unit_of_work(factory) as session:
        rows = list(due_outbound(session, now, limit))
        for row in rows:
            row.state = OutboxState.SENDING.value
            row.attempts += 1
            row.next_attempt_at = now  # doubles as "claimed at" for recovery
        session.flush()
        if journal is not None and rows:
            journal.claimed(rows)  # on disk before the claim is
        session.expunge_all()
    return rows


def send_due(
    factory: sessionmaker[Session], settings: Settings, delivery: Delivery,
    now: datetime | None = None, limit: int = 500,
    before_each: Callable[[], None] | None = None,
    claimed: Callable[[], None] | None = None,
    journal: Journal | None = None,
) -> int:
    """Deliver the mail now due (up to ``limit``), a batch at a time: claimed in one
    transaction, handed over, then marked in one; how many were delivered.
    ``before_each`` is called before each batch is claimed, ``claimed`` after it was,
    before it is handed over (``run_sender``: the claim is on disk)."""
    now = now or utcnow()
    sent = 0
    try:
        while limit > 0:
            if before_each is not None:
                before_each()
            rows = claim_batch(factory, now, min(BATCH, limit), journal)
            if not rows:
                break
            if claimed is not None:
                claimed()
            limit -= len(rows)
            sent += _send_batch(factory, settings, delivery, rows, now, journal)
    finally:
        delivery.close()
        if journal is not None:
            journal.close()
    return sent


def _send_batch(
    factory: sessionmaker[Session], settings: Settings, delivery: Delivery,
    rows: list[OutboundMessage], now: datetime, journal: Journal | None = None,
) -> int:
    mails = [(row.sender or settings.address, row.recipient, render(row, settings, now))
             for row in rows]
    if journal is not None and isinstance(delivery, RelayDelivery):
        # one at a time, as the relay takes them, each marked in the journal once known
        errors = []
        for row, mail in zip(rows, mails, strict=True):
            error = delivery.deliver_many([mail])[0]
            if error is None or isinstance(error, DeliveryError):
                journal.mark("done" if error is None else "not", row.id)
            errors.append(error)
    else:
        errors = delivery.deliver_many(mails)
    delivered = [row.id for row, error in zip(rows, errors, strict=True) if error is None]
    with unit_of_work(factory) as session:
        if delivered:
            session.execute(
                update(OutboundMessage).where(OutboundMessage.id.in_(delivered))
                .values(state=OutboxState.SENT.value, last_error=None, sent_at=now)
                .execution_options(synchronize_session=False))
        for row, error in zip(rows, errors, strict=True):
            if error is not None:
                _not_sent(session, settings, row, error, now)
    return len(delivered)


def _not_sent(session: Session, settings: Settings, row: OutboundMessage,
              error: Exception, now: datetime) -> None:
    """Record a failed delivery: retried later, or failed for good."""
    if isinstance(error, DeliveryError):
        state = OutboxState.PENDING if error.retry else OutboxState.FAILED
        text = str(error)
    else:
        state, text = OutboxState.FAILED, f"{error}; not resent, so that it is never sent twice"
    if state is OutboxState.PENDING and row.attempts >= settings.max_attempts:
        state, text = OutboxState.FAILED, f"gave up after {row.attempts} attempts: {text}"
    values: dict[str, object] = {"state": state.value, "last_error": text}
    if state is OutboxState.PENDING:
        values["next_attempt_at"] = now + backoff(settings, row.attempts)
    session.execute(update(OutboundMessage).where(OutboundMessage.id == row.id)
                    .values(**values).execution_options(synchronize_session=False))
    if state is OutboxState.FAILED:
        log.warning("mail #%s to %s failed: %s", row.id, row.recipient, text)


def _settle(row: OutboundMessage, arrived: bool | None) -> None:
    """A mail left ``sending`` by a crash: sent if it arrived, back in the queue if it
    surely did not, else failed (never risk sending it twice)."""
    if arrived:
        row.state, row.sent_at = OutboxState.SENT.value, row.next_attempt_at
    elif arrived is False:
        row.state = OutboxState.PENDING.value
    else:
        row.state = OutboxState.FAILED.value
        row.last_error = "interrupted while being handed to the relay; not resent"


def recover_interrupted(
    factory: sessionmaker[Session], delivery: Delivery, older_than: timedelta = timedelta(0),
    now: datetime | None = None,
) -> Sequence[int]:
    """Settle mail a crashed sender left ``sending``: sent if the delivery shows it arrived,
    back in the queue if it surely did not, else failed (never risk sending it twice)."""
    now = now or utcnow()
    settled: list[int] = []
    with unit_of_work(factory) as session:
        rows = session.scalars(
            select(OutboundMessage)
            .where(OutboundMessage.state == OutboxState.SENDING.value)
            .where(OutboundMessage.next_attempt_at <= now - older_than)
        ).all()
        for row in rows:
            arrived = delivery.delivered(row.message_id)
            _settle(row, arrived)
            settled.append(row.id)
    return settled


SEND_ROUND = 500  # mails sent between two looks for mail a dead sender left
JOURNAL = "sending.log"  # in [judge] var: the batch being handed over (Journal)


def run_sender(
    factory: sessionmaker[Session], settings: Settings, stop: threading.Event,
    wake: threading.Event, delivery: Delivery | None = None,
    before_each: Callable[[], None] | None = None,
) -> None:
    """The sender loop of ``judge serve``: send what is due, sleep until woken or polled.

    On a SQLite file the sender writes over a connection of its own whose commits do
    not wait for the disk (``sync_later``): its claim is synced once SQLite's write lock
    is let go, before the batch is handed over (and with it every commit before it, the
    worker's too); the marks after delivery need not wait (a mark lost in a power cut
    leaves the mail ``sending``, which ``recover_interrupted`` settles)."""
    delivery = delivery or delivery_for(settings)
    engine = factory.kw.get("bind")
    own: Connection | None = None
    written: Path | None = None
    journal = Journal(settings.var_dir / JOURNAL)
    try:
        settle_at_start(factory, delivery, journal)
    except Exception:  # the database may be away; the 10-minute rule settles it then
        log.exception("could not settle the mail a crashed run left being sent")
    try:
        while not stop.is_set():
            wake.clear()
            busy = False
            try:
                if own is None and isinstance(engine, Engine) \
                        and engine.dialect.name == "sqlite":
                    own = engine.connect()
                    written = sync_later(own)
                    if written is None:  # its commits wait for the disk anyway
                        own.close()
                        own, engine = None, None
                sending = factory if own is None else sessionmaker(
                    bind=own, expire_on_commit=False)
                recover_interrupted(sending, delivery, older_than=STUCK)
                busy = send_due(sending, settings, delivery, limit=SEND_ROUND,
                                before_each=before_each,
                                claimed=None if own is None or written is None
                                else partial(sync_log, written),
                                journal=journal) == SEND_ROUND
            except Exception:  # the database may be briefly away; the loop must outlive it
                log.exception("outbox sender failed; retrying")
                if own is not None:
                    let_go(own)
                    own = None
            if not busy:  # a full round may have left more due: go on at once
                wake.wait(settings.poll_seconds)
    finally:
        if own is not None:
            let_go(own)
