"""The game store: games, phases and submissions read as engine values and written back."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any, cast

from sqlalchemy import (
    ColumnElement,
    Select,
    Table,
    and_,
    bindparam,
    event,
    func,
    insert,
    select,
)
from sqlalchemy.orm import Session, SessionTransaction, aliased, joinedload
from sqlalchemy.orm.attributes import set_committed_value
from sqlalchemy.orm.strategy_options import _AbstractLoad

from judge.engine.adjudicate import PhaseResult
from judge.engine.board import Map
from judge.engine.position import Position
from judge.engine.state import position_from_state, state_from_position
from judge.storage.schema import (
    Game,
    LedgerEntry,
    PhaseRecord,
    Player,
    Power,
    PowerState,
    PressMessage,
    Role,
    Submission,
)


@dataclass(frozen=True, slots=True)
class SubmittedLine:
    """One accepted line of a submission: where it was, as typed, as understood."""

    line: int
    text: str
    canonical: str


def find_game(session: Session, name: str) -> Game | None:
    return session.scalar(select(Game).where(Game.name == name.lower()))


def all_games(session: Session) -> Sequence[Game]:
    return session.scalars(select(Game).order_by(Game.name)).all()


def add_game(
    session: Session,
    name: str,
    variant: str,
    flags: Iterable[str],
    master_hash: str,
    master_address: str,
    seed: int,
    board: Map,
    now: datetime,
) -> Game:
    """A new forming game with one open Power row per power of its map."""
    game = Game(
        name=name.lower(),
        variant=variant,
        map_name=board.name,
        flags=list(flags),
        options={},
        seed=seed,
        master_hash=master_hash,
        master_address=master_address,
        created_at=now,
    )
    game.powers = [Power(name=p, state=PowerState.OPEN, balance=0) for p in board.powers]
    session.add(game)
    session.flush()
    return game


def lock_game(session: Session, game_id: int) -> Game | None:
    """The game, re-read and locked for this transaction: on PostgreSQL a row lock that the
    phase processor and order handling both take, so orders cannot race a processing
    phase; SQLite's BEGIN IMMEDIATE already serialises every writer. Locked once in a
    transaction, the game is not read again (nothing else can change it until commit)."""
    if _locked_here(session, game_id):
        return session.get(Game, game_id)
    return _read_locked(session, _LOCK_BY_ID, {"id": game_id})


def find_and_lock_game(session: Session, name: str) -> Game | None:
    """``find_game`` and ``lock_game`` in one: the game named, with its powers and their
    current players (``signed_player``), read and locked for this transaction (a sign-on
    reads it so, since what follows acts on it)."""
    return _read_locked(session, _LOCK_BY_NAME, {"name": name.lower()})


def signed_player(power: Power) -> Player | None:
    """``player_of`` for a power of a game just read by ``find_and_lock_game``, before
    anything is written: its current player, read with the game."""
    return power.current_players[0] if power.current_players else None


@dataclass(frozen=True, slots=True)
class _Locking:
    """The statements reading a game with its powers (and what ``below`` adds under each
    power). Built once, with bind parameters: every sign-on runs them.

    On SQLite one join, ``joined`` (BEGIN IMMEDIATE: nothing else writes until this
    transaction ends). On PostgreSQL ``lock`` first reads and locks the game's row
    (``FOR UPDATE``: once the lock is had, the row as the transaction that held it left
    it), then ``powers`` reads its powers by the game's id: a statement that waited for
    the lock still reads every row it joins as they were when it began, before the
    transaction holding the lock committed (a phase just processed, a player just
    replaced), while a statement sent once the lock is held reads them as they are. (A
    ``selectinload`` did the second read before, and built its statement and cache key
    anew for every game read; and the game's columns are not repeated in every power's
    row, as in the join, where its two JSON columns were decoded once a power.)"""

    joined: Select[Game]
    lock: Select[Game]
    powers: Select[Power]
    # A sign-on's read on PostgreSQL: ``lock_id`` locks the game's row and reads only its
    # id (a Core statement: no ORM object to load), then ``with_phase`` reads the powers
    # with, joined to the first power's row only, the game itself and the phase being
    # played (``current_record``), all sent once the lock is held: a sign-on followed by
    # orders reads its phase with no statement of its own.
    lock_id: Select[Any] | None = None
    with_phase: Select[Any] | None = None


def _locking(where: ColumnElement[bool], *below: _AbstractLoad,
             with_phase: bool = False) -> _Locking:
    game = select(Game).where(where).execution_options(populate_existing=True)
    powers = select(Power).where(Power.game_id == bindparam("locked_id")).order_by(Power.name)
    # the game and the phase are joined to the first power's row only (their columns,
    # JSON among them, are not repeated on every power's row)
    phases, others = aliased(PhaseRecord), aliased(Power)
    current = (select(phases.id)
               .where(phases.game_id == bindparam("locked_id"), phases.rolled_back.is_(False))
               .order_by(phases.seq.desc()).limit(1).scalar_subquery())
    first = Power.name == (select(func.min(others.name))
                           .where(others.game_id == bindparam("locked_id")).scalar_subquery())
    return _Locking(
        joined=game.options(joinedload(Game.powers).options(*below)),
        lock=game.with_for_update(of=Game),
        powers=powers.options(*below).execution_options(populate_existing=True),
        lock_id=select(_GAMES.c.id).where(where).with_for_update() if with_phase else None,
        with_phase=powers.add_columns(PhaseRecord, Game).select_from(Power)
        .outerjoin(PhaseRecord, and_(PhaseRecord.id == current, first))
        .outerjoin(Game, and_(Game.id == Power.game_id, first))
        .options(*below).execution_options(populate_existing=True) if with_phase else None,
    )


_GAMES = cast(Table, Game.__table__)


_LOCK_BY_ID = _locking(Game.id == bindparam("id"))
_LOCK_BY_NAME = _locking(Game.name == bindparam("name"), joinedload(Power.current_players),
                         with_phase=True)


def _read_locked(session: Session, stmts: _Locking,
                 params: dict[str, object]) -> Game | None:
    if session.get_bind().dialect.name == "postgresql":
        if stmts.with_phase is not None and stmts.lock_id is not None:
            game = _read_signed_on(session, stmts.lock_id, stmts.with_phase, params)
            if game is None:
                return None
        else:
            game = session.scalar(stmts.lock, params)
            if game is None:
                return None
            powers = session.scalars(stmts.powers, {"locked_id": game.id}).unique().all()
            set_committed_value(game, "powers", list(powers))
    else:
        game = session.scalars(stmts.joined, params).unique().first()
    if game is not None:
        session.info.setdefault(_LOCKED, {})[game.id] = _transaction(session)
    return game


def _read_signed_on(session: Session, lock_id: Select[Any],
                    with_phase: Select[Any],
                    params: dict[str, object]) -> Game | None:
    if session.autoflush:
        session.flush()  # what the ORM read this replaces would have written first
    game_id: int | None = session.connection().execute(lock_id, params).scalar()
    if game_id is None:
        return None
    rows = session.execute(with_phase, {"locked_id": game_id}).unique().all()
    game: Game | None
    if not rows:  # a game without powers: nothing to join its row to
        game = session.get(Game, game_id, populate_existing=True)
    else:
        game = rows[0][2]
        _remember_phase(session, game_id, rows[0][1])  # None: no phase being played
    assert game is not None  # its row is locked: it cannot have gone
    powers: list[Power] = [row[0] for row in rows]
    set_committed_value(game, "powers", powers)
    return game


_LOCKED = "judge.locked_games"  # session.info: game id -> the transaction that locked it


def _locked_here(session: Session, game_id: int) -> bool:
    """Whether this transaction, or the one a savepoint of it runs in, has read and locked
    the game already (a lock taken in a savepoint is forgotten when the savepoint ends: if
    rolled back, the lock may have gone with it)."""
    return _in_force(session, session.info.get(_LOCKED, {}).get(game_id))


def _in_force(session: Session, taken: SessionTransaction | None) -> bool:
    """Whether what was read in transaction ``taken`` still holds: ``taken`` is the
    session's transaction or one that its savepoints run in, and still active."""
    transaction = _transaction(session)
    while transaction is not None:
        if transaction is taken:
            return transaction.is_active
        transaction = transaction.parent
    return False


