"""When a phase is due: the master's timing, weekdays, zones, absences, reminders and grace.

Nothing here reads the clock: every function is given ``now``.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import UTC, date, datetime, time, timedelta
from enum import Enum
from zoneinfo import ZoneInfo

from judge.engine.phase import PhaseKind
from judge.service.timing import Timing, TimingError

DAY = timedelta(days=1)
MAX_ABSENCE = timedelta(days=14)  # DPjudge's limit for a player's own absence
MONTHS = ("JAN", "FEB", "MAR", "APR", "MAY", "JUN", "JUL", "AUG", "SEP", "OCT", "NOV", "DEC")


def _local(moment: datetime, zone: ZoneInfo) -> datetime:
    return moment.astimezone(zone)


def _wall(day: date, clock: time, zone: ZoneInfo) -> datetime:
    """A wall-clock time in ``zone``; a time skipped by a DST change is read as the same
    wall time after the change (fold 0, as ``zoneinfo`` does)."""
    return datetime.combine(day, clock, tzinfo=zone).astimezone(UTC).astimezone(zone)


def deadline_after(start: datetime, kind: PhaseKind, timing: Timing) -> datetime:
    """The deadline of a phase of ``kind`` starting at ``start``: its length later, then
    the next ``at`` time of day, then the next allowed weekday (local to the game)."""
    return align(start + timing.length(kind), timing)


def align(moment: datetime, timing: Timing) -> datetime:
    """``moment`` moved on to the next ``at`` time of day and allowed weekday."""
    zone = ZoneInfo(timing.zone)
    due = _local(moment, zone)
    if timing.at is not None:
        candidate = _wall(due.date(), timing.at, zone)
        if candidate < due:
            candidate = _wall(due.date() + DAY, timing.at, zone)
        due = candidate
    for _ in range(7):
        if due.weekday() in timing.days:
            break
        due = _wall(due.date() + DAY, due.timetz().replace(tzinfo=None), zone)
    return due.astimezone(UTC)


@dataclass(frozen=True, slots=True)
class Absence:
    """A player away from ``first`` to ``last`` (whole days, in ``zone``)."""

    first: date
    last: date
    zone: str = "UTC"

    def covers(self, moment: datetime) -> bool:
        day = moment.astimezone(ZoneInfo(self.zone)).date()
        return self.first <= day <= self.last

    def __str__(self) -> str:
        return f"{self.first.isoformat()} TO {self.last.isoformat()}"


_ISO = re.compile(r"(\d{4})-(\d{1,2})-(\d{1,2})")


def read_date(text: str, today: date) -> date:
    """``2026-12-24``, ``24 DEC``, ``DEC 24`` (the next such day from ``today``)."""
    word = text.strip().upper().replace(",", " ")
    m = _ISO.fullmatch(word)
    try:
        if m:
            return date(int(m.group(1)), int(m.group(2)), int(m.group(3)))
        parts = word.split()
        if len(parts) == 2:
            day_text, month_text = (parts if parts[0].isdigit() else parts[::-1])
            if day_text.isdigit() and month_text[:3] in MONTHS:
                month, day = MONTHS.index(month_text[:3]) + 1, int(day_text)
                found = date(today.year, month, day)
                return found if found >= today else date(today.year + 1, month, day)
    except ValueError:
        pass
    raise TimingError(f"{text.strip()!r} is not a date; write 2026-12-24 or 24 DEC")


def read_absence(text: str, today: date, zone: str = "UTC") -> Absence:
    """``SET ABSENCE <from> TO <to>`` (or one day): up to MAX_ABSENCE, not in the past."""
    parts = re.split(r"\s+(?:TO|-)\s+", text.strip(), maxsplit=1, flags=re.IGNORECASE)
    first = read_date(parts[0], today)
    last = read_date(parts[1], first) if len(parts) == 2 else first
    if last < first:
        raise TimingError(f"the absence ends ({last}) before it begins ({first})")
    if last < today:
        raise TimingError(f"the absence ended on {last}; give days still to come")
    if last - first >= MAX_ABSENCE:
        raise TimingError(f"an absence may last at most {MAX_ABSENCE.days} days; ask the "
                          "master to PAUSE the game for longer")
    return Absence(first, last, zone)


def parse_absence(text: str | None, zone: str = "UTC") -> Absence | None:
    """A stored absence (``2026-12-01 TO 2026-12-10``); None when unset or unreadable."""
    if not text:
        return None
    parts = text.split(" TO ")
    try:
        first = date.fromisoformat(parts[0].strip())
        last = date.fromisoformat(parts[-1].strip())
    except ValueError:
        return None
    return Absence(first, last, zone)


def moved_by_absences(deadline: datetime, absences: Iterable[Absence],
                      timing: Timing) -> datetime:
    """A deadline falling on a day someone is away moves to the same time of day after
    the absence (njudge: no deadline is set during an absence)."""
    away = list(absences)
    zone = ZoneInfo(timing.zone)
    for _ in range(len(away) + 1):
        hit = next((a for a in away if a.covers(deadline)), None)
        if hit is None:
            return deadline
        local = deadline.astimezone(zone)
        later = max(local.date() + DAY, hit.last + DAY)
        moved = _wall(later, local.timetz().replace(tzinfo=None), zone)
        while hit.covers(moved):
            moved = _wall(moved.date() + DAY, local.timetz().replace(tzinfo=None), zone)
        deadline = align(moved, timing)
    return deadline


class Due(Enum):
    """What a phase needs from the processor at this moment."""

    PROCESS = "process"
    REMIND = "remind"
    LATE_NOTICE = "late notice"
    TELL_MASTER = "tell master"


@dataclass(frozen=True, slots=True)
class PhaseClock:
    """A phase's timing facts at one moment; what is due follows from them alone."""

    deadline: datetime | None
    ready: bool  # every power that must act has acted, and none waits
    late: bool  # some power with a player that must act has not acted
    reminded_at: datetime | None = None
    late_told_at: datetime | None = None
    master_told_at: datetime | None = None
    started: datetime | None = None  # when the phase began
    length: timedelta | None = None  # how long the master's timing makes such a phase


