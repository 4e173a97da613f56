"""The outbox sender: delivers queued mail by SMTP relay or into a Maildir, at most once each."""

from __future__ import annotations

import logging
import mailbox
import smtplib
import threading
from collections.abc import Sequence
from datetime import datetime, timedelta
from email.message import EmailMessage
from email.policy import SMTP as SMTP_POLICY
from email.utils import format_datetime
from pathlib import Path
from typing import Protocol

from sqlalchemy import select
from sqlalchemy.orm import Session, sessionmaker

from judge.config import Settings
from judge.storage.base import utcnow
from judge.storage.mailqueue import OutboundMessage, OutboxState, due_outbound
from judge.storage.session import unit_of_work

log = logging.getLogger(__name__)
MAX_DELAY = timedelta(hours=6)


class DeliveryError(Exception):
    """A mail was not delivered; ``retry`` says whether a later attempt may succeed."""

    def __init__(self, message: str, retry: bool) -> None:
        super().__init__(message)
        self.retry = retry


class UncertainDelivery(Exception):
    """The connection broke while the message was being handed over: it may have arrived."""


class Delivery(Protocol):
    """How a mail leaves the judge."""

    def deliver(self, sender: str, recipient: str, data: bytes) -> None: ...

    def delivered(self, message_id: str) -> bool | None:
        """Whether a mail with this Message-ID was handed over (None: cannot tell)."""
        ...

    def close(self) -> None: ...


class RelayDelivery:
    """Hands mail to an SMTP relay, one connection kept open across a batch."""

    def __init__(self, settings: Settings, timeout: float = 60.0) -> None:
        assert settings.relay is not None
        self.host, self.port = settings.relay
        self.settings = settings
        self.timeout = timeout
        self._smtp: smtplib.SMTP | None = None

    def _connection(self) -> smtplib.SMTP:
        if self._smtp is None:
            smtp = smtplib.SMTP(self.host, self.port, timeout=self.timeout)
            smtp.ehlo()
            if self.settings.relay_starttls:
                smtp.starttls()
                smtp.ehlo()
            if self.settings.relay_username:
                smtp.login(self.settings.relay_username, self.settings.relay_password)
            self._smtp = smtp
        return self._smtp

    def deliver(self, sender: str, recipient: str, data: bytes) -> None:
        # Until DATA is answered nothing can have been delivered: any failure is safe
        # to retry. A broken connection during DATA is not: it may have gone through.
        try:
            smtp = self._connection()
            code, reply = smtp.mail(sender)
            if code != 250:
                self._refused(code, reply)
            code, reply = smtp.rcpt(recipient)
            if code not in (250, 251):
                self._refused(code, reply)
        except DeliveryError:
            raise
        except (OSError, smtplib.SMTPException) as e:
            self.close()
            raise DeliveryError(f"relay {self.host}:{self.port}: {e}", retry=True) from e
        try:
            smtp.data(data)
        except smtplib.SMTPDataError as e:
            self._reset()
            raise DeliveryError(_reply_text(e.smtp_code, e.smtp_error), e.smtp_code < 500) from e
        except (OSError, smtplib.SMTPException) as e:
            self.close()
            raise UncertainDelivery(f"relay {self.host}:{self.port} during DATA: {e}") from e

    def _refused(self, code: int, reply: bytes) -> None:
        self._reset()
        raise DeliveryError(_reply_text(code, reply), retry=code < 500)

    def _reset(self) -> None:
        try:
            if self._smtp is not None:
                self._smtp.rset()
        except (OSError, smtplib.SMTPException):
            self.close()

    def delivered(self, message_id: str) -> bool | None:
        return None

    def close(self) -> None:
        if self._smtp is not None:
            try:
                self._smtp.quit()
            except (OSError, smtplib.SMTPException):
                self._smtp.close()
            self._smtp = None


class MaildirDelivery:
    """Writes each mail into a Maildir (new/), where any mail client can read it."""

    def __init__(self, path: Path) -> None:
        self.path = Path(path)
        self.path.parent.mkdir(parents=True, exist_ok=True)
        self.maildir = mailbox.Maildir(self.path, factory=None, create=True)

    def deliver(self, sender: str, recipient: str, data: bytes) -> None:
        try:
            # Written to tmp/, then renamed into new/: atomic. Files on disk use "\n".
            self.maildir.add(data.replace(b"\r\n", b"\n"))
        except OSError as e:
            raise DeliveryError(f"maildir {self.path}: {e}", retry=True) from e

    def delivered(self, message_id: str) -> bool | None:
        needle = f"message-id: {message_id}".lower().encode()
        for sub in ("new", "cur"):
            for file in (self.path / sub).iterdir():
                with file.open("rb") as f:
                    head = f.read(16384).split(b"\n\n", 1)[0].split(b"\r\n\r\n", 1)[0]
                if needle in head.lower():
                    return True
        return False

    def close(self) -> None:
        pass


