"""The game store's phases: the phase being played, those played before, and what each
did, read as engine values and written back."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime

from sqlalchemy import bindparam, event, func, select
from sqlalchemy.orm import Session

from judge.engine.adjudicate import PhaseResult
from judge.engine.board import Map
from judge.engine.position import Position
from judge.engine.state import position_from_state, state_from_position
from judge.storage.schema import Game, PhaseRecord
from judge.storage.transaction import in_force, transaction_of


def current_record(session: Session, game: Game) -> PhaseRecord | None:
    """The phase being played: the latest phase record not rolled back.

    On PostgreSQL a sign-on reads it with the game's powers, once it holds the game's
    lock (``find_and_lock_game``); that record is answered here, with no statement, as
    long as the transaction that read it is in force (the lock held: no other judge can
    change the game's phases) and the session has written no phase record since, nor
    holds any change not yet written (which the query's autoflush would write first)."""
    memo = session.info.get(_PHASES)
    if memo is not None and game.id in memo:
        taken, record = memo[game.id]
        if (in_force(session, taken)
                and not (session.new or session.dirty or session.deleted)):
            return record
        del memo[game.id]
    return session.scalar(_CURRENT_RECORD, {"game_id": game.id})


_PHASES = "judge.current_phases"  # session.info: game id -> (transaction, its current phase)


def remember_phase(session: Session, game_id: int, record: PhaseRecord | None) -> None:
    session.info.setdefault(_PHASES, {})[game_id] = (transaction_of(session), record)


@event.listens_for(Session, "after_flush")
def _forget_phases(session: Session, _context: object) -> None:
    """A flush that writes a phase record may change which phase is being played."""
    if session.info.get(_PHASES) and any(
            isinstance(o, PhaseRecord) for o in (*session.new, *session.dirty, *session.deleted)):
        del session.info[_PHASES]


_CURRENT_RECORD = (
    select(PhaseRecord)
    .where(PhaseRecord.game_id == bindparam("game_id"), PhaseRecord.rolled_back.is_(False))
    .order_by(PhaseRecord.seq.desc())
    .limit(1)
)


def phase_records(session: Session, game: Game) -> Sequence[PhaseRecord]:
    """Every phase played and still standing, oldest first."""
    return session.scalars(
        select(PhaseRecord)
        .where(PhaseRecord.game_id == game.id, PhaseRecord.rolled_back.is_(False))
        .order_by(PhaseRecord.seq)
    ).all()


@dataclass(frozen=True, slots=True)
class CarriedOut:
    """What a processed phase of a board game (standard, Payola) did, as ``record_result``
    keeps it: the orders by power as written, and each unit's outcome by the unit
    (``A PAR``). Empty for a phase not yet processed. (A market game's result is its
    runner's, in the batch interface's shapes; the map reads those through
    judge.maps.reading.)"""

    orders: Mapping[str, tuple[str, ...]]
    outcomes: Mapping[str, str]


def carried_out(record: PhaseRecord) -> CarriedOut:
    """The orders and outcomes a board game's phase record keeps (nothing when it is
    unprocessed)."""
    kept = record.result or {}
    return CarriedOut({str(p): tuple(str(o) for o in os)
                       for p, os in (kept.get("orders") or {}).items()},
                      {str(u): str(o) for u, o in (kept.get("outcomes") or {}).items()})


PUBLIC = "public"  # PhaseRecord.result: the public letters of a played phase


def keep_public(record: PhaseRecord, letters: Sequence[str]) -> None:
    """Keep a played phase's public letters as an observer read them, every kind alike:
    HISTORY and the web pages show what public mail showed."""
    record.result = {**(record.result or {}), PUBLIC: [letter.rstrip("\n") for letter in letters]}


def public_letters(record: PhaseRecord) -> tuple[str, ...] | None:
    """The public letters kept with a played phase; None for a phase played before the
    judge kept them (or not yet played)."""
    letters = (record.result or {}).get(PUBLIC)
    return None if letters is None else tuple(str(x) for x in letters)


def centres_of(record: PhaseRecord) -> dict[str, int]:
    """How many supply centres each power owns as the phase opens (every kind's stored
    state keeps its ``centers`` by power)."""
    return {str(p): len(cs) for p, cs in (record.state.get("centers") or {}).items()}


def position_of(record: PhaseRecord, board: Map) -> Position:
    """The position a phase record starts from."""
    return position_from_state(record.state, board)


def record_position(session: Session, game: Game, position: Position, now: datetime) -> PhaseRecord:
    """Store a new phase to be played from ``position``; it becomes the game's phase."""
    return record_state(session, game, state_from_position(position), now)


def record_state(session: Session, game: Game, state: dict, now: datetime) -> PhaseRecord:
    """Store a new phase to be played from a contract ``state`` (its ``phase`` names it);
    it becomes the game's phase."""
    last = session.scalar(select(func.max(PhaseRecord.seq)).where(PhaseRecord.game_id == game.id))
    record = PhaseRecord(
        game_id=game.id,
        seq=(last or 0) + 1,
        phase=str(state["phase"]),
        state=state,
        created_at=now,
        rolled_back=False,
    )
    session.add(record)
    game.phase = record.phase
    session.flush()
    return record


def record_result(record: PhaseRecord, result: PhaseResult, now: datetime) -> None:
    """Keep what a processed phase did: the orders carried out and each unit's outcome."""
    record.result = result_data(result)
    record.processed_at = now


def result_data(result: PhaseResult) -> dict:
    """The JSON form of a phase result (orders by power, outcomes by unit)."""
    return {
        "orders": {p: [str(o) for o in os] for p, os in sorted(result.orders.items())},
        "outcomes": {str(u): o.value for u, o in sorted(result.outcomes.items(), key=str)},
        "victory": result.victory,
    }


def roll_back(session: Session, game: Game, target: PhaseRecord) -> None:
    """Make ``target`` the current phase again: later phases are kept but marked."""
    later = session.scalars(
        select(PhaseRecord).where(PhaseRecord.game_id == game.id, PhaseRecord.seq > target.seq)
    )
    for record in later:
        record.rolled_back = True
    target.result = None
    target.processed_at = None
    game.phase = target.phase
