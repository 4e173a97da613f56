"""A game's timing as the master sets it: phase lengths, time of day, weekdays, zone,
reminders, grace and what happens to late powers; read from and shown as option text."""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from datetime import time, timedelta
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from judge.engine.phase import PhaseKind

HOUR = timedelta(hours=1)
DAY = timedelta(days=1)
MAX_LENGTH = timedelta(days=60)
WEEKDAYS = ("MON", "TUE", "WED", "THU", "FRI", "SAT", "SUN")


class TimingError(ValueError):
    """A timing value that cannot be used; the message says what would be right."""


@dataclass(frozen=True, slots=True)
class Timing:
    """A game's timing, as the master set it (DPjudge ``TIMING`` in separate options).

    A phase's deadline is its start plus its length, moved on to the next ``at`` time of
    day and then to an allowed weekday, all in ``zone``. Reminders go ``reminder`` before
    the deadline; late powers get ``grace`` more, with a late notice every ``late_every``;
    then the phase is processed in civil disorder, or, when ``disorder`` is off, the game
    waits for the master. A paused game tells everyone again every ``pause_notice``.
    """

    movement: timedelta = timedelta(hours=72)
    retreat: timedelta = timedelta(hours=24)
    adjustment: timedelta = timedelta(hours=24)
    at: time | None = None
    days: frozenset[int] = frozenset(range(7))
    zone: str = "UTC"
    reminder: timedelta = timedelta(hours=24)
    grace: timedelta = timedelta(hours=24)
    late_every: timedelta = timedelta(hours=24)
    disorder: bool = True
    pause_notice: timedelta = timedelta(days=7)

    def length(self, kind: PhaseKind) -> timedelta:
        return {PhaseKind.MOVEMENT: self.movement, PhaseKind.RETREAT: self.retreat,
                PhaseKind.ADJUSTMENT: self.adjustment}[kind]


# option name -> Timing field; the names veterans type, DPjudge's TIMING words included
OPTION_FIELDS: dict[str, str] = {
    "MOVE": "movement", "MOVEMENT": "movement",
    "RETREAT": "retreat", "RETREATS": "retreat",
    "ADJUST": "adjustment", "ADJUSTMENT": "adjustment", "ADJUSTMENTS": "adjustment",
    "BUILD": "adjustment",
    "AT": "at", "DAYS": "days", "ZONE": "zone",
    "REMINDER": "reminder", "WARN": "reminder",
    "GRACE": "grace", "LATE": "disorder",
}
CANONICAL = {"movement": "MOVE", "retreat": "RETREAT", "adjustment": "ADJUST", "at": "AT",
             "days": "DAYS", "zone": "ZONE", "reminder": "REMINDER", "grace": "GRACE",
             "disorder": "LATE"}
_DURATION = re.compile(r"(\d+)\s*([DHM])", re.IGNORECASE)


def read_duration(text: str, what: str, allow_zero: bool = False) -> timedelta:
    """``3D``, ``36H``, ``90M``, ``2D12H`` (days, hours, minutes), or ``0`` where allowed."""
    word = text.strip().upper().replace(" ", "")
    if word in ("0", "NONE", "OFF") and allow_zero:
        return timedelta(0)
    if not word or _DURATION.sub("", word):
        raise TimingError(f"{what} takes a length such as 3D, 36H, 90M or 2D12H, "
                          f"not {text.strip()!r}")
    units = {"D": DAY, "H": HOUR, "M": timedelta(minutes=1)}
    total = sum((int(n) * units[u.upper()] for n, u in _DURATION.findall(word)), timedelta())
    if not allow_zero and total < timedelta(minutes=10):
        raise TimingError(f"{what} must be at least 10 minutes, not {text.strip()!r}")
    if total > MAX_LENGTH:
        raise TimingError(f"{what} may be at most {MAX_LENGTH.days} days, not {text.strip()!r}")
    return total


def read_time_of_day(text: str) -> time | None:
    """``12:00``, ``1730`` or ``NONE`` (deadlines fall at the exact end of the phase)."""
    word = text.strip().upper()
    if word in ("NONE", "OFF", "-"):
        return None
    m = re.fullmatch(r"(\d{1,2}):?(\d{2})", word)
    if not m or int(m.group(1)) > 23 or int(m.group(2)) > 59:
        raise TimingError(f"AT takes a time of day such as 12:00 or 2330, or NONE; "
                          f"not {text.strip()!r}")
    return time(int(m.group(1)), int(m.group(2)))


def read_days(text: str) -> frozenset[int]:
    """DPjudge's ``-MTWTF-`` (Sunday first, ``-`` for a day without deadlines), day names
    (``MON,TUE,FRI``), ranges (``MON-FRI``) or ``ALL``."""
    word = text.strip().upper()
    if word in ("ALL", "ANY"):
        return frozenset(range(7))
    if len(word) == 7 and all(c in "SMTWF-" for c in word):
        sunday_first = [6, 0, 1, 2, 3, 4, 5]
        found = frozenset(d for c, d in zip(word, sunday_first, strict=True) if c != "-")
        if found and all(c in ("-", "SMTWTFS"[i]) for i, c in enumerate(word)):
            return found
    days: set[int] = set()
    for part in re.split(r"[,\s]+", word):
        ends = part.split("-")
        if not part or len(ends) > 2 or any(e[:3] not in WEEKDAYS for e in ends):
            raise TimingError(f"DAYS takes -MTWTF- (Sunday first), day names such as "
                              f"MON,WED,FRI, a range such as MON-FRI, or ALL; not {text.strip()!r}")
        first, last = WEEKDAYS.index(ends[0][:3]), WEEKDAYS.index(ends[-1][:3])
        days.update((first + k) % 7 for k in range((last - first) % 7 + 1))
    return frozenset(days)