def remind_at(clock: PhaseClock, timing: Timing) -> datetime | None:
    """``reminder`` before the deadline, but never in the first half of the phase: a
    phase shorter than the reminder lead gets its reminder half-way, not at once.

    The phase counts as begun when it was created, or when its current deadline was
    placed if that is later (a rollback or a pause restarts the clock): never less than
    its length before the deadline, so a restored phase is not reminded at once either.
    """
    if clock.deadline is None or not timing.reminder:
        return None
    moment = clock.deadline - timing.reminder
    begun = clock.started
    if clock.length is not None:
        placed = clock.deadline - clock.length
        begun = placed if begun is None else max(begun, placed)
    if begun is not None and begun < clock.deadline:
        moment = max(moment, begun + (clock.deadline - begun) / 2)
    return moment


def due(clock: PhaseClock, timing: Timing, now: datetime) -> Due | None:
    """Early when ready; at the deadline when nobody is late; late powers get the grace
    period (a late notice at once, then every ``late_every``), then civil disorder or a
    word to the master. Reminders go once, ``reminder`` before the deadline."""
    if clock.ready:
        return Due.PROCESS
    if clock.deadline is None:
        return None
    if now < clock.deadline:
        moment = remind_at(clock, timing)
        if moment is not None and now >= moment and clock.late and clock.reminded_at is None:
            return Due.REMIND
        return None
    if not clock.late:
        return Due.PROCESS
    if now < clock.deadline + timing.grace:
        told = clock.late_told_at
        if told is None or told < clock.deadline or now - told >= timing.late_every:
            return Due.LATE_NOTICE
        return None
    if timing.disorder:
        return Due.PROCESS
    return Due.TELL_MASTER if clock.master_told_at is None else None