def _transaction(session: Session) -> SessionTransaction | None:
    return session.get_nested_transaction() or session.get_transaction()


def power_of(game: Game, name: str) -> Power | None:
    return next((p for p in game.powers if p.name == name), None)


def player_of(session: Session, power: Power) -> Player | None:
    """The power's current player (None when open or in civil disorder)."""
    return session.scalar(_PLAYER_OF, {"power_id": power.id})


_PLAYER_OF = select(Player).where(Player.power_id == bindparam("power_id"),
                                  Player.left_at.is_(None))


def members(session: Session, game: Game) -> Sequence[Player]:
    """Current players and observers of a game.

    Read once per transaction: processing a phase asks for them eight times. The list is
    forgotten as soon as a player is added, changed or removed in the session (flushed or
    not), and does not outlive the transaction (or a savepoint) it was read in."""
    memo = session.info.get(_MEMBERS)
    if (memo is not None and game.id in memo and _in_force(session, memo[game.id][0])
            and not _players_pending(session)):
        return list(memo[game.id][1])
    rows = session.scalars(
        select(Player)
        .where(Player.game_id == game.id, Player.left_at.is_(None))
        .order_by(Player.id)
    ).all()
    session.info.setdefault(_MEMBERS, {})[game.id] = (_transaction(session), rows)
    return list(rows)


