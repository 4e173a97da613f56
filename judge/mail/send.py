"""The outbox sender: queued mail delivered at most once each, retried with backoff."""

from __future__ import annotations

import logging
import threading
from collections.abc import Sequence
from datetime import datetime, timedelta
from email.message import EmailMessage
from email.policy import SMTP as SMTP_POLICY
from email.policy import SMTPUTF8 as SMTPUTF8_POLICY
from email.utils import format_datetime

from sqlalchemy import select
from sqlalchemy.orm import Session, sessionmaker

from judge.config import Settings
from judge.mail.delivery import Delivery, DeliveryError, UncertainDelivery, delivery_for
from judge.storage.base import utcnow
from judge.storage.mailqueue import OutboundMessage, OutboxState, due_outbound
from judge.storage.session import unit_of_work

log = logging.getLogger(__name__)
MAX_DELAY = timedelta(hours=6)


def render(row: OutboundMessage, settings: Settings, now: datetime) -> bytes:
    """The mail as sent: the stored raw bytes, or a plain-text message built from the row."""
    if row.raw is not None:
        return row.raw
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
    return message.as_bytes()


def backoff(settings: Settings, attempts: int) -> timedelta:
    """Wait before attempt ``attempts + 1``: retry_seconds doubled per attempt, capped."""
    seconds = settings.retry_base_seconds * (2 ** max(0, attempts - 1))
    return min(timedelta(seconds=seconds), MAX_DELAY)


# A mail still ``sending`` this long after it was claimed was left by a sender that died:
# no live sender takes longer (the relay connection times out after a minute). Only such
# mail is settled, so a judge never settles what another judge on the same database is
# delivering right now.
STUCK = timedelta(minutes=10)


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
    while not stop.is_set():
        wake.clear()
        try:
            recover_interrupted(factory, delivery, older_than=STUCK)
            send_due(factory, settings, delivery)
        except Exception:  # the database may be briefly away; the loop must outlive it
            log.exception("outbox sender failed; retrying")
        wake.wait(settings.poll_seconds)
