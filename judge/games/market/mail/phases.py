"""A market game's phases: the start, each phase played at its deadline (or at the
master's PROCESS) from the mail kept for it, the reports, and the end.

Typed throughout: a phase's stored state is decoded once through the kind's codec
(``opened``), the phase is played into the kind's typed record (``PhaseReading.played``),
which the kind's hooks read and the core reaches through ``Played`` (its end, its board
orders and outcomes); JSON only where they are stored (``PhaseRecord.state`` and
``.result``, the reading)."""

from __future__ import annotations

import logging
from collections.abc import Mapping, Sequence
from datetime import datetime
from typing import Any, TypeVar

from sqlalchemy.orm import Session

from judge.config import Settings
from judge.engine.maps import load_map
from judge.games import kind_of
from judge.games.market.mail.charts import chart_picture
from judge.games.market.mail.kind import Letter, MarketKind, Past, PhaseReading, Played
from judge.games.market.mail.members import MEMBER, notice, notice_readers
from judge.games.market.mail.play import envelope as play_envelope
from judge.games.market.mail.play import opened, opening_envelope, params_of
from judge.games.market.mail.turnout import phase_mails, ready, remind, timed_as
from judge.maps import board_png
from judge.maps.reading import orders_by_unit
from judge.money.market.codec import CodecError
from judge.money.market.reading import Mail, MailRead
from judge.service.deadlines import deadline_after, moved_by_absences
from judge.service.phase_flags import clear_phase_flags
from judge.service.reports.notices import notice_subject
from judge.service.reports.replies import render, render_letter
from judge.service.reports.roster import deadline_text, maps_by_default
from judge.service.reports.waives import waives
from judge.service.schedule import absences, zone_of
from judge.service.timing import timing_of
from judge.storage.games import members
from judge.storage.mailqueue import queue_mail
from judge.storage.phases import current_record, keep_public, phase_records, record_state
from judge.storage.schema import Game, GameState, PhaseRecord, Role

log = logging.getLogger(__name__)

BOARD_PHASES = "MRA"  # the phase letters of the phases played on the board
BLIND = "BLIND"


S = TypeVar("S")
P = TypeVar("P", bound=Played)


def schedule(session: Session, game: Game, record: PhaseRecord, now: datetime) -> datetime:
    """A phase's deadline: a movement or retreat phase's length as the game's timing
    says, every market phase the adjustment length."""
    timing = timing_of(game.options)
    due = moved_by_absences(deadline_after(now, timed_as(record.phase), timing),
                            absences(session, game), timing)
    record.deadline = due
    record.reminded_at = record.late_told_at = record.master_told_at = None
    return due


def start(session: Session, settings: Settings, game: Game, kind: MarketKind[S, P, Any],
          now: datetime) -> PhaseRecord:
    """Begin a forming game with the members who joined; ValueError says why it cannot."""
    names = [m.name or "" for m in members(session, game) if m.role == MEMBER]
    low, high = kind.bounds(params_of(game, kind))
    if not low <= len(names) <= high:
        raise ValueError(f"{kind.title} needs {low} to {high} {kind.member}s; "
                         f"{len(names)} joined")
    state = kind.opening(opening_envelope(game, kind), names)
    record = record_state(session, game, kind.codec.state_json(state), now)
    game.state = GameState.ACTIVE
    deadline = schedule(session, game, record, now)
    terms = kind.terms(state, {**kind.defaults, **params_of(game, kind)}) if kind.terms else []
    view = {"game": game.name, "title": kind.title, "member": kind.member,
            "names": sorted(names), "phase": record.phase, "terms": terms,
            "deadline": deadline_text(deadline, zone_of(game))}
    published = kind.opening_letters(state) if kind.opening_letters else []
    for letter in published:  # an opening notice names the deadline of the phase it opens
        if isinstance(letter.view, dict):
            letter.view.setdefault("deadline", view["deadline"])
    _send(session, settings, game, kind, now,
          [Letter("*", notice_subject(game.name, "has started"),
                  "market/start.txt.j2", view, named=True), *published])
    return record