_MEMBERS = "judge.members"  # session.info: game id -> (transaction, its current members)


def _players_pending(session: Session) -> bool:
    return any(isinstance(o, Player) for o in (*session.new, *session.dirty, *session.deleted))


@event.listens_for(Session, "after_flush")
def _forget_members(session: Session, _context: object) -> None:
    """A flush that writes a player makes every remembered member list stale."""
    if session.info.get(_MEMBERS) and _players_pending(session):
        del session.info[_MEMBERS]


def observers(session: Session, game: Game) -> Sequence[Player]:
    return [p for p in members(session, game) if p.role == Role.OBSERVER]


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
        if (_in_force(session, taken)
                and not (session.new or session.dirty or session.deleted)):
            return record
        del memo[game.id]
    return session.scalar(_CURRENT_RECORD, {"game_id": game.id})


_PHASES = "judge.current_phases"  # session.info: game id -> (transaction, its current phase)


def _remember_phase(session: Session, game_id: int, record: PhaseRecord | None) -> None:
    session.info.setdefault(_PHASES, {})[game_id] = (_transaction(session), record)


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


def current_submission(
    session: Session, record: PhaseRecord, power: str, kind: str
) -> Submission | None:
    """The version in force of a power's orders or offers for a phase."""
    return session.scalar(
        select(Submission)
        .where(
            Submission.phase_id == record.id, Submission.power == power, Submission.kind == kind
        )
        .order_by(Submission.version.desc())
        .limit(1)
    )


def submit(
    session: Session,
    record: PhaseRecord,
    power: str,
    kind: str,
    lines: Sequence[SubmittedLine],
    player: Player | None,
    now: datetime,
) -> None:
    """Add a new version (an empty one clears); earlier versions stay for the record.

    One statement: the version is numbered by the insert itself (the highest so far plus
    one), where reading the version in force first took two. Callers hold the game's lock
    (``lock_game``), as the phase processor does, so no other version is numbered at the
    same time; the unique constraint would refuse a second one anyway."""
    session.flush()  # whatever the session holds (a new player) is written first
    session.info.pop(_SUBMITTED, None)  # what was read in force is no longer
    session.connection().execute(_SUBMIT, {
        "game_id": record.game_id, "phase_id": record.id, "power": power, "kind": kind,
        "lines": [{"line": x.line, "text": x.text, "canonical": x.canonical} for x in lines],
        "player_id": player.id if player else None, "submitted_at": now,
    })


# Built once (every order mail runs it): a Core statement on the table, no ORM flush.
_SUBMISSIONS = cast(Table, Submission.__table__)
_SUBMIT = insert(_SUBMISSIONS).values(
    game_id=bindparam("game_id"), phase_id=bindparam("phase_id"), power=bindparam("power"),
    kind=bindparam("kind"), lines=bindparam("lines", type_=_SUBMISSIONS.c.lines.type),
    player_id=bindparam("player_id"), submitted_at=bindparam("submitted_at"),
    version=select(func.coalesce(func.max(_SUBMISSIONS.c.version), 0) + 1)
    .where(_SUBMISSIONS.c.phase_id == bindparam("phase_id"),
           _SUBMISSIONS.c.power == bindparam("power"),
           _SUBMISSIONS.c.kind == bindparam("kind"))
    .scalar_subquery(),
).inline()  # nothing is read back: no RETURNING


def submitted_lines(submission: Submission | None) -> tuple[SubmittedLine, ...]:
    if submission is None:
        return ()
    return tuple(SubmittedLine(d["line"], d["text"], d["canonical"]) for d in submission.lines)


def submissions_in_force(
    session: Session, record: PhaseRecord, kind: str
) -> Mapping[str, tuple[SubmittedLine, ...]]:
    """Each power's lines in force for a phase (powers that never submitted left out)."""
    return {power: tuple(SubmittedLine(d["line"], d["text"], d["canonical"]) for d in lines)
            for power, lines in _versions_in_force(session, record, kind)}


