"""The judge's notices about a game's life: start, reminders, late notices, order
confirmations, pause and resume, rollback, and the end."""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime

from judge.engine.maps import load_map
from judge.engine.phase import Phase
from judge.engine.position import Position
from judge.service.reports.mail import Mail, compose
from judge.service.reports.notation import next_title, power_name, roll, unit_text
from judge.service.reports.roster import (
    GameOrRoster,
    Member,
    Roster,
    as_roster,
    deadline_text,
)

ENDINGS = ("victory", "draw", "concession", "terminated")
NOTICE = "Diplomacy "  # how every notice's subject begins (notice_subject)


def notice_subject(game: str, event: str, phase: str | None = None) -> str:
    """The subject of a notice of a game, one form in every kind (a player never tells
    by it which corner of the judge his game lives in), as veteran judge players' mail
    filters read it: what befell the game after its name, ``Diplomacy game <game> is
    paused`` (``event`` "is paused"; an event starting with ":" follows the name at
    once: ``Diplomacy game <game>: FRANCE resigned``); a notice of one phase in the
    form of the results, ``Diplomacy <event> <game> <phase>`` (``Diplomacy deadline
    reminder <game> S1901M``, as ``Diplomacy results <game> S1901M``)."""
    if phase is not None:
        return f"{NOTICE}{event} {game} {phase}"
    return f"{NOTICE}game {game}{'' if event.startswith(':') else ' '}{event}"


@dataclass(frozen=True, slots=True)
class PhaseView:
    """A notice about a phase to one reader: ``power`` is the power it is about (None
    for the master and observers), ``by`` the reader's own power when the reader plays
    ``power`` as its controller, ``late`` the late powers (the master's notice only)."""

    game: str
    phase: str
    title: str
    deadline: str | None
    power: str | None = None
    hours: int | None = None
    late: tuple[str, ...] = ()
    grace: str | None = None
    disorder: bool = True
    by: str | None = None


@dataclass(frozen=True, slots=True)
class StartView:
    game: str
    variant: str
    power: str | None
    forces: tuple[str, ...]  # a line per power: all powers for the master and observers
    balance: int | None
    phase: str
    title: str
    deadline: str | None
    unplayed: tuple[str, ...] = ()  # powers started without a player: in civil disorder
    blind: str = ""  # BLIND games: "player" or "observer" (who sees no unit), as results


@dataclass(frozen=True, slots=True)
class StateView:
    """Pause, resume and rollback: the same public facts for everyone."""

    game: str
    paused: bool
    phase: str | None
    title: str | None
    deadline: str | None
    reason: str


@dataclass(frozen=True, slots=True)
class Ending:
    """How a game ended: ``powers`` are the winner, the drawing powers, or the power
    conceded to; none when the master terminated it."""

    kind: str
    powers: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        if self.kind not in ENDINGS:
            raise ValueError(f"not an ending: {self.kind!r} (one of {', '.join(ENDINGS)})")


@dataclass(frozen=True, slots=True)
class EndView:
    game: str
    kind: str
    powers: tuple[str, ...]
    centers: tuple[tuple[str, int], ...]
    balances: tuple[tuple[str, int], ...]  # Payola: public once the game is over


@dataclass(frozen=True, slots=True)
class OrdersView:
    game: str
    power: str
    phase: str
    kind: str
    lines: tuple[str, ...]
    idle: tuple[str, ...]


def _title(phase: str) -> str:
    return next_title(Phase.parse(phase))


def start_mails(game: GameOrRoster, position: Position, deadline: datetime | None,
                balances: Mapping[str, int] | None = None,
                unplayed: Sequence[str] = ()) -> list[Mail]:
    """Everyone learns the game began, and which powers it began without (in civil
    disorder); a player sees their own units and (Payola) their own starting balance, the
    master every power's units, and observers too unless the game is BLIND, where they
    see no unit, as in its results (``sight``)."""
    roster = as_roster(game)
    board = load_map(roster.map_name)
    forces = {p: roll(power_name(p), [unit_text(u, board) for u in
                                                  sorted(us, key=lambda u: u.location)])
              for p, us in sorted(position.units.items())}
    mails = []
    for m in roster.everyone():
        own = m.reader if m.reader in roster.players else None
        blind = "" if not roster.blind or m.reader == "MASTER" else \
            "player" if own is not None else "observer"
        view = StartView(
            roster.game, roster.variant.upper(), own,
            tuple(line for p, line in forces.items()
                  if (own is None or p == own) and blind != "observer"),
            None if own is None or balances is None else balances.get(own, 0),
            str(position.phase), _title(str(position.phase)), deadline_text(deadline, m.zone),
            tuple(power_name(p) for p in sorted(unplayed)), blind)
        mails.append(compose(m.address, m.reader, notice_subject(roster.game, "has started"),
                             "notice/start.txt.j2", view))
    return mails