def advance(session: Session, settings: Settings, game: Game, kind: MarketKind[Any, Any, Any],
            now: datetime) -> str | None:
    """The one next thing due: a deadline for a new phase, the phase played, or (a paused
    game) everyone told again that it is still paused."""
    if game.state == GameState.PAUSED:
        return _pause_reminder(session, settings, game, now)
    if game.state != GameState.ACTIVE:
        return None
    record = current_record(session, game)
    if record is None or record.processed_at is not None:
        return None
    if record.deadline is None:
        schedule(session, game, record, now)
        return "deadline set for"
    if now < record.deadline:
        if not ready(session, game, kind, record):
            return remind(session, settings, game, kind, record, now)
        process(session, settings, game, kind, record, now)
        return "processed early"
    process(session, settings, game, kind, record, now)
    return "processed"


def _pause_reminder(session: Session, settings: Settings, game: Game,
                    now: datetime) -> str | None:
    """A master cannot pause a game forever in silence, in any kind of game: every
    member, observer and the master is told again every ``pause_notice`` (a week by
    default) that it is still paused."""
    told = game.pause_told_at or game.paused_at
    if told is not None and now - told < timing_of(game.options).pause_notice:
        return None
    since = (game.paused_at or now).strftime("%Y-%m-%d %H:%M UTC")
    text = (f"{game.name} is still paused by its master, since {since}. No phase is "
            "played while it is paused; everyone is told when it resumes.")
    body = notice(settings, text)
    for address, _ in notice_readers(session, game):
        queue_mail(session, address, notice_subject(game.name, "is paused"), body,
                   sender=settings.address, now=now)
    game.pause_told_at = now
    return "still paused; everyone told"


def process(session: Session, settings: Settings, game: Game, kind: MarketKind[S, P, Any],
            record: PhaseRecord, now: datetime) -> None:
    """Play the phase, once, from its reading (each mail was read when it came)."""
    reading: PhaseReading[P] = reading_of(session, game, kind, record)
    conclude(session, settings, game, kind, record, reading.played(mails_read(session, record)),
             now)


READ = "read"  # MarketMail.refusals: what reading the mail gave (MailRead's JSON)


def reading_of(session: Session, game: Game, kind: MarketKind[Any, Any, Any],
               record: PhaseRecord) -> PhaseReading[Any]:
    """The phase as its mail so far has left it: resumed from the reading kept with the
    phase; opened from its state before its first mail. A phase whose mail was kept
    before its reading was (or whose reading this judge cannot read back) is read
    again from its opening state, each kept mail once, and kept so."""
    reader = kind.reader
    envelope = play_envelope(game, kind)
    if record.reading is not None:
        try:
            return reader.resume(envelope, record.reading)
        except (CodecError, KeyError, TypeError, ValueError) as e:
            log.warning("game %s, phase %s: the phase is read again (%s)", game.name,
                        record.phase, e)
    reading = reader.open(envelope, record.state)
    for mail in phase_mails(session, record):
        if reading.ended:
            break
        read = reader.read(reading, Mail(mail.sender, tuple(mail.lines), mail.acting))
        mail.refusals = {**(mail.refusals or {}), READ: read.as_json()}
    record.reading = reading.as_json()
    return reading


def mails_read(session: Session, record: PhaseRecord) -> list[MailRead]:
    """What reading each mail of the phase gave, in the order the mails were read."""
    return [MailRead.from_json(m.refusals[READ]) for m in phase_mails(session, record)
            if READ in (m.refusals or {})]


