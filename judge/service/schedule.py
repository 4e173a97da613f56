"""A game's deadlines in the store: placing each phase's deadline, the master's timing
options, players' zones and absences, and the shift a pause causes."""

from __future__ import annotations

from datetime import datetime, timedelta
from zoneinfo import ZoneInfo

from sqlalchemy.orm import Session

from judge.engine.phase import Phase
from judge.service.context import Context, Identity, Refusal, Result
from judge.service.deadlines import (
    Absence,
    deadline_after,
    moved_by_absences,
    parse_absence,
    read_absence,
)
from judge.service.kinds import part_of
from judge.service.timing import (
    OPTION_FIELDS,
    WEEKDAYS,
    TimingError,
    read_duration,
    read_option,
    read_time_of_day,
    read_timing_line,
    read_zone,
    timing_of,
)
from judge.storage.games import members
from judge.storage.phases import current_record
from judge.storage.schema import Game, GameState, PhaseRecord, Player, Role
from judge.text import commands as c
from judge.text.commands import Step

TIMING_OPTIONS = frozenset(OPTION_FIELDS) | {"TIMING", "DEADLINE"}


def zone_of(game: Game) -> str:
    return game.options.get("ZONE") or "UTC"


def open_deadline(game: Game, record: PhaseRecord | None) -> datetime | None:
    """The deadline STATUS shows, in every kind of game: the open phase's, while the game
    goes on (a paused game's too: it moves on at the resumption); None once the phase
    is played or the game is over."""
    if record is None or record.processed_at is not None \
            or game.state not in (GameState.ACTIVE, GameState.PAUSED):
        return None
    return record.deadline


def absences(session: Session, game: Game) -> list[Absence]:
    """Every current player's absence, each read in that player's zone."""
    out = []
    for player in members(session, game):
        if player.role != Role.PLAYER:
            continue
        away = parse_absence(player.absence, player.zone or zone_of(game))
        if away is not None:
            out.append(away)
    return out


def schedule(session: Session, game: Game, record: PhaseRecord, now: datetime) -> datetime:
    """Give a new (or restored) phase its deadline from ``now``; its notices start afresh."""
    timing = timing_of(game.options)
    kind = Phase.parse(record.phase).kind
    due = moved_by_absences(deadline_after(now, kind, timing), absences(session, game), timing)
    record.deadline = due
    record.reminded_at = record.late_told_at = record.master_told_at = None
    return due


def shift(record: PhaseRecord, by: timedelta) -> None:
    """Move a phase's deadline on by ``by`` (a pause's length)."""
    if record.deadline is not None and by > timedelta(0):
        record.deadline = record.deadline + by
        record.reminded_at = record.late_told_at = record.master_told_at = None


def set_timing(ctx: Context, cmd: c.SetOption, step: Step) -> Result:
    """The master's timing options (``SET MOVE 3D``, ``SET AT 12:00``, ``SET DAYS -MTWTF-``,
    ``SET ZONE Europe/Paris``, ``SET GRACE 2D``, ``SET LATE WAIT``, DPjudge's
    ``SET TIMING MOVE 3D AT 12:00 ...``) and ``SET DEADLINE <date> <time>`` for the
    current phase. They apply from the next deadline placed."""
    game = ctx.master().game
    if cmd.name == "DEADLINE":
        return _set_deadline(ctx, game, cmd.value, step)
    try:
        pairs = (read_timing_line(cmd.value) if cmd.name == "TIMING"
                 else [read_option(cmd.name, cmd.value)])
    except TimingError as e:
        raise Refusal(str(e)) from None
    game.options = {**game.options, **dict(pairs)}
    said = ", ".join(f"{k} {v}" for k, v in pairs)
    return Result(step.line, step.text, True, [
        f"Timing of {game.name}: {said}.",
        f"Now: {part_of(game).clock(timing_of(game.options))}.",
        "It applies from the next deadline set; SET DEADLINE moves the current one.",
    ])


def _set_deadline(ctx: Context, game: Game, value: str, step: Step) -> Result:
    record = current_record(ctx.session, game)
    if game.state not in (GameState.ACTIVE, GameState.PAUSED) or record is None:
        raise Refusal(f"game {game.name} is {game.state}; only a started game has a deadline")
    due = read_moment(value, ctx.now, zone_of(game))
    if due <= ctx.now:
        raise Refusal(f"{value.strip()!r} is not in the future; give a later date and time")
    record.deadline = due
    record.reminded_at = record.late_told_at = record.master_told_at = None
    _tell(ctx, game, record.phase, due, absence=False)
    return Result(step.line, step.text, True,
                  [f"Deadline of {record.phase} is now {_show(due, zone_of(game))}."])


