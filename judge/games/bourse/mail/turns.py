"""The Bourse's turns, played with the host's phases (bourse.md section 3).

- at the host's start, the Bourse opens with the members who joined before it;
- when a host phase is processed, the desk its Bourse mails left (kept with the phase)
  is read back, the turn is processed when one is open (movement phases; adjustment phases with
  ``WINTER_TURNS``), and after the Fall ownership change the currencies of powers left
  without a centre are eliminated; the state goes with the next phase's record;
- when the host ends (a solo, a draw, a concession, the master's TERMINATE), the Bourse
  is scored on the host's final centres: a phase processed first (a solo) keeps its turn,
  an end during a phase discards the open turn (D12);
- with ``NO_EARLY`` a host phase with a turn open is never processed before its deadline.

The letters (spec 7) show pseudonyms only; judge.games.bourse.mail.letters says who
gets which. A phase's turn letter waits until the host's next phase has its deadline
(the ``opened`` hook), so that it names the next turn's.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from typing import Any

from sqlalchemy.orm import Session

from judge.config import Settings
from judge.engine.maps import load_map
from judge.engine.phase import Phase, Season
from judge.engine.position import Position
from judge.games import BOURSE
from judge.games.bourse.mail import attached, params_of
from judge.games.bourse.mail.kept import END, Scored, closing, desk_of, opening, scored_json
from judge.games.bourse.mail.letters import (
    Held,
    discarded,
    dollars,
    held,
    hold,
    readers,
    send,
    send_opening,
    send_turn_letter,
    start_view,
    turn_view,
)
from judge.games.bourse.rules.currencies import Currencies
from judge.games.bourse.rules.scoring import eliminate, score
from judge.games.bourse.rules.state import Bourse
from judge.games.bourse.rules.state_json import bourse_json, read_bourse
from judge.games.bourse.rules.turn import TurnReport, process_turn, turn_open
from judge.games.market.mail.charts import chart_picture, series_of
from judge.maps import Panel
from judge.storage.phases import current_record, phase_records
from judge.storage.schema import Game, PhaseRecord

KEY = BOURSE.name  # PhaseRecord.state / PhaseRecord.result: the Bourse's state


def holds(game: Game, phase: Phase) -> bool:
    """``NO_EARLY``: a host phase with a Bourse turn is processed only at its deadline."""
    if not attached(game):
        return False
    params = params_of(game)
    return params.no_early and turn_open(phase, params)


def open_with(session: Session, game: Game, record: PhaseRecord) -> None:
    """The host's first phase opens the Bourse, with everyone who joined before."""
    if not attached(game):
        return
    bourse, _ = opening(session, game)
    record.state = {**record.state, KEY: bourse_json(bourse)}


def play(session: Session, settings: Settings, game: Game, record: PhaseRecord,
         after: Position, now: datetime) -> dict[str, Any] | None:
    """The host phase ``record`` was processed into ``after``: its Bourse turn, then the
    eliminations of a Fall ownership change. Returns the state the next phase opens
    with (also kept in ``record.result``), None without a Bourse."""
    if not attached(game) or KEY not in (record.state or {}):
        return None
    board = load_map(game.map_name)
    params = params_of(game)
    phase = Phase.parse(record.phase)
    held(session, game)  # a letter left by a phase whose processing was undone: dropped
    before = read_bourse(record.state[KEY], board, params)
    desk = desk_of(session, game, before, record)
    bourse = desk.bourse
    report: TurnReport | None = None
    if turn_open(phase, params):
        bourse, report = process_turn(bourse, desk.sets, params)
    gone: tuple[str, ...] = ()
    year_end = phase.season is Season.FALL and after.phase.season is not Season.FALL
    if year_end:
        bourse, gone = eliminate(bourse, _centers(after))
    state = bourse_json(bourse)
    record.result = {**(record.result or {}), KEY: state}
    joined = sorted(set(desk.bourse.members) - set(before.members))
    if report is not None or gone or joined:
        view = turn_view(record.phase, str(after.phase), bourse, report, gone, joined, params)
        chart = _chart(session, game, record, bourse) if year_end else None
        hold(session, game, Held(f"{game.name}: Bourse {record.phase} results", view, chart))
    return state


