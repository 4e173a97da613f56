"""Who must act in a market phase and who has: the mail kept for a phase, whether the
phase may be played early, and the reminder, once, to those who have sent nothing yet,
as a board game's players are reminded (judge.service.deadlines ``remind_at``)."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from typing import Any

from sqlalchemy import select
from sqlalchemy.orm import Session

from judge.config import Settings
from judge.engine.phase import PhaseKind
from judge.games.market.mail.kind import MarketKind
from judge.games.market.mail.members import MEMBER, notice
from judge.games.market.mail.play import opened
from judge.service.deadlines import PhaseClock, remind_at
from judge.service.reports.notices import notice_subject
from judge.service.reports.roster import deadline_text
from judge.service.schedule import zone_of
from judge.service.timing import timing_of
from judge.storage.games import members
from judge.storage.mailqueue import queue_mail
from judge.storage.schema import Game, MarketMail, PhaseRecord

LENGTHS = {"M": PhaseKind.MOVEMENT, "R": PhaseKind.RETREAT}


def timed_as(phase: str) -> PhaseKind:
    """Whose length the master's timing gives a phase: a movement or retreat its own,
    every other phase (a market phase, an adjustment) the adjustment length."""
    return LENGTHS.get(phase[-1:], PhaseKind.ADJUSTMENT)


def phase_mails(session: Session, record: PhaseRecord) -> list[MarketMail]:
    """The mail kept for a phase, in the order the judge read it."""
    return list(session.scalars(select(MarketMail).where(MarketMail.phase_id == record.id)
                                .order_by(MarketMail.id)))


def unacted(session: Session, record: PhaseRecord, actors: Sequence[str]) -> list[str]:
    """The ``actors`` (a member's name, or ``NAME/POWER`` for a power he acts for) who
    have sent no mail for the phase that the judge kept, signed on as that power."""
    sent = {(m.sender.upper(), (m.acting or "").upper()) for m in phase_mails(session, record)}
    names = {name for name, _ in sent}
    out = []
    for actor in actors:
        name, _, power = actor.upper().partition("/")
        if (name, power) not in sent if power else name not in names:
            out.append(actor.upper())
    return out


def ready(session: Session, game: Game, kind: MarketKind[Any, Any, Any],
          record: PhaseRecord) -> bool:
    """Whether the phase may be processed before its deadline, as a board game's is:
    everyone who may act in it (the kind's ``actors``) has sent mail for it that the
    judge kept, each power he acts for signed on as that power, and no member has asked
    to wait (SET WAIT)."""
    if kind.actors is None:
        return False
    actors = kind.actors(opened(game, kind, record))
    if not actors:
        return False
    if any(m.wait for m in members(session, game) if m.role == MEMBER):
        return False
    return not unacted(session, record, actors)


def remind(session: Session, settings: Settings, game: Game, kind: MarketKind[Any, Any, Any],
           record: PhaseRecord, now: datetime) -> str | None:
    """Once a phase, the master's ``reminder`` before its deadline (never in the first
    half of the phase), each member who must act and has sent no mail for it is told the
    deadline, in his own zone, and as which powers the judge waits for him; nobody else
    is. None when none is due."""
    timing = timing_of(game.options)
    if record.reminded_at is not None or record.deadline is None or kind.actors is None:
        return None
    length = timing.length(timed_as(record.phase))
    moment = remind_at(PhaseClock(record.deadline, ready=False, late=True,
                                  started=record.created_at, length=length), timing)
    if moment is None or now < moment:
        return None
    late = unacted(session, record, kind.actors(opened(game, kind, record)))
    record.reminded_at = now
    waited: dict[str, list[str]] = {}
    for actor in late:
        name, _, power = actor.partition("/")
        waited.setdefault(name, [])
        if power:
            waited[name].append(power)
    hours = max(0, int((record.deadline - now).total_seconds() // 3600))
    told = 0
    for m in members(session, game):
        name = (m.name or "").upper()
        if m.role != MEMBER or name not in waited:
            continue
        powers = waited[name]
        as_ = f", signed on as {' and as '.join(p.title() for p in powers)}" if powers else ""
        text = (f"Reminder: the judge has no mail from you{as_} yet for {record.phase} in "
                f"{game.name}. Its deadline is "
                f"{deadline_text(record.deadline, m.zone or zone_of(game))}, "
                f"in about {hours} hour{'s' if hours != 1 else ''}; the phase is played "
                "then with what the judge has.")
        queue_mail(session, m.address, notice_subject(game.name, "deadline reminder",
                                                     record.phase),
                   notice(settings, text),
                   sender=settings.address, now=now)
        told += 1
    return f"reminded {told}" if told else None