def canonical_in_force(session: Session, record: PhaseRecord,
                       kind: str) -> dict[str, tuple[str, ...]]:
    """``submissions_in_force``'s lines as the judge understood them, and only those
    (what the phase is played from): no ``SubmittedLine`` made for each."""
    return {power: tuple(d["canonical"] for d in lines)
            for power, lines in _versions_in_force(session, record, kind)}


def _versions_in_force(session: Session, record: PhaseRecord,
                       kind: str) -> Sequence[tuple[str, list[dict[str, Any]]]]:
    """Each power's version in force (its highest), by power: only that version's lines
    read and decoded, by a Core statement (no ORM row for each version).

    Read once per transaction: the processor asks whether every power has acted, then
    plays the phase from the same sheets. ``submit`` (the only writer) forgets what was
    read, and it does not outlive the transaction (or savepoint) it was read in. The
    lines are shared: callers only read them."""
    memo = session.info.setdefault(_SUBMITTED, {})
    key = (record.id, kind)
    if key in memo and _in_force(session, memo[key][0]):
        return cast(Sequence[tuple[str, list[dict[str, Any]]]], memo[key][1])
    session.flush()  # what the session holds unwritten, as the ORM's autoflush did
    rows = session.connection().execute(_IN_FORCE, {"phase_id": record.id, "kind": kind}).all()
    memo[key] = (_transaction(session), rows)
    return cast(Sequence[tuple[str, list[dict[str, Any]]]], rows)


_SUBMITTED = "judge.submitted"  # session.info: (phase id, kind) -> (transaction, rows)


_LATER = _SUBMISSIONS.alias("later")
_IN_FORCE = (
    select(_SUBMISSIONS.c.power, _SUBMISSIONS.c.lines)
    .where(_SUBMISSIONS.c.phase_id == bindparam("phase_id"),
           _SUBMISSIONS.c.kind == bindparam("kind"),
           _SUBMISSIONS.c.version == select(func.max(_LATER.c.version))
           .where(_LATER.c.phase_id == _SUBMISSIONS.c.phase_id,
                  _LATER.c.power == _SUBMISSIONS.c.power,
                  _LATER.c.kind == _SUBMISSIONS.c.kind)
           .scalar_subquery())
    .order_by(_SUBMISSIONS.c.power)
)


def add_press(
    session: Session,
    game: Game,
    sender: str,
    recipients: Sequence[str],
    broadcast: bool,
    body: str,
    now: datetime,
) -> PressMessage:
    press = PressMessage(
        game_id=game.id,
        phase=game.phase,
        sender=sender,
        recipients=list(recipients),
        broadcast=broadcast,
        body=body,
        sent_at=now,
    )
    session.add(press)
    return press


def post_many(session: Session, game: Game, changes: Iterable[tuple[Power, int]], kind: str,
              now: datetime) -> None:
    """``post`` for several accounts at once (each ``(power, amount)``, in order): the
    balances change as ``post`` changes them, and the ledger rows are written by one Core
    insert (no ORM object, nothing returned), where the ORM wrote each with its own
    ``INSERT ... RETURNING``. Ledger rows are only ever written so (``post`` too), so
    they keep the order in which they were posted."""
    rows = [_ledger_row(session, game, power, amount, kind, now, None) for power, amount in changes]
    if rows:
        session.connection().execute(_POST, rows)


def post(
    session: Session,
    game: Game,
    power: Power,
    amount: int,
    kind: str,
    now: datetime,
    counterparty: str | None = None,
) -> None:
    """Move money in or out of a power's account; a balance never goes below zero."""
    session.connection().execute(_POST, _ledger_row(session, game, power, amount, kind,
                                                    now, counterparty))


def _ledger_row(session: Session, game: Game, power: Power, amount: int, kind: str, now: datetime,
                counterparty: str | None) -> dict[str, object]:
    """Change the power's balance and give its ledger row's values (``post``)."""
    if power.balance + amount < 0:
        raise ValueError(f"{power.name} has {power.balance} AgP; cannot take {-amount}")
    if game.id is None:  # a game not yet written: its row first (the ledger refers to it)
        session.flush()
    power.balance += amount
    return {"game_id": game.id, "phase": game.phase, "power": power.name, "amount": amount,
            "kind": kind, "counterparty": counterparty, "balance_after": power.balance,
            "at": now}


_POST = insert(cast(Table, LedgerEntry.__table__)).inline()  # built once; no RETURNING