def conclude(session: Session, settings: Settings, game: Game, kind: MarketKind[S, P, Any],
             record: PhaseRecord, played: P, now: datetime) -> None:
    """Store a played phase's answer, tell everyone, and open the next phase or end."""
    result = kind.codec.played_json(played)
    stored = {k: v for k, v in result.items() if k not in ("id", "state")}
    record.result = stored
    record.processed_at = now
    events = stored.get("events", [])  # the phase's journal, as the store keeps it
    clear_phase_flags(session, game)  # SET WAIT holds one phase, as in every kind
    before = opened(game, kind, record)
    envelope = play_envelope(game, kind)
    letters = kind.letters(before, played, envelope,
                           lambda: history(session, game, kind, record, events))
    after = kind.codec.after(played)
    _state_waives(game, kind, record, played, before, after, letters)
    end = played.end
    if end is not None:
        game.state = GameState.COMPLETED
        game.ended_at = now
        game.result = f"{end.kind} {' '.join(end.winners)}".strip()
        game.phase = None
        _keep_public(settings, game, kind, record, letters)
        _send(session, settings, game, kind, now, letters, board_map(game, record, played),
              year_chart(session, game, kind, record, played, after))
        return
    nxt = record_state(session, game, kind.codec.state_json(kind.carry(before, played)), now)
    deadline = schedule(session, game, nxt, now)
    # a letter to one member in his own zone (SET ZONE), one to everyone in the game's
    zones = {(m.name or "").upper(): m.zone for m in members(session, game)
             if m.role == MEMBER and m.zone}
    for letter in letters:
        if isinstance(letter.view, dict):
            letter.view.setdefault("next_phase", nxt.phase)
            letter.view.setdefault("deadline", deadline_text(
                deadline, zones.get(letter.to.upper()) or zone_of(game)))
    _keep_public(settings, game, kind, record, letters)
    _send(session, settings, game, kind, now, letters, board_map(game, record, played),
          year_chart(session, game, kind, record, played))


def _state_waives(game: Game, kind: MarketKind[S, P, Any], record: PhaseRecord, played: P,
                  before: S, after: S, letters: list[Letter]) -> None:
    """After an adjustment phase on the board, the public letters say which powers
    waived builds (``FRANCE builds 1 of 2, waives 1.``); not in a BLIND game, whose
    public letters show no board. (The waives are read from the board of the typed
    state before and of the state after, as judge.service.reports.waives reads every
    kind's.)"""
    if record.phase[-1:] != "A" or kind.position is None \
            or BLIND in {f.upper() for f in game.flags}:
        return
    void = kind.void_builds(played) if kind.void_builds is not None else {}
    board, then = kind.position(before), kind.position(after)
    waived = list(waives(board, then, load_map(game.map_name),
                         set(board.centers) | set(board.units), void=void))
    for letter in letters:
        if letter.to == "*" and isinstance(letter.view, dict):
            letter.view.setdefault("waived", waived)


def _keep_public(settings: Settings, game: Game, kind: MarketKind[Any, Any, Any],
                 record: PhaseRecord, letters: list[Letter]) -> None:
    """The public letters of the phase, as everyone read them but for their signature
    and their wrapping, kept with its result: HISTORY shows them, wrapped to its own
    width (judge.games.market.mail.game)."""
    public = [render(one.template, v=one.view, game=game.name, title=kind.title,
                     judge=settings.name, judge_address=settings.address)
              .split(SIGNATURE)[0].rstrip("\n")
              for one in letters if one.to == "*"]
    keep_public(record, public)


SIGNATURE = "\n-- \n"  # where a letter's text ends and the judge's signature begins


def _body(settings: Settings, game: Game, kind: MarketKind[Any, Any, Any], one: Letter) -> str:
    return render_letter(one.template, v=one.view, game=game.name, title=kind.title,
                  judge=settings.name, judge_address=settings.address)


def history(session: Session, game: Game, kind: MarketKind[S, P, Any], current: PhaseRecord,
            events: Sequence[Mapping[str, Any]]) -> list[Past[S]]:
    """The game's processed phases, and the current one with the events of its mail so
    far (a kind's ledger reads them), each state typed."""
    envelope = play_envelope(game, kind)
    records = [r for r in phase_records(session, game)
               if r.processed_at is not None and r.id != current.id]
    out = [Past(r.phase, kind.codec.state(envelope, r.state), r.result or {})
           for r in records]
    return out + [Past(current.phase, kind.codec.state(envelope, current.state),
                       {"events": list(events)})]


