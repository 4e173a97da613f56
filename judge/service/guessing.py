"""Wrong passwords: counted, answered ever more slowly, and told to the power's owner.

Nobody is ever locked out. A correct password is always accepted, whatever others sent
before it: a lockout keyed on what a mail claims (its From) or on a whole game lets any
stranger shut players out of their own games. Guessing is made slow instead: every wrong
password pays the full scrypt cost, the answers to a sender or a source (the connection's
peer and the envelope sender) that keeps guessing are delayed, then withheld, and the
owner of the power guessed at and the game's master are told.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

from sqlalchemy import bindparam, func, select, update
from sqlalchemy.orm import Session

from judge.storage.mailqueue import OutboundMessage, OutboxState, queue_mail
from judge.storage.schema import SignOnFailure

log = logging.getLogger(__name__)

WINDOW = timedelta(hours=1)
ANSWERED_AT_ONCE = 5  # wrong passwords a sender or source may send an hour, answered at once
MAX_ANSWERED = 20  # past this many an hour, a sender's failed sign-ons get no answer at all
SLOWEST = timedelta(hours=1)  # the longest an answer to a guesser is held back
ALERT_AT = frozenset({5, 20})  # wrong passwords for one power in an hour that tell its owner


@dataclass(frozen=True, slots=True)
class WrongPassword:
    """A sign-on refused for a wrong password, counted once the mail is handled (outside
    any command's savepoint, so that no rollback forgets it). ``target`` is the power,
    MASTER or OBSERVER; ``owner`` the registered address of the password's owner."""

    game: str
    target: str
    who: str
    owner: str
    master: str


def record_failure(session: Session, sender: str, source: str, game: str, target: str,
                   now: datetime) -> int:
    """Count one wrong password; how many were sent for ``target`` in ``game`` (a power,
    MASTER or OBSERVER) within the last hour, this one included."""
    session.add(SignOnFailure(sender=sender.lower()[:320], source=source[:384],
                              game=game.lower(), target=target.upper(), at=now))
    session.flush()
    return session.execute(_FOR_TARGET, {
        "game": game.lower(), "target": target.upper(), "since": now - WINDOW}).scalar_one()


def answer_delay(session: Session, sender: str, source: str, now: datetime) -> timedelta | None:
    """How long the answer to a mail with a wrong password waits before it is sent: nothing
    for the first few wrong passwords of the hour from its sender (or its source), then
    doubling from a minute up to an hour; None (no answer) past ``MAX_ANSWERED``."""
    since = now - WINDOW
    if source:
        counts = session.execute(_BY_SENDER_AND_SOURCE, {
            "sender": sender.lower(), "source": source, "since": since}).one()
        failures = max(counts[0] or 0, counts[1] or 0)
    else:
        failures = session.execute(_BY_SENDER, {"sender": sender.lower(), "since": since}
                                   ).scalar_one()
    if failures > MAX_ANSWERED:
        return None
    if failures <= ANSWERED_AT_ONCE:
        return timedelta(0)
    return min(timedelta(minutes=2 ** (failures - ANSWERED_AT_ONCE - 1)), SLOWEST)


def senders_guessing(session: Session, game: str, target: str, now: datetime) -> list[str]:
    """The (claimed) senders of this hour's wrong passwords for ``target``, first five."""
    rows = session.scalars(
        select(SignOnFailure.sender).where(
            SignOnFailure.game == game.lower(), SignOnFailure.target == target.upper(),
            SignOnFailure.at >= now - WINDOW)
        .group_by(SignOnFailure.sender).order_by(func.min(SignOnFailure.id)).limit(5))
    return list(rows)


ALERT_MARK = "wrong passwords for"  # in the subject of every alert (reports.guessing)
MORE = " (and more)"


def queue_alert(session: Session, to: str, subject: str, body: str, *, sender: str,
                now: datetime, inbox_id: int | None = None) -> None:
    """Queue an alert of wrong passwords to ``to``, batched: at most one leaves for an
    address an hour (issue 26: one mail of 200 wrong sign-ons sent 80 alerts). The first
    goes at once; one due within the hour of an earlier waits until that hour is over,
    and what comes meanwhile is added to the one waiting. Each counts against the
    address's budget of answers."""
    last = session.execute(
        select(OutboundMessage.id, OutboundMessage.subject, OutboundMessage.next_attempt_at)
        .where(OutboundMessage.recipient == to.strip(),
               OutboundMessage.subject.contains(ALERT_MARK),
               OutboundMessage.next_attempt_at > now - WINDOW)
        .order_by(OutboundMessage.id.desc()).limit(1)).first()
    if last is None:
        queue_mail(session, to, subject, body, sender=sender, inbox_id=inbox_id, now=now,
                   budgeted=True)
        return
    merged = session.execute(
        update(OutboundMessage)
        .where(OutboundMessage.id == last.id,
               OutboundMessage.state == OutboxState.PENDING.value,
               OutboundMessage.attempts == 0, OutboundMessage.next_attempt_at > now)
        .values(subject=last.subject if last.subject.endswith(MORE) else last.subject + MORE,
                body=OutboundMessage.body + "\n" + "-" * 40 + "\n\n" + body)
        .execution_options(synchronize_session=False))
    if not merged.rowcount:  # type: ignore[attr-defined]
        # the last one has gone (or is going): this one waits for the hour to be over
        queue_mail(session, to, subject, body, sender=sender, inbox_id=inbox_id, now=now,
                   not_before=last.next_attempt_at + WINDOW, budgeted=True)


def _count(*conditions: Any) -> Any:
    return (select(func.count()).select_from(SignOnFailure)
            .where(*conditions, SignOnFailure.at >= bindparam("since")).scalar_subquery())


# Built once; the two counts of the throttle come in one round trip.
_BY_SENDER_AND_SOURCE = select(
    _count(SignOnFailure.sender == bindparam("sender")),
    _count(SignOnFailure.source == bindparam("source")),
)
_BY_SENDER = select(_count(SignOnFailure.sender == bindparam("sender")))
_FOR_TARGET = select(_count(SignOnFailure.game == bindparam("game"),
                            SignOnFailure.target == bindparam("target")))
