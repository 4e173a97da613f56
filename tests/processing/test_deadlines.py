"""Deadlines with an injected clock: timing options, time of day, weekdays, zones and DST,
absences, and what is due at each moment of a phase's life."""

from __future__ import annotations

from datetime import UTC, date, datetime, time, timedelta

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from judge.engine.phase import PhaseKind
from judge.service.deadlines import (
    Absence,
    Due,
    PhaseClock,
    align,
    deadline_after,
    due,
    moved_by_absences,
    parse_absence,
    read_absence,
    read_date,
    remind_at,
)
from judge.service.timing import (
    Timing,
    TimingError,
    read_days,
    read_duration,
    read_option,
    read_timing_line,
    timing_of,
)

MONDAY = datetime(2026, 3, 2, 9, 0, tzinfo=UTC)
H = timedelta(hours=1)


@pytest.mark.parametrize("text, hours", [
    ("3D", 72), ("36H", 36), ("2d12h", 60), ("90M", 1.5), ("1D 6H", 30),
])
def test_lengths_are_read_as_judges_write_them(text: str, hours: float) -> None:
    assert read_duration(text, "MOVE") == timedelta(hours=hours)


@pytest.mark.parametrize("name, value, message", [
    ("MOVE", "soon", "MOVE takes a length such as 3D"),
    ("MOVE", "5M", "at least 10 minutes"),
    ("RETREAT", "90D", "at most 60 days"),
    ("AT", "25:00", "AT takes a time of day"),
    ("DAYS", "weekdays", "DAYS takes -MTWTF-"),
    ("ZONE", "Mars/Olympus", "unknown time zone 'Mars/Olympus'"),
    ("LATE", "maybe", "LATE takes DISORDER"),
])
def test_a_bad_timing_value_says_what_would_be_right(name: str, value: str,
                                                     message: str) -> None:
    with pytest.raises(TimingError, match=message):
        read_option(name, value)


def test_options_are_stored_in_one_canonical_form() -> None:
    assert read_option("movement", "72h") == ("MOVE", "3D")
    assert read_option("BUILD", "1d") == ("ADJUST", "1D")
    assert read_option("WARN", "0") == ("REMINDER", "0")
    assert read_option("AT", "930") == ("AT", "09:30")
    assert read_option("DAYS", "mon-fri") == ("DAYS", "-MTWTF-")
    assert read_option("DAYS", "fri-mon") == ("DAYS", "SM---FS")
    assert read_option("LATE", "cd") == ("LATE", "DISORDER")
    assert read_timing_line("MOVE 2D AT 12:00 DAYS -MTWTF- ZONE Europe/Paris") == [
        ("MOVE", "2D"), ("AT", "12:00"), ("DAYS", "-MTWTF-"), ("ZONE", "Europe/Paris")]
    with pytest.raises(TimingError, match="pairs"):
        read_timing_line("MOVE 2D AT")


def test_dpjudge_day_letters_start_on_sunday() -> None:
    assert read_days("-MTWTF-") == frozenset({0, 1, 2, 3, 4})
    assert read_days("S-----S") == frozenset({5, 6})
    assert read_days("ALL") == frozenset(range(7))


def test_default_timing_is_three_days_for_movement_one_for_the_rest() -> None:
    timing = timing_of({})
    assert deadline_after(MONDAY, PhaseKind.MOVEMENT, timing) == MONDAY + 72 * H
    assert deadline_after(MONDAY, PhaseKind.RETREAT, timing) == MONDAY + 24 * H
    assert deadline_after(MONDAY, PhaseKind.ADJUSTMENT, timing) == MONDAY + 24 * H


def test_a_deadline_moves_on_to_the_time_of_day_in_the_games_zone() -> None:
    timing = timing_of({"MOVE": "2D", "AT": "20:00", "ZONE": "Europe/Paris"})
    # Monday 09:00 UTC + 2 days = Wednesday 10:00 in Paris -> Wednesday 20:00 Paris
    assert deadline_after(MONDAY, PhaseKind.MOVEMENT, timing) == datetime(
        2026, 3, 4, 19, 0, tzinfo=UTC)
    # past 20:00 local, the next day's 20:00
    late = datetime(2026, 3, 2, 21, 0, tzinfo=UTC)
    assert deadline_after(late, PhaseKind.MOVEMENT, timing) == datetime(
        2026, 3, 5, 19, 0, tzinfo=UTC)