def read_zone(text: str) -> str:
    """An IANA zone name such as ``Europe/Paris``, ``America/New_York`` or ``UTC``."""
    name = text.strip()
    if name.upper() in ("UTC", "GMT", "Z"):
        return "UTC"
    try:
        ZoneInfo(name)
    except (ZoneInfoNotFoundError, ValueError):
        raise TimingError(f"unknown time zone {name!r}; use a name such as Europe/London, "
                          "America/New_York or UTC") from None
    return name


def read_late(text: str) -> bool:
    word = text.strip().upper()
    if word in ("CD", "DISORDER", "CIVIL_DISORDER"):
        return True
    if word in ("WAIT", "MASTER"):
        return False
    raise TimingError(f"LATE takes DISORDER (late powers' units hold, retreats disband, "
                      f"no builds) or WAIT (the game waits for the master), not {text.strip()!r}")


def read_option(name: str, value: str) -> tuple[str, str]:
    """Check one timing option; its canonical name and value as stored in the game's
    options, or TimingError saying what is wrong."""
    attr = OPTION_FIELDS.get(name.upper())
    if attr is None:
        raise TimingError(f"unknown timing option {name}; the options are "
                          f"{', '.join(CANONICAL.values())}")
    key = CANONICAL[attr]
    if attr in ("movement", "retreat", "adjustment"):
        return key, _show(read_duration(value, key))
    if attr in ("reminder", "grace"):
        return key, _show(read_duration(value, key, allow_zero=True))
    if attr == "at":
        at = read_time_of_day(value)
        return key, "NONE" if at is None else at.strftime("%H:%M")
    if attr == "days":
        return key, show_days(read_days(value))
    if attr == "zone":
        return key, read_zone(value)
    return key, "DISORDER" if read_late(value) else "WAIT"


def read_timing_line(text: str) -> list[tuple[str, str]]:
    """DPjudge's ``TIMING MOVE 3D RETREAT 1D AT 12:00 DAYS -MTWTF- GRACE 2D``: pairs of
    option and value, each checked."""
    words = text.split()
    if not words or len(words) % 2:
        raise TimingError("TIMING takes pairs such as MOVE 3D RETREAT 1D ADJUST 1D AT 12:00 "
                          "DAYS -MTWTF- ZONE Europe/Paris REMINDER 24H GRACE 2D LATE WAIT")
    return [read_option(words[i], words[i + 1]) for i in range(0, len(words), 2)]


def timing_of(options: Mapping[str, str]) -> Timing:
    """A game's Timing from its stored options (values already checked when set)."""
    values: dict[str, object] = {}
    for key, attr in ((k, OPTION_FIELDS[k]) for k in CANONICAL.values()):
        if key not in options:
            continue
        text = options[key]
        if attr in ("movement", "retreat", "adjustment"):
            values[attr] = read_duration(text, key)
        elif attr in ("reminder", "grace"):
            values[attr] = read_duration(text, key, allow_zero=True)
        elif attr == "at":
            values[attr] = read_time_of_day(text)
        elif attr == "days":
            values[attr] = read_days(text)
        elif attr == "zone":
            values[attr] = read_zone(text)
        else:
            values[attr] = read_late(text)
    return Timing(**values)  # type: ignore[arg-type]


def _show(length: timedelta) -> str:
    minutes = int(length.total_seconds()) // 60
    if not minutes:
        return "0"
    days, rest = divmod(minutes, 24 * 60)
    hours, mins = divmod(rest, 60)
    return "".join(f"{n}{u}" for n, u in ((days, "D"), (hours, "H"), (mins, "M")) if n)


def show_days(days: Iterable[int]) -> str:
    """DPjudge's seven letters, Sunday first: ``-MTWTF-``."""
    chosen = set(days)
    return "".join(c if d in chosen else "-" for c, d in zip("SMTWTFS", [6, 0, 1, 2, 3, 4, 5],
                                                             strict=True))


def market_clock(timing: Timing) -> str:
    """``describe`` for a market game (judge.games.market.mail.phases.schedule): a board
    phase of it takes the movement or retreat length, each market phase the adjustment
    length; a member who has sent nothing is reminded ``reminder`` before the deadline
    (judge.games.market.mail.turnout), and the phase is played at its deadline with the
    mail the judge has (there is no grace)."""
    at = f" at {timing.at.strftime('%H:%M')}" if timing.at else ""
    return (f"movement {_show(timing.movement)}, retreats {_show(timing.retreat)}, "
            f"every other phase {_show(timing.adjustment)}{at} on "
            f"{show_days(timing.days)} ({timing.zone}); reminder {_show(timing.reminder)} "
            "before; each phase is played at its deadline (no grace)")


def describe(timing: Timing) -> str:
    """One line for the master's reply and the game start notice."""
    at = f" at {timing.at.strftime('%H:%M')}" if timing.at else ""
    after = "civil disorder" if timing.disorder else "the game waits for the master"
    return (f"movement {_show(timing.movement)}, retreats {_show(timing.retreat)}, "
            f"adjustments {_show(timing.adjustment)}{at} on {show_days(timing.days)} "
            f"({timing.zone}); reminder {_show(timing.reminder)} before; grace "
            f"{_show(timing.grace)}, then {after}")