def year_chart(session: Session, game: Game, kind: MarketKind[S, P, Any], record: PhaseRecord,
               played: P, final: S | None = None) -> tuple[bytes, str] | None:
    """At a year's end, the chart of the game so far, which goes beside the phase's
    public letter (``final``: the last state of a game that ended, which no phase record
    holds); None in any other phase, or when the chart would show nothing yet. The
    chart is public: drawn from what every member is told (judge.games.market.mail.charts)."""
    if kind.chart is None or kind.year_end is None or not kind.year_end(record.phase, played):
        return None
    return market_chart(game, kind, phase_records(session, game),
                        f"{game.name}-{record.phase}-chart.png", final)


def market_chart(game: Game, kind: MarketKind[S, Any, Any], records: Sequence[PhaseRecord],
                 name: str, final: S | None = None) -> tuple[bytes, str] | None:
    """The kind's chart of the states the phases ``records`` opened with (and ``final``),
    each decoded once through the kind's codec; None when the kind draws none or it
    would show nothing yet."""
    if kind.chart is None:
        return None
    envelope = play_envelope(game, kind)
    entries = [(r.phase, kind.codec.state(envelope, r.state)) for r in records]
    if final is not None:
        entries.append((kind.codec.phase(final), final))
    made = chart_picture(f"{kind.title} {game.name}: the market so far", kind.chart, entries,
                         name)
    return None if made is None else made[0]


def board_map(game: Game, record: PhaseRecord, played: Played) -> tuple[bytes, str] | None:
    """The map of a phase played on the board (movement, retreats, adjustments: the
    phase letter, when the kind is played on the board), as adjudicated; None for a
    market phase, and in a BLIND game (whose public letters show no board). The board
    is drawn from the stored state the phase opened with, as every kind's map is."""
    if not kind_of(game.variant).board or record.phase[-1:] not in BOARD_PHASES \
            or BLIND in {f.upper() for f in game.flags}:
        return None
    png = board_png(record.state, orders=orders_by_unit(played.board_orders),
                    results=dict(played.board_results), title=f"Game {game.name}")
    return png, f"{game.name}-{record.phase}.png"


def _send(session: Session, settings: Settings, game: Game, kind: MarketKind[Any, Any, Any],
          now: datetime, letters: list[Letter],
          picture: tuple[bytes, str] | None = None,
          chart: tuple[bytes, str] | None = None) -> None:
    """Each letter to its readers: ``*`` every member, observer and the master; a name
    that member alone; ``MASTER`` the master. ``picture``, the phase's map, and
    ``chart``, a year-end's chart of the market, go with the first public letter to each
    reader who takes maps (SET MAP); never with a letter to one reader. Every subject
    names the game (``_subject``): a member of two games of one kind tells them apart."""
    everyone = [m for m in members(session, game) if m.role in (MEMBER, Role.OBSERVER)]
    by_name = {(m.name or "").upper(): m.address for m in everyone if m.role == MEMBER}
    default = maps_by_default(game)
    takes = {m.address: default if m.maps is None else m.maps for m in everyone}
    takes.setdefault(game.master_address, default)
    pictures = (picture, chart)
    for letter in letters:
        shown: tuple[tuple[bytes, str] | None, ...] = (None, None)
        if letter.to == "*":
            shown, pictures = pictures, (None, None)
            to = [m.address for m in everyone] + [game.master_address]
        elif letter.to == "MASTER":
            to = [game.master_address]
        else:
            address = by_name.get(letter.to.upper())
            to = [address] if address else []
        body = _body(settings, game, kind, letter)
        for address in dict.fromkeys(to):
            takes_maps = takes.get(address, default)
            queue_mail(session, address, _subject(game, letter), body,
                       sender=settings.address,
                       now=now, picture=shown[0] if takes_maps else None,
                       chart=shown[1] if takes_maps else None)


def _subject(game: Game, letter: Letter) -> str:
    """A letter's subject after the game's name (``xg: Exchange W1900B results``); a
    notice's (``notice_subject``: the start) as it is, in the form of every kind's."""
    return letter.subject if letter.named else f"{game.name}: {letter.subject}"


send = _send  # for the letters a mail sends at once (orders.py)
