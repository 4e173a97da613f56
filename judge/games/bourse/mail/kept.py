"""The Bourse as it is kept with the host's phases: as a phase opened (its members,
holdings and rates), the desk its mails left (kept with the phase, each mail handled
once), as the host's end left it, and how it was scored (``Scored``, kept with the last
phase's state): each read typed from the store's JSON here, and written back here."""

from __future__ import annotations

import logging
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from sqlalchemy.orm import Session

from judge.engine.maps import load_map
from judge.engine.phase import Phase
from judge.games import BOURSE
from judge.games.bourse.mail import ROLE, params_of
from judge.games.bourse.mail.members import bourse_members
from judge.games.bourse.rules.currencies import Currencies
from judge.games.bourse.rules.desk import Desk
from judge.games.bourse.rules.desk_json import desk_from_json, desk_json
from judge.games.bourse.rules.state import Bourse
from judge.games.bourse.rules.state_json import read_bourse
from judge.games.bourse.rules.trades import TradeSet
from judge.games.bourse.rules.turn import turn_open
from judge.games.bourse.text import read_command
from judge.games.market.mail.phases import phase_mails
from judge.money.market.codec import CodecError
from judge.money.market.reading import Mail, MailRead
from judge.storage.phases import current_record
from judge.storage.schema import Game, GameState, PhaseRecord

LIVE = (GameState.FORMING, GameState.ACTIVE, GameState.PAUSED)

log = logging.getLogger(__name__)


def handled(desk: Desk, sender: str, lines: Iterable[str]) -> MailRead:
    """A kept mail handled on the desk: its lines (blank ones aside), each read."""
    given = tuple(line for line in lines if line.strip())
    return desk.handle(Mail(sender, given), [read_command(line) for line in given])


def opening(session: Session, game: Game) -> tuple[Bourse, PhaseRecord | None]:
    """The Bourse as the current phase opened (before the start: the members so far,
    with their start holdings), and the phase's record."""
    board = load_map(game.map_name)
    params = params_of(game)
    record = current_record(session, game) if game.state != GameState.FORMING else None
    if record is not None and ROLE in (record.state or {}):  # the Bourse's state, by name
        return read_bourse(record.state[ROLE], board, params), record
    bourse = Bourse.opened(board.powers, params)
    for member in bourse_members(session, game):
        bourse = bourse.joined(member.name or "", params)
    return bourse, record


def desk_of(session: Session, game: Game, bourse: Bourse, record: PhaseRecord | None) -> Desk:
    """The desk after the phase's kept mails: as it was kept with the phase when the last
    of them was handled (each Bourse mail is handled once); a phase whose mails were
    kept before the desk was (or whose desk this judge cannot read back) has them
    handled again, in the order they were read, once."""
    board = load_map(game.map_name)
    params = params_of(game)
    currencies = Currencies.of(board.powers)
    kept = (record.reading or {}).get(ROLE) if record is not None else None
    if kept is not None:
        try:
            return desk_from_json(kept, currencies, params)
        except (CodecError, KeyError, TypeError, ValueError) as e:
            log.warning("game %s: the Bourse's mail of %s is handled again (%s)", game.name,
                        record.phase if record else "-", e)
    open_now = record is not None and turn_open(Phase.parse(record.phase), params)
    desk = Desk(bourse, currencies, params, open_now)
    if record is not None:
        for mail in phase_mails(session, record):
            handled(desk, mail.sender, mail.lines)
        keep(record, desk)
    return desk


def closing(session: Session, game: Game,
            record: PhaseRecord) -> tuple[Bourse, Mapping[str, TradeSet] | None]:
    """The Bourse as the host's end left it in ``record``, its last phase: after the
    phase's turn when the phase was processed first (a solo); else as the phase opened
    with its JOINs, and the trades of the open turn the end discarded (None when no
    turn was open, D12)."""
    board = load_map(game.map_name)
    params = params_of(game)
    played = record.result or {}
    if record.processed_at is not None and ROLE in played:
        return read_bourse(played[ROLE], board, params), None
    desk = desk_of(session, game, read_bourse(record.state[ROLE], board, params), record)
    return desk.bourse, (desk.sets if desk.turn_open else None)


def keep(record: PhaseRecord, desk: Desk) -> None:
    """Keep the desk with the (host's) phase, under the Bourse's name."""
    record.reading = {**(record.reading or {}), ROLE: desk_json(desk)}


END = f"{BOURSE.name}_end"  # PhaseRecord.state of the last phase: how the Bourse was scored


@dataclass(frozen=True, slots=True)
class Scored:
    """How the Bourse was scored when its host ended: how the host ended (victory,
    draw, concession, terminated), the winners and each member's credits in dollars."""

    how: str
    winners: tuple[str, ...]
    scores: Mapping[str, float]


def scored_json(scored: Scored) -> dict[str, Any]:
    return {"how": scored.how, "winners": list(scored.winners), "scores": dict(scored.scores)}


def scored_of(record: PhaseRecord | None) -> Scored | None:
    """How the Bourse was scored, kept with its last phase; None before its end."""
    given = (record.state or {}).get(END) if record is not None else None
    if given is None:
        return None
    return Scored(str(given.get("how")), tuple(given.get("winners") or ()),
                  {n: float(c) for n, c in (given.get("scores") or {}).items()})