def opened(session: Session, settings: Settings, game: Game, record: PhaseRecord,
           now: datetime) -> None:
    """A host phase opened with its deadline: the turn letter of the phase played before
    it (naming this turn and its deadline when one goes with it); at the start, the
    start letter; else, when a turn opens, the opening letter."""
    if not attached(game) or KEY not in (record.state or {}):
        return
    params = params_of(game)
    letter = held(session, game)
    if letter is not None:
        send_turn_letter(session, settings, game, letter, record, params, now)
        return
    board = load_map(game.map_name)
    bourse = read_bourse(record.state[KEY], board, params)
    if phase_records(session, game)[0].id == record.id:
        send(session, settings, game, f"{game.name}: the Bourse begins, {record.phase}",
             "market/bourse_start.txt.j2", start_view(bourse, params, record.phase), now,
             readers(session, game), record.deadline)
    elif turn_open(Phase.parse(record.phase), params):
        send_opening(session, settings, game, record, bourse, now)


def bourse_chart(entries: Sequence[tuple[str, Bourse]]) -> list[Panel]:
    """The Bourse's currency rates (cents as dollars) as each host phase opened (and
    ``after``: as the next opens), each read typed."""
    points = [(phase[:5] if phase != "after" else "now",
               {p: bourse.rate(p) / 100 for p in bourse.powers})
              for phase, bourse in entries if bourse.powers]
    steps, series = series_of(points)
    return [Panel("Currency rates", "rate ($)", steps, series, "season")]


def _chart(session: Session, game: Game, record: PhaseRecord,
           after: Bourse) -> tuple[bytes, str] | None:
    """At a year's end, the chart of the currency rates as each host phase opened
    (judge.games.market.mail.charts), each stored state read typed, and as the next
    opens (``after``)."""
    board = load_map(game.map_name)
    params = params_of(game)
    entries = [(r.phase, read_bourse(r.state[KEY], board, params))
               for r in phase_records(session, game) if KEY in (r.state or {})]
    entries.append(("after", after))
    made = chart_picture(f"The Bourse of {game.name}: the rates so far", bourse_chart,
                         entries, f"{game.name}-{record.phase}-bourse.png")
    return None if made is None else made[0]


def end(session: Session, settings: Settings, game: Game, how: str, position: Position,
        now: datetime) -> None:
    """Score the Bourse when the host ends (``how``: victory, draw, concession,
    terminated) on the centres of ``position``, the host's final one."""
    if not attached(game):
        return
    record = current_record(session, game)
    if record is None or KEY not in (record.state or {}):
        return
    params = params_of(game)
    letter = held(session, game)  # a solo: the last turn's letter first
    if letter is not None:
        send_turn_letter(session, settings, game, letter, None, params, now)
    bourse, sets = closing(session, game, record)
    standing = score(bourse, _centers(position))
    names = Currencies.of(bourse.powers)
    view = {
        "phase": record.phase, "how": how,
        "centers": [(p, len(position.centers.get(p, ()))) for p in bourse.powers],
        "members": [{"name": n, "credits": dollars(c),
                     "holdings": [(names.name(p), bourse.members[n].holding(p))
                                  for p in bourse.powers]}
                    for n, c in sorted(standing.credits.items(), key=lambda x: (-x[1], x[0]))],
        "winners": list(standing.winners),
        "open": sets is not None, "processed": record.processed_at is not None,
    }
    scored = Scored(how, tuple(standing.winners),
                    {n: c / 100 for n, c in standing.credits.items()})
    record.state = {**record.state, END: scored_json(scored)}
    send(session, settings, game, f"{game.name}: the Bourse ends", "market/bourse_end.txt.j2",
         view, now, readers(session, game), own=discarded(sets, names))


def _centers(position: Position) -> dict[str, int]:
    return {p: len(cs) for p, cs in position.centers.items()}