def test_deadlines_skip_days_without_deadlines() -> None:
    timing = timing_of({"MOVE": "4D", "AT": "12:00", "DAYS": "-MTWTF-"})
    friday = datetime(2026, 3, 6, 13, 0, tzinfo=UTC)
    # Friday + 4 days = Tuesday 13:00 -> Wednesday 12:00
    assert deadline_after(friday, PhaseKind.MOVEMENT, timing) == datetime(
        2026, 3, 11, 12, 0, tzinfo=UTC)
    # Thursday + 2 days = Saturday -> Monday, same time of day
    thursday = datetime(2026, 3, 5, 11, 0, tzinfo=UTC)
    two = timing_of({"MOVE": "2D", "AT": "12:00", "DAYS": "-MTWTF-"})
    assert deadline_after(thursday, PhaseKind.MOVEMENT, two) == datetime(
        2026, 3, 9, 12, 0, tzinfo=UTC)


def test_the_wall_clock_time_holds_across_a_summer_time_change() -> None:
    timing = timing_of({"MOVE": "3D", "AT": "12:00", "ZONE": "Europe/London"})
    before = datetime(2026, 3, 27, 13, 0, tzinfo=UTC)  # Friday; clocks go forward on Sunday
    # Monday 12:00 in London is 11:00 UTC (BST)
    assert deadline_after(before, PhaseKind.MOVEMENT, timing) == datetime(
        2026, 3, 31, 11, 0, tzinfo=UTC)


@settings(max_examples=200, deadline=None)
@given(
    start=st.datetimes(min_value=datetime(2025, 1, 1), max_value=datetime(2030, 1, 1),
                       timezones=st.just(UTC)),
    hours=st.integers(1, 24 * 10),
    at=st.one_of(st.none(), st.times().map(lambda t: t.replace(second=0, microsecond=0))),
    days=st.frozensets(st.integers(0, 6), min_size=1),
    zone=st.sampled_from(["UTC", "Europe/Paris", "America/New_York", "Asia/Kolkata",
                          "Australia/Lord_Howe"]),
)
def test_a_deadline_is_never_early_and_falls_on_an_allowed_day(
    start: datetime, hours: int, at: time | None, days: frozenset[int], zone: str,
) -> None:
    timing = Timing(movement=timedelta(hours=hours), at=at, days=days, zone=zone)
    due_at = deadline_after(start, PhaseKind.MOVEMENT, timing)
    assert due_at >= start + timedelta(hours=hours)
    assert due_at - start <= timedelta(hours=hours) + timedelta(days=8)
    from zoneinfo import ZoneInfo

    assert due_at.astimezone(ZoneInfo(zone)).weekday() in days
    assert align(due_at, timing) == due_at  # aligned moments stay put


def test_absences_are_read_checked_and_stored_as_iso_dates() -> None:
    today = date(2026, 3, 2)
    assert str(read_absence("10 Mar TO 15 Mar", today)) == "2026-03-10 TO 2026-03-15"
    assert str(read_absence("2026-03-04", today)) == "2026-03-04 TO 2026-03-04"
    assert read_date("Jan 5", today) == date(2027, 1, 5)  # the next 5 January
    with pytest.raises(TimingError, match="at most 14 days"):
        read_absence("1 Apr TO 30 Apr", today)
    with pytest.raises(TimingError, match="ends .* before it begins"):
        read_absence("2026-03-10 TO 2026-03-05", today)
    with pytest.raises(TimingError, match="not a date"):
        read_absence("next week", today)
    assert parse_absence("2026-03-10 TO 2026-03-15") == Absence(date(2026, 3, 10),
                                                               date(2026, 3, 15))
    assert parse_absence(None) is None


def test_a_deadline_in_an_absence_moves_past_it() -> None:
    timing = timing_of({"AT": "18:00"})
    deadline = datetime(2026, 3, 11, 18, 0, tzinfo=UTC)
    away = Absence(date(2026, 3, 10), date(2026, 3, 12))
    assert moved_by_absences(deadline, [away], timing) == datetime(2026, 3, 13, 18, 0,
                                                                    tzinfo=UTC)
    elsewhere = Absence(date(2026, 4, 1), date(2026, 4, 2))
    assert moved_by_absences(deadline, [elsewhere], timing) == deadline
    # back-to-back absences of two players push it past both
    second = Absence(date(2026, 3, 13), date(2026, 3, 14))
    assert moved_by_absences(deadline, [away, second], timing) == datetime(
        2026, 3, 15, 18, 0, tzinfo=UTC)