def reminder_mails(game: GameOrRoster, powers: Collection[str], phase: str,
                   deadline: datetime, now: datetime) -> list[Mail]:
    """To each power that has not yet acted, and to nobody else (never the list); a
    controlled power's reminder goes to its controller's player, who gives its orders."""
    roster = as_roster(game)
    hours = max(0, int((deadline - now).total_seconds() // 3600))
    return [
        compose(m.address, p, notice_subject(roster.game, "deadline reminder", phase),
                "notice/reminder.txt.j2",
                PhaseView(roster.game, phase, _title(phase), deadline_text(deadline, m.zone),
                          p, hours, by=_by(m, p)))
        for p in sorted(powers) if (m := roster.acting(p)) is not None
    ]


def _by(member: Member, power: str) -> str | None:
    """The reader's own power when it reads about a power it controls."""
    return member.reader if member.reader != power else None


def late_notice_mails(game: GameOrRoster, phase: str, late: Collection[str],
                      deadline: datetime, grace_end: datetime | None,
                      disorder: bool = True) -> list[Mail]:
    """Each late power is told it is late and what happens at the end of the grace
    period (civil disorder, or the game waits for the master); the master gets the list.
    A controlled power's notice goes to its controller's player."""
    roster = as_roster(game)
    subject = notice_subject(roster.game, "late notice", phase)

    def view(m: Member, power: str | None, names: tuple[str, ...]) -> PhaseView:
        return PhaseView(roster.game, phase, _title(phase), deadline_text(deadline, m.zone),
                         power, None, names, deadline_text(grace_end, m.zone), disorder,
                         _by(m, power) if power is not None else None)

    mails = [compose(m.address, p, subject, "notice/late.txt.j2", view(m, p, ()))
             for p in sorted(late) if (m := roster.acting(p)) is not None]
    if roster.master is not None and late:
        mails.append(compose(roster.master.address, "MASTER", subject, "notice/late.txt.j2",
                             view(roster.master, None, tuple(sorted(late)))))
    return mails


def order_confirmation_mails(game: GameOrRoster, power: str, phase: str,
                             lines: Sequence[str], idle: Sequence[str] = (),
                             kind: str = "orders") -> list[Mail]:
    """DPjudge's ALWAYS_CONFIRM: the master gets a copy of a power's orders (or Payola
    offer sheet) each time they change, so disputes can be settled. The player's own
    confirmation is the reply to the mail that gave them, which echoes every line as the
    judge read it; without the flag nobody else is told anything."""
    roster = as_roster(game)
    master = roster.master_apart()
    if not roster.rules.always_confirm or master is None:
        return []
    return [compose(master.address, "MASTER", notice_subject(roster.game, "orders", phase),
                    "notice/orders.txt.j2",
                    OrdersView(roster.game, power, phase, kind, tuple(lines), tuple(idle)))]


def pause_mails(game: GameOrRoster, paused: bool, phase: str | None = None,
                deadline: datetime | None = None, reason: str = "") -> list[Mail]:
    """A pause is always announced to everyone, and so is the resumption with the new
    deadline, so no master can stop a game quietly."""
    roster = as_roster(game)
    said = "is paused" if paused else "is resumed"
    return _to_all(roster, notice_subject(roster.game, said), "notice/pause.txt.j2",
                   paused, phase, deadline, reason, roster.clock_readers())


def deadline_mails(game: GameOrRoster, phase: str, deadline: datetime, absence: bool,
                   but: str | None = None) -> list[Mail]:
    """The current deadline moved (the master's ``SET DEADLINE``, or an absence): everyone
    but ``but`` (who learns it in the reply) is told, in their own zone, never who is
    away."""
    roster = as_roster(game)
    why = "absence" if absence else "master"
    return [compose(m.address, m.reader, notice_subject(roster.game, "deadline", phase),
                    "notice/deadline.txt.j2",
                    StateView(roster.game, False, phase, _title(phase),
                              deadline_text(deadline, m.zone), why))
            for m in roster.clock_readers() if but is None or m.address.lower() != but.lower()]


def rollback_mails(game: GameOrRoster, phase: str, deadline: datetime | None) -> list[Mail]:
    """The master's ROLLBACK: everyone learns which phase is current again."""
    roster = as_roster(game)
    return _to_all(roster, notice_subject(roster.game, f"rolled back to {phase}"),
                   "notice/rollback.txt.j2", False, phase, deadline, "")


def _to_all(roster: Roster, subject: str, template: str, paused: bool, phase: str | None,
            deadline: datetime | None, reason: str,
            readers: list[Member] | None = None) -> list[Mail]:
    return [compose(m.address, m.reader, subject, template,
                    StateView(roster.game, paused, phase, _title(phase) if phase else None,
                              deadline_text(deadline, m.zone), reason))
            for m in (roster.everyone() if readers is None else readers)]


def end_mails(game: GameOrRoster, ending: Ending, position: Position,
              balances: Mapping[str, int] | None = None) -> list[Mail]:
    """The end, to everyone: how it ended, the final centre count, and in Payola every
    balance (secrets of the game become public at its end, spec 6.6)."""
    roster = as_roster(game)
    centers = tuple((power_name(p), len(cs)) for p, cs in sorted(position.centers.items()))
    view = EndView(roster.game, ending.kind, tuple(power_name(p) for p in ending.powers),
                   centers, tuple(sorted((power_name(p), b) for p, b in (balances or {}).items())))
    return [compose(m.address, m.reader, notice_subject(roster.game, "is over"),
                    "notice/end.txt.j2", view) for m in roster.everyone()]