def read_moment(text: str, now: datetime, zone: str) -> datetime:
    """``2026-03-05 12:00``, ``+2D`` (from now) or ``FRI 18:00`` (the next Friday), read in
    the game's zone."""
    words = text.strip().upper().split()
    try:
        if len(words) == 1 and words[0].startswith("+"):
            return now + read_duration(words[0][1:], "DEADLINE")
        if len(words) == 2:
            clock = read_time_of_day(words[1])
            if clock is not None:
                local = now.astimezone(ZoneInfo(zone))
                if words[0][:3] in WEEKDAYS:
                    ahead = (WEEKDAYS.index(words[0][:3]) - local.weekday()) % 7 or 7
                    day = local.date() + timedelta(days=ahead)
                else:
                    day = datetime.strptime(words[0], "%Y-%m-%d").date()
                return datetime.combine(day, clock, tzinfo=ZoneInfo(zone)).astimezone(now.tzinfo)
    except (TimingError, ValueError):
        pass
    raise Refusal(f"SET DEADLINE takes a date and time such as 2026-03-05 12:00, a weekday "
                  f"and time such as FRI 18:00, or a delay such as +2D; not {text.strip()!r}")


def _show(moment: datetime, zone: str) -> str:
    return moment.astimezone(ZoneInfo(zone)).strftime("%a %b %d %Y %H:%M %Z")


def set_zone(ctx: Context, cmd: c.SetOption, step: Step) -> Result:
    """A player's own zone (DPjudge ``SET ZONE``): deadlines in their mail are shown in it."""
    who = ctx.player()
    assert who.player is not None
    return own_zone(who.player, who.name, cmd.value, step)


def is_zone(step: Step) -> bool:
    """Whether the line is ``SET ZONE <zone>``."""
    return isinstance(step.command, c.SetOption) and step.command.name == "ZONE"


def member_zone(who: Identity, step: Step) -> Result:
    """A market game's (or the Bourse's) member's ``SET ZONE``, as a power's player's: his
    own zone, the same setting and the same reply (named as he joined, also when he
    signed on as a power he leads); a newcomer to the Bourse has no row to keep it yet."""
    assert isinstance(step.command, c.SetOption)
    if who.player is None:
        return Result(step.line, step.text, False, [
            "you have not joined yet: SET ZONE keeps a member's own zone, once he has "
            "joined"], template="refused")
    try:
        return own_zone(who.player, (who.player.name or who.name).upper(),
                        step.command.value, step)
    except Refusal as refusal:
        return Result(step.line, step.text, False, refusal.messages, template="refused")


def own_zone(player: Player, name: str, value: str, step: Step) -> Result:
    """``SET ZONE <zone>`` of ``player`` (``name``, as the reply names him), in every kind
    of game: the deadlines in the mail to him alone (his replies, his reminders and
    notices, his own letters) are shown in it; a letter to everyone keeps the game's."""
    try:
        zone = read_zone(value)
    except TimingError as e:
        raise Refusal(str(e)) from None
    player.zone = zone
    return Result(step.line, step.text, True, [f"Deadlines will be shown to {name} in {zone}."])


def absence_set(ctx: Context, period: str) -> str:
    """Check and store-form an absence (``2026-12-01 TO 2026-12-10``); a current deadline
    falling in it moves past it, and everyone is told (not who is away)."""
    who = ctx.player()
    assert who.player is not None
    game = who.game
    zone = who.player.zone or zone_of(game)
    try:
        away = read_absence(period, ctx.now.astimezone(ZoneInfo(zone)).date(), zone)
    except TimingError as e:
        raise Refusal(str(e)) from None
    record = current_record(ctx.session, game)
    if record is not None and record.deadline is not None and record.processed_at is None:
        moved = moved_by_absences(record.deadline, [away], timing_of(game.options))
        if moved != record.deadline:
            record.deadline = moved
            record.reminded_at = record.late_told_at = record.master_told_at = None
            _tell(ctx, game, record.phase, moved, absence=True)
    return str(away)


def _tell(ctx: Context, game: Game, phase: str, deadline: datetime, absence: bool) -> None:
    """Everyone but the sender (told in the reply) learns the new deadline in their zone,
    in the words of the game's kind (its phases, its members)."""
    part_of(game).tell_deadline(ctx, game, phase, deadline, absence)