def _clock(**kw: object) -> PhaseClock:
    values: dict[str, object] = {"deadline": MONDAY, "ready": False, "late": True}
    values.update(kw)
    return PhaseClock(**values)  # type: ignore[arg-type]


def test_what_is_due_through_a_phases_life() -> None:
    t = Timing()  # reminder 24 h, grace 24 h, late notice every 24 h, civil disorder
    assert due(_clock(), t, MONDAY - 30 * H) is None
    assert due(_clock(), t, MONDAY - 23 * H) is Due.REMIND
    assert due(_clock(reminded_at=MONDAY - 23 * H), t, MONDAY - 1 * H) is None
    assert due(_clock(late=False), t, MONDAY - 1 * H) is None  # nobody to remind
    assert due(_clock(ready=True), t, MONDAY - 50 * H) is Due.PROCESS  # early
    assert due(_clock(late=False), t, MONDAY) is Due.PROCESS
    assert due(_clock(), t, MONDAY) is Due.LATE_NOTICE
    assert due(_clock(late_told_at=MONDAY), t, MONDAY + 5 * H) is None
    assert due(_clock(late_told_at=MONDAY), t, MONDAY + 24 * H) is Due.PROCESS
    # a late notice from before a moved deadline does not count for the new one
    assert due(_clock(late_told_at=MONDAY - H), t, MONDAY + H) is Due.LATE_NOTICE
    waits = Timing(disorder=False, grace=timedelta(hours=48))
    assert due(_clock(late_told_at=MONDAY), waits, MONDAY + 24 * H) is Due.LATE_NOTICE
    assert due(_clock(late_told_at=MONDAY + 24 * H), waits, MONDAY + 48 * H) is Due.TELL_MASTER
    assert due(_clock(master_told_at=MONDAY + 48 * H), waits, MONDAY + 99 * H) is None
    assert due(_clock(deadline=None), t, MONDAY) is None
    quiet = Timing(reminder=timedelta(0), grace=timedelta(0))
    assert due(_clock(), quiet, MONDAY - H) is None
    assert due(_clock(), quiet, MONDAY) is Due.PROCESS


def test_a_short_phase_is_reminded_half_way_not_at_once() -> None:
    t = Timing()  # reminder 24 h before
    started = MONDAY - 24 * H  # a 24-hour retreat phase
    clock = _clock(started=started)
    assert due(clock, t, started + H) is None
    assert due(clock, t, started + 12 * H) is Due.REMIND


def test_a_restored_phase_is_not_reminded_at_once() -> None:
    """After a rollback (or a pause) the deadline is placed anew; the phase counts as
    begun then, however long ago it was first created."""
    t = Timing()
    placed = MONDAY - 24 * H  # a 24-hour phase whose deadline was placed a day before
    clock = _clock(started=placed - 30 * 24 * H, length=24 * H)
    assert due(clock, t, placed) is None
    assert due(clock, t, placed + 11 * H) is None
    assert due(clock, t, placed + 12 * H) is Due.REMIND
    # a long phase is reminded its lead before the deadline, as always
    long = _clock(started=MONDAY - 72 * H, length=72 * H)
    assert due(long, t, MONDAY - 25 * H) is None
    assert due(long, t, MONDAY - 24 * H) is Due.REMIND


@settings(max_examples=200, deadline=None)
@given(length=st.integers(10, 60 * 24 * 10), lead=st.integers(1, 60 * 24 * 5),
       age=st.integers(0, 60 * 24 * 30))
def test_a_reminder_never_goes_at_the_start_of_a_phase(length: int, lead: int,
                                                       age: int) -> None:
    minutes = timedelta(minutes=1)
    start = MONDAY - length * minutes
    clock = _clock(started=start - age * minutes, length=length * minutes)
    moment = due(clock, Timing(reminder=lead * minutes), start)
    assert moment is None
    at = remind_at(clock, Timing(reminder=lead * minutes))
    assert at is not None and start < at < MONDAY
