"""The game store's submissions: each power's orders and offers for a phase, every
version kept, the one in force read back."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any, cast

from sqlalchemy import Table, bindparam, func, insert, select
from sqlalchemy.orm import Session

from judge.storage.schema import PhaseRecord, Player, Submission
from judge.storage.transaction import in_force, transaction_of


@dataclass(frozen=True, slots=True)
class SubmittedLine:
    """One accepted line of a submission: where it was, as typed, as understood."""

    line: int
    text: str
    canonical: str

def current_submission(
    session: Session, record: PhaseRecord, power: str, kind: str
) -> Submission | None:
    """The version in force of a power's orders or offers for a phase."""
    return session.scalar(
        select(Submission)
        .where(
            Submission.phase_id == record.id, Submission.power == power, Submission.kind == kind
        )
        .order_by(Submission.version.desc())
        .limit(1)
    )


def submit(
    session: Session,
    record: PhaseRecord,
    power: str,
    kind: str,
    lines: Sequence[SubmittedLine],
    player: Player | None,
    now: datetime,
) -> None:
    """Add a new version (an empty one clears); earlier versions stay for the record.

    One statement: the version is numbered by the insert itself (the highest so far plus
    one), where reading the version in force first took two. Callers hold the game's lock
    (``lock_game``), as the phase processor does, so no other version is numbered at the
    same time; the unique constraint would refuse a second one anyway."""
    session.flush()  # whatever the session holds (a new player) is written first
    session.info.pop(_SUBMITTED, None)  # what was read in force is no longer
    session.connection().execute(_SUBMIT, {
        "game_id": record.game_id, "phase_id": record.id, "power": power, "kind": kind,
        "lines": [{"line": x.line, "text": x.text, "canonical": x.canonical} for x in lines],
        "player_id": player.id if player else None, "submitted_at": now,
    })


# Built once (every order mail runs it): a Core statement on the table, no ORM flush.
_SUBMISSIONS = cast(Table, Submission.__table__)
_SUBMIT = insert(_SUBMISSIONS).values(
    game_id=bindparam("game_id"), phase_id=bindparam("phase_id"), power=bindparam("power"),
    kind=bindparam("kind"), lines=bindparam("lines", type_=_SUBMISSIONS.c.lines.type),
    player_id=bindparam("player_id"), submitted_at=bindparam("submitted_at"),
    version=select(func.coalesce(func.max(_SUBMISSIONS.c.version), 0) + 1)
    .where(_SUBMISSIONS.c.phase_id == bindparam("phase_id"),
           _SUBMISSIONS.c.power == bindparam("power"),
           _SUBMISSIONS.c.kind == bindparam("kind"))
    .scalar_subquery(),
).inline()  # nothing is read back: no RETURNING


def submitted_lines(submission: Submission | None) -> tuple[SubmittedLine, ...]:
    if submission is None:
        return ()
    return tuple(SubmittedLine(d["line"], d["text"], d["canonical"]) for d in submission.lines)


def submissions_in_force(
    session: Session, record: PhaseRecord, kind: str
) -> Mapping[str, tuple[SubmittedLine, ...]]:
    """Each power's lines in force for a phase (powers that never submitted left out)."""
    return {power: tuple(SubmittedLine(d["line"], d["text"], d["canonical"]) for d in lines)
            for power, lines in _versions_in_force(session, record, kind)}


def canonical_in_force(session: Session, record: PhaseRecord,
                       kind: str) -> dict[str, tuple[str, ...]]:
    """``submissions_in_force``'s lines as the judge understood them, and only those
    (what the phase is played from): no ``SubmittedLine`` made for each."""
    return {power: tuple(d["canonical"] for d in lines)
            for power, lines in _versions_in_force(session, record, kind)}


def _versions_in_force(session: Session, record: PhaseRecord,
                       kind: str) -> Sequence[tuple[str, list[dict[str, Any]]]]:
    """Each power's version in force (its highest), by power: only that version's lines
    read and decoded, by a Core statement (no ORM row for each version).

    Read once per transaction: the processor asks whether every power has acted, then
    plays the phase from the same sheets. ``submit`` (the only writer) forgets what was
    read, and it does not outlive the transaction (or savepoint) it was read in. The
    lines are shared: callers only read them."""
    memo = session.info.setdefault(_SUBMITTED, {})
    key = (record.id, kind)
    if key in memo and in_force(session, memo[key][0]):
        return cast(Sequence[tuple[str, list[dict[str, Any]]]], memo[key][1])
    session.flush()  # what the session holds unwritten, as the ORM's autoflush did
    rows = session.connection().execute(_IN_FORCE, {"phase_id": record.id, "kind": kind}).all()
    memo[key] = (transaction_of(session), rows)
    return cast(Sequence[tuple[str, list[dict[str, Any]]]], rows)


_SUBMITTED = "judge.submitted"  # session.info: (phase id, kind) -> (transaction, rows)


_LATER = _SUBMISSIONS.alias("later")
_IN_FORCE = (
    select(_SUBMISSIONS.c.power, _SUBMISSIONS.c.lines)
    .where(_SUBMISSIONS.c.phase_id == bindparam("phase_id"),
           _SUBMISSIONS.c.kind == bindparam("kind"),
           _SUBMISSIONS.c.version == select(func.max(_LATER.c.version))
           .where(_LATER.c.phase_id == _SUBMISSIONS.c.phase_id,
                  _LATER.c.power == _SUBMISSIONS.c.power,
                  _LATER.c.kind == _SUBMISSIONS.c.kind)
           .scalar_subquery())
    .order_by(_SUBMISSIONS.c.power)
)