def delivery_for(settings: Settings) -> Delivery:
    """The relay when one is configured, else the Maildir."""
    return RelayDelivery(settings) if settings.relay else MaildirDelivery(settings.maildir)


def render(row: OutboundMessage, settings: Settings, now: datetime) -> bytes:
    """The mail as sent: the stored raw bytes, or a plain-text message built from the row."""
    if row.raw is not None:
        return row.raw
    message = EmailMessage(policy=SMTP_POLICY)
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
    return message.as_bytes()


def backoff(settings: Settings, attempts: int) -> timedelta:
    """Wait before attempt ``attempts + 1``: retry_seconds doubled per attempt, capped."""
    seconds = settings.retry_base_seconds * (2 ** max(0, attempts - 1))
    return min(timedelta(seconds=seconds), MAX_DELAY)


def claim(factory: sessionmaker[Session], now: datetime) -> int | None:
    """Mark the next due mail ``sending`` and commit, so a crash from here on can never
    resend it; one at a time, so a crash leaves at most one mail in doubt."""
    with unit_of_work(factory) as session:
        rows = due_outbound(session, now, 1)
        if not rows:
            return None
        row = rows[0]
        row.state = OutboxState.SENDING.value
        row.attempts += 1
        row.next_attempt_at = now  # doubles as "claimed at" for recovery
        return row.id


def send_due(
    factory: sessionmaker[Session], settings: Settings, delivery: Delivery,
    now: datetime | None = None, limit: int = 100,
) -> int:
    """Deliver every mail now due; how many were delivered."""
    now = now or utcnow()
    sent = 0
    try:
        for _ in range(limit):
            row_id = claim(factory, now)
            if row_id is None:
                break
            sent += _send_one(factory, settings, delivery, row_id, now)
    finally:
        delivery.close()
    return sent


def _send_one(
    factory: sessionmaker[Session], settings: Settings, delivery: Delivery, row_id: int,
    now: datetime,
) -> int:
    with factory() as session:
        row = session.get(OutboundMessage, row_id)
        assert row is not None
        data = render(row, settings, now)
        sender, recipient = row.sender or settings.address, row.recipient
    outcome: tuple[OutboxState, str | None]
    try:
        delivery.deliver(sender, recipient, data)
        outcome = (OutboxState.SENT, None)
    except DeliveryError as e:
        outcome = (OutboxState.PENDING if e.retry else OutboxState.FAILED, str(e))
    except UncertainDelivery as e:
        outcome = (OutboxState.FAILED, f"{e}; not resent, so that it is never sent twice")
    with unit_of_work(factory) as session:
        row = session.get(OutboundMessage, row_id)
        assert row is not None
        state, error = outcome
        if state is OutboxState.PENDING and row.attempts >= settings.max_attempts:
            state, error = OutboxState.FAILED, f"gave up after {row.attempts} attempts: {error}"
        row.state, row.last_error = state.value, error
        if state is OutboxState.SENT:
            row.sent_at = now
        elif state is OutboxState.PENDING:
            row.next_attempt_at = now + backoff(settings, row.attempts)
    if state is OutboxState.FAILED:
        log.warning("mail #%s to %s failed: %s", row_id, recipient, error)
    return int(state is OutboxState.SENT)


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
            if arrived:
                row.state, row.sent_at = OutboxState.SENT.value, row.next_attempt_at
            elif arrived is False:
                row.state = OutboxState.PENDING.value
            else:
                row.state = OutboxState.FAILED.value
                row.last_error = "interrupted while being handed to the relay; not resent"
            settled.append(row.id)
    return settled


def run_sender(
    factory: sessionmaker[Session], settings: Settings, stop: threading.Event,
    wake: threading.Event, delivery: Delivery | None = None,
) -> None:
    """The sender loop of ``judge serve``: send what is due, sleep until woken or polled."""
    delivery = delivery or delivery_for(settings)
    recover_interrupted(factory, delivery)
    while not stop.is_set():
        wake.clear()
        try:
            send_due(factory, settings, delivery)
        except Exception:  # the database may be briefly away; the loop must outlive it
            log.exception("outbox sender failed; retrying")
        wake.wait(settings.poll_seconds)


def _reply_text(code: int, reply: bytes | str) -> str:
    text = reply.decode("utf-8", "replace") if isinstance(reply, bytes) else str(reply)
    return f"{code} {text}"
