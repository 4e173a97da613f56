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

The letters (spec 7) show pseudonyms only and go to the Bourse's members and the master.
"""

from __future__ import annotations

from collections.abc import Mapping
from datetime import datetime
from typing import Any

from sqlalchemy.orm import Session

from judge.config import Settings
from judge.engine.maps import load_map
from judge.engine.phase import Phase, Season
from judge.engine.position import Position
from judge.games import BOURSE
from judge.money.bourse.currencies import Currencies
from judge.money.bourse.params import BourseParams
from judge.money.bourse.scoring import eliminate, net_worth, score
from judge.money.bourse.state import Bourse
from judge.money.bourse.state_json import bourse_json, read_bourse
from judge.money.bourse.turn import TurnReport, process_turn, turn_open
from judge.money.trades import Side
from judge.service.markets.bourse import attached, params_of
from judge.service.markets.bourse.lines import desk_of, opening
from judge.service.markets.bourse.members import bourse_members
from judge.service.markets.charts import bourse_chart, chart_picture
from judge.service.reports.replies import render_letter
from judge.service.reports.roster import maps_by_default
from judge.storage.mailqueue import queue_mail
from judge.storage.phases import current_record, phase_records
from judge.storage.schema import Game, PhaseRecord

KEY = BOURSE.name  # PhaseRecord.state / PhaseRecord.result: the Bourse's state
END = f"{BOURSE.name}_end"  # PhaseRecord.state of the last phase: how the Bourse was scored


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
        view = _turn_view(record.phase, str(after.phase), bourse, report, gone, joined, params)
        chart = _chart(session, game, record, state) if year_end else None
        _send(session, settings, game, f"{game.name}: Bourse {record.phase} results",
              "market/bourse_turn.txt.j2", view, now, chart)
    return state


def _chart(session: Session, game: Game, record: PhaseRecord,
           state: Mapping[str, Any]) -> tuple[bytes, str] | None:
    """At a year's end, the chart of the currency rates as each host phase opened
    (judge.service.markets.charts), and as the next opens."""
    entries = [{"phase": r.phase, "state": r.state[KEY]} for r in phase_records(session, game)
               if KEY in (r.state or {})]
    entries.append({"phase": "after", "state": state})
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
    board = load_map(game.map_name)
    params = params_of(game)
    played = record.result or {}
    if record.processed_at is not None and KEY in played:
        bourse = read_bourse(played[KEY], board, params)  # the turn was processed
    else:  # ended during the phase: the open turn is discarded, JOINs stand (D12)
        bourse = desk_of(session, game, read_bourse(record.state[KEY], board, params),
                        record).bourse
    standing = score(bourse, _centers(position))
    names = Currencies.of(bourse.powers)
    view = {
        "phase": record.phase, "how": how,
        "centers": [(p, len(position.centers.get(p, ()))) for p in bourse.powers],
        "members": [{"name": n, "credits": _hundredths(c),
                     "holdings": [(names.name(p), bourse.members[n].holding(p))
                                  for p in bourse.powers]}
                    for n, c in sorted(standing.credits.items(), key=lambda x: (-x[1], x[0]))],
        "winners": list(standing.winners),
    }
    record.state = {**record.state, END: {"how": how, "winners": list(standing.winners),
                                          "scores": {n: c / 100 for n, c in
                                                     standing.credits.items()}}}
    _send(session, settings, game, f"{game.name}: the Bourse ends", "market/bourse_end.txt.j2",
          view, now)


def _centers(position: Position) -> dict[str, int]:
    return {p: len(cs) for p, cs in position.centers.items()}


def _dollars(cents: int) -> str:
    return f"{cents // 100}.{cents % 100:02d}"


def _hundredths(value: int) -> str:
    return f"{value // 100}.{value % 100:02d}"


def _turn_view(phase: str, following: str, bourse: Bourse, report: TurnReport | None,
               gone: tuple[str, ...], joined: list[str], params: BourseParams) -> dict[str, Any]:
    """What everyone is told after a turn (spec 7): every pseudonym's trades (reductions
    marked), holdings, cash (when kept) and net worth; per currency the units bought and
    sold, old and new rate; the eliminations. Pseudonyms only."""
    names = Currencies.of(bourse.powers)
    members: list[dict[str, Any]] = []
    for name, member in sorted(bourse.members.items()):
        turn = report.members.get(name) if report is not None else None
        trades = []
        for t in turn.trades if turn is not None else ():
            word = "SELL" if t.side is Side.SELL else "BUY"
            trades.append({"line": f"{word} {t.units} {names.name(t.power)}",
                           "done": t.done, "reduced": t.reduced,
                           "amount": _dollars(t.amount)})
        members.append({
            "name": name, "trades": trades, "orders": turn is not None,
            "lost": _dollars(turn.lost) if turn is not None and turn.lost else None,
            "holdings": [(names.name(p), member.holding(p)) for p in bourse.powers],
            "cash": _dollars(member.cash), "net_worth": _dollars(net_worth(member, bourse)),
        })
    moves: list[Mapping[str, Any]] = [
        {"name": names.name(m.power), "bought": m.bought, "sold": m.sold,
         "old": _dollars(m.old), "new": _dollars(m.new)}
        for m in (report.currencies if report is not None else ())]
    return {"phase": phase, "next": following, "turn": report is not None,
            "members": members, "currencies": moves, "cash_kept": params.cash_surplus,
            "eliminated": [(p, names.name(p)) for p in gone], "joined": joined,
            "rates": [(names.name(p), _dollars(bourse.rate(p))) for p in bourse.powers]}


def _send(session: Session, settings: Settings, game: Game, subject: str, template: str,
          view: Mapping[str, Any], now: datetime,
          picture: tuple[bytes, str] | None = None) -> None:
    """The same letter to every member and to the master, each his own mail;
    ``picture`` (the year's chart) to those who take pictures (SET MAP)."""
    body = render_letter(template, v=view, game=game.name, judge=settings.name,
                  judge_address=settings.address)
    default = maps_by_default(game)
    people = bourse_members(session, game)
    takes = {m.address.lower(): default if m.maps is None else m.maps for m in people}
    readers = [m.address for m in people] + [game.master_address]
    for address in {a.lower(): a for a in reversed(readers)}.values():
        queue_mail(session, address, subject, body, sender=settings.address, now=now,
                   picture=picture if takes.get(address.lower(), default) else None)
